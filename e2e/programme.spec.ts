import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { activityViaApi, bearer, experienceViaApi, firstDay, joinViaApi, registerViaApi, signInAs } from "./support";

// A programme per guest (docs/programme.md): sign-up activities with places and a waitlist, and My agenda.

/** Opens the activity's details from the itinerary (on a phone: the day, then the activity). */
async function openActivity(page: Page, name: string) {
  await page.getByRole("region", { name: "Days" }).getByRole("button").first().click();
  await page
    .getByRole("region", { name: "Activities" })
    .getByRole("button", { name: new RegExp(name) })
    .click();
  return page.getByRole("region", { name: "Activity details" });
}

test.describe("sign-up activities", () => {
  test("a guest takes the last place on a phone, a second waits and is given it live when the first leaves; My agenda follows", async ({
    page,
    browser,
    request,
  }) => {
    const [owner, first, second] = await Promise.all([
      registerViaApi(request, "Olga", "Owner"),
      registerViaApi(request, "Fay", "First"),
      registerViaApi(request, "Sid", "Second"),
    ]);
    const eventId = await experienceViaApi(request, owner, { name: "Workshop Days" });
    const day = await firstDay(request, eventId);
    await activityViaApi(request, owner, eventId, day, { name: "Breakfast", description: "For everyone.", start: "08:00", end: "09:00" });
    const workshopId = await activityViaApi(request, owner, eventId, day, {
      name: "Pottery workshop",
      description: "One wheel.",
      start: "10:00",
      end: "12:00",
    });
    const edited = await request.put(`/api/events/${eventId}/programs/${day.id}/activity/${workshopId}`, {
      data: { attendance: "SIGNUP", capacity: 1 },
      headers: bearer(owner),
    });
    expect(edited.ok(), await edited.text()).toBe(true);
    await Promise.all([joinViaApi(request, eventId, first), joinViaApi(request, eventId, second)]);

    await page.setViewportSize({ width: 360, height: 740 });
    await signInAs(page, first, `/experiences/${eventId}/itinerary`);
    const firstDetails = await openActivity(page, "Pottery workshop");
    await expect(firstDetails).toContainText("1 of 1 place left");
    await firstDetails.getByRole("button", { name: "Sign up", exact: true }).click();
    await expect(firstDetails).toContainText("You're signed up");

    const other = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const secondPage = await other.newPage();
    await signInAs(secondPage, second, `/experiences/${eventId}/itinerary`);
    const secondDetails = await openActivity(secondPage, "Pottery workshop");
    await expect(secondDetails).toContainText("Full — join the waitlist");
    await secondDetails.getByRole("button", { name: "Join the waitlist" }).click();
    await expect(secondDetails).toContainText("You're #1 on the waitlist");

    // Fay leaves: the place goes to Sid at once, and his open page says so without a reload.
    await firstDetails.getByRole("button", { name: "Leave", exact: true }).click();
    await expect(firstDetails).toContainText("Full — join the waitlist");
    await expect(secondDetails).toContainText("You're signed up");
    await expect(secondDetails.getByRole("button", { name: "Leave", exact: true })).toBeVisible();

    // Sid's agenda holds breakfast and the workshop; Fay's holds breakfast alone.
    await secondPage.getByRole("button", { name: "My agenda" }).click();
    const sidAgenda = secondPage.getByRole("region", { name: "Activities" });
    await expect(sidAgenda).toContainText("Breakfast");
    await expect(sidAgenda).toContainText("Pottery workshop");
    await page.reload();
    await page.getByRole("button", { name: "My agenda" }).click();
    await page.getByRole("region", { name: "Days" }).getByRole("button").first().click();
    const fayAgenda = page.getByRole("region", { name: "Activities" });
    await expect(fayAgenda).toContainText("Breakfast");
    await expect(fayAgenda).not.toContainText("Pottery workshop");
    await other.close();
  });

  test("an organiser puts a guest in the VIP group from Attendees; the VIP-only dinner shows to her and to no other guest", async ({
    page,
    browser,
    request,
  }) => {
    const [owner, vera, paul] = await Promise.all([
      registerViaApi(request, "Olga", "Owner"),
      registerViaApi(request, "Vera", "Vip"),
      registerViaApi(request, "Paul", "Plain"),
    ]);
    const eventId = await experienceViaApi(request, owner, { name: "Incentive Trip" });
    const day = await firstDay(request, eventId);
    await activityViaApi(request, owner, eventId, day, { name: "Harbour walk", description: "Everyone.", start: "10:00", end: "11:00" });
    const dinnerId = await activityViaApi(request, owner, eventId, day, {
      name: "VIP dinner",
      description: "Private.",
      start: "20:00",
      end: "22:00",
    });
    const limited = await request.put(`/api/events/${eventId}/programs/${day.id}/activity/${dinnerId}`, {
      data: { groups: ["VIP"] },
      headers: bearer(owner),
    });
    expect(limited.ok(), await limited.text()).toBe(true);
    await Promise.all([joinViaApi(request, eventId, vera), joinViaApi(request, eventId, paul)]);

    await signInAs(page, owner, `/manage/experiences/upcoming/${eventId}/attendees`);
    await page
      .getByRole("tablist", { name: "Attendee groups" })
      .getByRole("tab", { name: /^Attending/ })
      .click();
    await page.getByRole("list", { name: "Attendees" }).getByRole("checkbox", { name: "Select Vera Vip" }).check();
    await page.getByRole("button", { name: "Actions" }).click();
    await page.getByRole("menu", { name: "Actions" }).getByRole("menuitem", { name: "Attendee group…" }).click();
    const dialog = page.getByRole("dialog", { name: "Attendee group" });
    await dialog.getByLabel("Group").fill("VIP");
    await expectAccessible(page, "the attendee group dialog");
    await dialog.getByRole("button", { name: "Add to group" }).click();
    await expect(page.getByText("Added to VIP")).toBeVisible();

    const guests = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const veraPage = await guests.newPage();
    await signInAs(veraPage, vera, `/experiences/${eventId}/itinerary`);
    await veraPage.getByRole("region", { name: "Days" }).getByRole("button").first().click();
    await expect(veraPage.getByRole("region", { name: "Activities" })).toContainText("VIP dinner");

    const paulContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const paulPage = await paulContext.newPage();
    await signInAs(paulPage, paul, `/experiences/${eventId}/itinerary`);
    await paulPage.getByRole("region", { name: "Days" }).getByRole("button").first().click();
    const paulActivities = paulPage.getByRole("region", { name: "Activities" });
    await expect(paulActivities).toContainText("Harbour walk");
    await expect(paulActivities).not.toContainText("VIP dinner");
    expect(await (await request.get(`/oapi/itinerary/${eventId}`)).text()).not.toContain("VIP dinner");
    await Promise.all([guests.close(), paulContext.close()]);
  });

  test("an organiser gives someone waiting a place, takes another off and adds a guest from the activity's Sign-ups", async ({
    page,
    request,
  }) => {
    const [owner, ana, ben, cara] = await Promise.all([
      registerViaApi(request, "Olga", "Owner"),
      registerViaApi(request, "Ana", "First"),
      registerViaApi(request, "Ben", "Second"),
      registerViaApi(request, "Cara", "Third"),
    ]);
    const eventId = await experienceViaApi(request, owner, { name: "Workshop Days" });
    const day = await firstDay(request, eventId);
    const workshopId = await activityViaApi(request, owner, eventId, day, {
      name: "Pottery workshop",
      description: "One wheel.",
      start: "10:00",
      end: "12:00",
    });
    const path = `/api/events/${eventId}/programs/${day.id}/activity/${workshopId}`;
    expect((await request.put(path, { data: { attendance: "SIGNUP", capacity: 1 }, headers: bearer(owner) })).ok()).toBe(true);
    await Promise.all([ana, ben, cara].map((guest) => joinViaApi(request, eventId, guest)));
    for (const guest of [ana, ben]) expect((await request.post(`${path}/signup`, { headers: bearer(guest) })).ok()).toBe(true);

    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs(page, owner, `/manage/experiences/upcoming/${eventId}/itinerary`);
    const details = await openActivity(page, "Pottery workshop");
    await details.getByRole("button", { name: "Sign-ups", exact: true }).click();
    const panel = page.getByRole("dialog", { name: "Sign-ups: Pottery workshop" });
    await expect(panel.getByRole("list", { name: "Waitlist" })).toContainText("Ben Second");
    await panel.getByRole("button", { name: "Give a place to Ben Second" }).click();
    await expect(panel.getByRole("list", { name: "Going" })).toContainText("Ben Second");
    await panel.getByRole("button", { name: "Remove Ana First" }).click();
    await expect(panel.getByRole("list", { name: "Going" })).not.toContainText("Ana First");
    await panel.getByRole("searchbox", { name: "Add a guest" }).fill("Cara");
    await panel.getByRole("button", { name: "Add Cara Third" }).click();
    await expect(panel.getByRole("list", { name: "Waitlist" })).toContainText("Cara Third");
    await expectAccessible(page, "the activity's Sign-ups");
  });
});
