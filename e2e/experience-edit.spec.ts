import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { bearer, experienceViaApi, isoDate, joinViaApi, registerViaApi, shot, signInAs, type Account } from "./support";

interface Day {
  id: string;
  date: string;
  activities: { name: string; startDateTime: string }[];
}

const eventOf = async (request: APIRequestContext, owner: Account, eventId: string) =>
  (await (await request.get(`/api/events/${eventId}`, { headers: bearer(owner) })).json()) as {
    startTime: string;
    subtitle: string;
    programs: Day[];
  };

/** An activity on the given day, 20:00–22:00, through the API. */
async function activityViaApi(request: APIRequestContext, owner: Account, eventId: string, day: Day, name: string) {
  const response = await request.post(`/api/events/${eventId}/programs/${day.id}/activity`, {
    multipart: { name, description: "Grilled fish", startIsoTime: `${day.date}T20:00:00.000Z`, endIsoTime: `${day.date}T22:00:00.000Z` },
    headers: bearer(owner),
  });
  expect(response.status()).toBe(201);
}

/** A date as Chromium's date field takes it from the keyboard in en-US: month, day, year. */
const typed = (iso: string) => `${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(0, 4)}`;

async function openSettings(page: Page) {
  await page.getByRole("button", { name: "Settings" }).click();
  return page.getByRole("dialog", { name: "Experience Settings" });
}

