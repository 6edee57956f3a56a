import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
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
});