test.describe("editing an experience", () => {
  test("the owner shortens (refused, naming the activity), moves the dates, and edits and clears the subtitle and description", async ({
    page,
    request,
    browser,
  }) => {
    const owner = await registerViaApi(request, "Rita", "Alves");
    const eventId = await experienceViaApi(request, owner, { name: "Algarve Coast", startsIn: 3, days: 3, rsvpType: "OPEN_INVITE" });
    const before = await eventOf(request, owner, eventId);
    await activityViaApi(request, owner, eventId, before.programs[2]!, "Dinner at Ramiro");

    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs(page, owner, `/manage/experiences/upcoming/${eventId}/itinerary`);
    const settings = await openSettings(page);
    await expect(settings.getByRole("radio", { name: "Request to join" })).toBeChecked();
    await expect(settings.getByText("You approve each guest")).toBeVisible();
    await expect(settings.getByRole("radio", { name: "Public" })).toBeChecked();
    await expect(settings).not.toContainText(/OPEN_INVITE|INVITE_ONLY|PUBLIC|PRIVATE/);
    await expectAccessible(page, "the Experience Settings dialog");

    await settings.getByLabel("End date").fill(isoDate(4));
    await settings.getByRole("button", { name: "Save details" }).click();
    await expect(settings.getByRole("alert")).toHaveText(
      "'Dinner at Ramiro' (Day 3) would fall outside the new dates. Move or delete it first.",
    );
    await expectAccessible(page, "settings with a refused date change");
    await shot(page, "experience-edit-refused-1280");

    // Back to three days, then moved a week later: the end moves along and the dinner keeps its day and time.
    await settings.getByLabel("End date").fill(isoDate(5));
    await settings.getByLabel("Start date").fill(isoDate(10));
    await expect(settings.getByLabel("End date")).toHaveValue(isoDate(12));
    await settings.getByLabel("Subtitle (optional)").fill("Three days by the sea");
    await settings.getByLabel("Description (optional)").fill("Cliffs, caves and grilled fish.");
    await settings.getByRole("button", { name: "Save details" }).click();
    await expect(page.getByText("Event updated successfully.")).toBeVisible();
    const header = page.locator("main header").first();
    await expect(header).toContainText("Three days by the sea");
    await expect(header).toContainText("Cliffs, caves and grilled fish.");
    await expectAccessible(page, "the settings over a header with a subtitle and description");
    const moved = await eventOf(request, owner, eventId);
    expect(moved.programs.map((d) => d.date)).toEqual([isoDate(10), isoDate(11), isoDate(12)]);
    expect(moved.programs[2]!.activities.map((a) => [a.name, a.startDateTime])).toEqual([
      ["Dinner at Ramiro", `${isoDate(12)}T20:00:00.000Z`],
    ]);

    await settings.getByLabel("Subtitle (optional)").fill("");
    await settings.getByLabel("Description (optional)").fill("");
    await settings.getByRole("button", { name: "Save details" }).click();
    await expect(header).not.toContainText("Three days by the sea");
    await expect(header).not.toContainText("Cliffs, caves");
    expect((await eventOf(request, owner, eventId)).subtitle).toBe("");
    await shot(page, "experience-edit-settings-1280");

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const mobile = await phone.newPage();
    await signInAs(mobile, owner, `/manage/experiences/upcoming/${eventId}/itinerary`);
    const phoneSettings = await openSettings(mobile);
    await expect(phoneSettings.getByLabel("Start date")).toHaveValue(isoDate(10));
    await expectAccessible(mobile, "the Experience Settings on a phone");
    await shot(mobile, "experience-edit-settings-390");
    await phone.close();
  });

  test("a typed clone date is kept; a past one says 'Clone date must be today or later'", async ({ page, request }) => {
    const owner = await registerViaApi(request, "Nuno", "Reis");
    const eventId = await experienceViaApi(request, owner, { name: "Douro Valley", startsIn: 4, days: 2 });
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs(page, owner, `/manage/experiences/upcoming/${eventId}/itinerary`);
    await page.getByRole("button", { name: "Clone" }).click();
    const clone = page.getByRole("dialog", { name: "Clone experience" });
    const start = clone.getByLabel("Start date");
    await expect(start).toBeVisible();
    await expectAccessible(page, "the Clone dialog");

    await start.focus();
    await page.keyboard.type(typed(isoDate(-3)));
    await expect(start).toHaveValue(isoDate(-3));
    await clone.getByRole("button", { name: "Clone" }).click();
    await expect(clone.getByText("Clone date must be today or later")).toBeVisible();
    await expect(start).toBeFocused();
    await expectAccessible(page, "clone dialog with a past date");
    await shot(page, "clone-past-date-1280");

    await start.focus();
    await page.keyboard.press("Home");
    await page.keyboard.type(typed(isoDate(30)));
    await expect(start).toHaveValue(isoDate(30));
    await clone.getByRole("button", { name: "Clone" }).click();
    await expect(page.getByText("Event cloned successfully")).toBeVisible();
    await expect(page).not.toHaveURL(new RegExp(eventId));
    await expect(page.locator("main header").first()).toContainText(/Douro Valley/);
  });

  test("a new user is welcomed, the manage page has an h1 and an empty state that creates, and the first invalid field takes focus on a phone", async ({
    browser,
    request,
  }) => {
    const newcomer = await registerViaApi(request, "Ana", "Lima");
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await phone.newPage();
    await signInAs(page, newcomer, "/");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Ana" })).toBeVisible();
    await expectAccessible(page, "a new user's home on a phone");

    await page.goto("/manage/experiences");
    await expect(page.getByRole("heading", { level: 1, name: "Your experiences" })).toBeVisible();
    await expect(page.getByText("You do not have any ongoing events.")).toBeVisible();
    await expectAccessible(page, "an empty manage page on a phone");
    await shot(page, "manage-empty-390");
    await page.getByRole("button", { name: "Create an experience" }).click();
    const modal = page.getByRole("dialog", { name: "New Experience" });
    await expect(modal.getByRole("radio", { name: "Request to join" })).toBeChecked();
    await expect(modal.getByText("Only people you invite")).toBeVisible();
    await expectAccessible(page, "New Experience on a phone");
    await modal.getByRole("button", { name: "Create" }).click();
    const name = modal.getByLabel("Name");
    await expect(name).toBeFocused();
    await expect(name).toBeInViewport();
    await expect(modal.getByText("Name is required")).toBeInViewport();
    await expectAccessible(page, "New Experience with an empty name");
    await shot(page, "new-experience-first-error-390");
    await phone.close();
  });

  test("the owner's view route is a guest preview with an Edit link; cards show status, days and guests going", async ({
    page,
    request,
    browser,
  }) => {
    const owner = await registerViaApi(request, "Leo", "Marin");
    const guest = await registerViaApi(request, "Mia", "Santos");
    const eventId = await experienceViaApi(request, owner, { name: "Alps Retreat", startsIn: 3, days: 2, rsvpType: "OPEN" });
    await joinViaApi(request, eventId, guest);

    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs(page, owner, "/");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome back, Leo" })).toBeVisible();
    const card = page.getByTestId("event-card");
    await expect(card).toContainText("Upcoming");
    await expect(card).toContainText("2 days · 1 going");
    await expect(card).not.toContainText(/Owner|by Leo/);
    await expectAccessible(page, "the home page with an experience card");

    await page.goto(`/experiences/${eventId}/itinerary`);
    const preview = page.getByRole("region", { name: "Preview" });
    await expect(preview).toContainText("Preview — this is what guests see");
    await expect(page.getByRole("heading", { level: 1, name: "Alps Retreat" })).toBeVisible();
    for (const name of ["Settings", "Share", "Clone", "Cover image", "Add Activity"])
      await expect(page.getByRole("button", { name })).toHaveCount(0);
    await expect(page.getByLabel("Day name")).toHaveCount(0);
    await expectAccessible(page, "the owner's preview");
    await shot(page, "owner-preview-1280");

    await preview.getByRole("link", { name: "Edit" }).click();
    await expect(page).toHaveURL(new RegExp(`/manage/experiences/upcoming/${eventId}/itinerary$`));
    await expect(page.getByRole("button", { name: "Settings" })).toBeVisible();
    await expect(page.getByLabel("Day name").first()).toBeVisible();
    await expectAccessible(page, "the itinerary in manage mode");

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const mobile = await phone.newPage();
    await signInAs(mobile, owner, `/experiences/${eventId}/itinerary`);
    await expect(mobile.getByRole("region", { name: "Preview" }).getByRole("link", { name: "Edit" })).toBeVisible();
    await expectAccessible(mobile, "the owner's preview on a phone");
    await shot(mobile, "owner-preview-390");
    await mobile.goto("/manage/experiences/upcoming");
    await expect(mobile.getByTestId("event-card")).toContainText("1 going");
    await shot(mobile, "manage-cards-390");
    await phone.close();
  });
});
