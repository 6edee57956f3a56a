import { readFile } from "node:fs/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import ICAL from "ical.js";
import { expect, expectAccessible, test } from "./fixtures";
import { bearer, registerViaApi, shot, signInAs, type Account } from "./support";

// Issue 20, end to end: experiences in Lisbon and New York read by a browser in Los Angeles and by one in Tokyo. The
// page shows the venue's times with their labels; 'Your time' shows the reader's with day shifts and the same days;
// the editor takes times on the experience's clock whatever the browser's; the calendar files hold the API's instants.

const DESKTOP = { width: 1280, height: 900 };
const DAY_MS = 86_400_000;

/** The next January 12 at least three days away: a winter day (Lisbon on UTC, New York 5 hours behind) within a year. */
function nextJanuary12(): string {
  const year = new Date().getUTCFullYear();
  return Date.UTC(year, 0, 12) > Date.now() + 3 * DAY_MS ? `${year}-01-12` : `${year + 1}-01-12`;
}
const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

interface Itinerary {
  programs: { id: string; date: string; activities: { id: string; name: string; startDateTime: string; endDateTime: string }[] }[];
}
const itineraryOf = async (request: APIRequestContext, eventId: string) =>
  (await (await request.get(`/oapi/itinerary/${eventId}`)).json()) as Itinerary;

/** A two-day experience from `first` in `zone`, created as the New Experience form sends it: local dates and the zone. */
async function zonedExperience(request: APIRequestContext, owner: Account, name: string, zone: string, first: string) {
  const form = {
    name,
    startIsoTime: first,
    endIsoTime: dayAfter(dayAfter(first)),
    timeZone: zone,
    privacy: "PUBLIC",
    rsvpType: "OPEN",
    isAIMode: "false",
  };
  const response = await request.post("/api/events", { multipart: form, headers: bearer(owner) });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { id: string }).id;
}

/** An activity on the first day, its times as the editor sends them: local date-times read on the experience's clock. */
async function localActivity(request: APIRequestContext, owner: Account, eventId: string, name: string, start: string, end: string) {
  const day = (await itineraryOf(request, eventId)).programs[0]!;
  const response = await request.post(`/api/events/${eventId}/programs/${day.id}/activity`, {
    multipart: { name, description: `${name}, all together`, startIsoTime: `${day.date}T${start}`, endIsoTime: `${day.date}T${end}` },
    headers: bearer(owner),
  });
  expect(response.ok()).toBe(true);
}

/** Each VEVENT of a calendar file as ical.js reads it: its summary and its start and end instants. */
function calendarEvents(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar
    .getAllSubcomponents("vevent")
    .map((component) => new ICAL.Event(component))
    .map((event) => ({ name: event.summary, start: event.startDate.toJSDate().toISOString(), end: event.endDate.toJSDate().toISOString() }))
    .sort((a, b) => a.start.localeCompare(b.start));
}

const activitiesPane = (page: Page) => page.getByRole("region", { name: "Activities" });
const activity = (page: Page, name: string) => activitiesPane(page).getByRole("button", { name: new RegExp(name) });

interface Reader {
  zone: string;
  city: string;
  /** The Lisbon activities (06:00, 09:00 and 20:00 WET) on the reader's clock. */
  lisbon: [string, string, string];
  /** New York's 09:00–10:00 EST on the reader's clock. */
  newYork: string;
}

const readers: Reader[] = [
  {
    zone: "America/Los_Angeles",
    city: "Los Angeles",
    lisbon: ["10:00 PM – 11:00 PM PST −1 day", "01:00 AM – 02:30 AM PST", "12:00 PM – 02:00 PM PST"],
    newYork: "06:00 AM – 07:00 AM PST",
  },
  {
    zone: "Asia/Tokyo",
    city: "Tokyo",
    lisbon: ["03:00 PM – 04:00 PM Tokyo time", "06:00 PM – 07:30 PM Tokyo time", "05:00 AM – 07:00 AM Tokyo time +1 day"],
    newYork: "11:00 PM Tokyo time – 12:00 AM Tokyo time +1 day",
  },
];

for (const reader of readers) {
  test.describe(`a browser in ${reader.zone}`, () => {
    test.use({ timezoneId: reader.zone, viewport: DESKTOP });

    test("reads a Lisbon itinerary on Lisbon's clock with its labels, and with 'Your time' on its own, the days unchanged", async ({
      page,
      request,
    }) => {
      const owner = await registerViaApi(request, "Lia", "Host");
      const eventId = await zonedExperience(request, owner, "Lisbon Tiles", "Europe/Lisbon", nextJanuary12());
      await localActivity(request, owner, eventId, "Early market", "06:00", "07:00");
      await localActivity(request, owner, eventId, "Tile museum", "09:00", "10:30");
      await localActivity(request, owner, eventId, "Fado dinner", "20:00", "22:00");

      await page.goto(`/itinerary/${eventId}`);
      await page.getByRole("button", { name: "By day" }).click();
      await expect(activity(page, "Early market")).toContainText("06:00 AM – 07:00 AM Lisbon time");
      await expect(activity(page, "Tile museum")).toContainText("09:00 AM – 10:30 AM Lisbon time");
      await expect(activity(page, "Fado dinner")).toContainText("08:00 PM – 10:00 PM Lisbon time");
      const days = page.getByRole("region", { name: "Days" }).getByRole("listitem");
      await expect(days).toHaveCount(2);
      const dayNames = await days.allTextContents();

      const toggle = page.getByRole("group", { name: "Show times in" });
      await expect(toggle.getByRole("radio", { name: "Lisbon time" })).toBeChecked();
      await toggle.getByText(`Your time (${reader.city})`).click();
      await expect(toggle.getByRole("radio", { name: `Your time (${reader.city})` })).toBeChecked();
      await expect(activity(page, "Early market")).toContainText(reader.lisbon[0]);
      await expect(activity(page, "Tile museum")).toContainText(reader.lisbon[1]);
      await expect(activity(page, "Fado dinner")).toContainText(reader.lisbon[2]);
      expect(await days.allTextContents()).toEqual(dayNames);
      await expectAccessible(page, `the share page in ${reader.city}, on the reader's clock`);
      await shot(page, `time-zones-${reader.city.replace(" ", "-").toLowerCase()}`, { fullPage: true });

      // The browser remembers the choice.
      await page.reload();
      await page.getByRole("button", { name: "By day" }).click();
      await expect(activity(page, "Tile museum")).toContainText(reader.lisbon[1]);
      await page.getByRole("group", { name: "Show times in" }).getByText("Lisbon time").click();
      await expect(activity(page, "Tile museum")).toContainText("09:00 AM – 10:30 AM Lisbon time");

      // A 360 px phone: the whole trip, the toggle beside the layout choice, nothing wider than the screen.
      await page.setViewportSize({ width: 360, height: 780 });
      await page.reload();
      await expect(page.getByRole("article").filter({ hasText: "Tile museum" })).toContainText("09:00 AM Lisbon time");
      await expect(page.getByRole("group", { name: "Show times in" })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await shot(page, `time-zones-${reader.city.replace(" ", "-").toLowerCase()}-360`, { fullPage: true });
    });

    test("takes 09:00 typed in a New York experience as 09:00 in New York (14:00Z in winter), and its calendar file says the same instants", async ({
      page,
      request,
    }) => {
      const owner = await registerViaApi(request, "Nia", "Host");
      const first = nextJanuary12();
      const eventId = await zonedExperience(request, owner, "New York Winter", "America/New_York", first);
      await signInAs(page, owner, `/manage/experiences/upcoming/${eventId}/itinerary`);
      await expect(page.getByRole("heading", { level: 1, name: "New York Winter" })).toBeVisible();

      await page.getByRole("button", { name: "Add Activity" }).first().click();
      const modal = page.getByRole("dialog", { name: "Add New Activity" });
      await expect(modal.getByText("Times in New York time (EST)")).toBeVisible();
      await modal.getByLabel("Name").fill("Gallery opening");
      await modal.getByLabel("Start time").fill("09:00");
      await modal.getByLabel("End time").fill("10:00");
      await modal.getByLabel("Description").fill("Chelsea, all together");
      await expectAccessible(page, "Add New Activity in a New York experience");
      await modal.getByRole("button", { name: "Add Activity" }).click();
      await expect(modal).toHaveCount(0);

      const [answered] = (await itineraryOf(request, eventId)).programs[0]!.activities;
      expect(answered).toMatchObject({ startDateTime: `${first}T14:00:00.000Z`, endDateTime: `${first}T15:00:00.000Z` });
      await expect(activity(page, "Gallery opening")).toContainText("09:00 AM – 10:00 AM EST");
      await page.getByRole("group", { name: "Show times in" }).getByText(`Your time (${reader.city})`).click();
      await expect(activity(page, "Gallery opening")).toContainText(reader.newYork);

      // The editor still shows and takes New York's clock.
      await activity(page, "Gallery opening").click();
      const editor = page.getByRole("article", { name: "Edit Gallery opening" });
      await expect(editor.getByLabel("Start time")).toHaveValue("09:00");
      await editor.getByLabel("End time").fill("11:30");
      await editor.getByLabel("End time").press("Enter");
      await expect(page.getByText("Activity updated successfully")).toBeVisible();
      await shot(page, `time-zones-editor-${reader.city.replace(" ", "-").toLowerCase()}`, { fullPage: true });
      const [edited] = (await itineraryOf(request, eventId)).programs[0]!.activities;
      expect(edited!.endDateTime).toBe(`${first}T16:30:00.000Z`);

      // 'Add to calendar' on the signed-in page: the file holds the instants the API answers.
      await page.goto(`/experiences/${eventId}/itinerary`);
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Add to calendar" }).click()]);
      const events = calendarEvents(await readFile(await download.path(), "utf8"));
      expect(events).toEqual([{ name: "Gallery opening", start: edited!.startDateTime, end: edited!.endDateTime }]);
    });
  });
}

test.describe("one activity's calendar file", () => {
  test("holds that activity alone, at the instants the API answers", async ({ request }) => {
    const owner = await registerViaApi(request, "Ana", "Host");
    const eventId = await zonedExperience(request, owner, "Lisbon Calendar", "Europe/Lisbon", nextJanuary12());
    await localActivity(request, owner, eventId, "Tile museum", "09:00", "10:30");
    await localActivity(request, owner, eventId, "Fado dinner", "20:00", "22:00");
    const [museum] = (await itineraryOf(request, eventId)).programs[0]!.activities.filter((a) => a.name === "Tile museum");
    const response = await request.get(`/oapi/itinerary/${eventId}/activities/${museum!.id}/calendar.ics`);
    expect(response.ok()).toBe(true);
    expect(calendarEvents(await response.text())).toEqual([
      { name: "Tile museum", start: museum!.startDateTime, end: museum!.endDateTime },
    ]);
  });

  test("is linked from the activity's details on the share page", async ({ page, request }) => {
    const owner = await registerViaApi(request, "Rita", "Host");
    const eventId = await zonedExperience(request, owner, "Lisbon Links", "Europe/Lisbon", nextJanuary12());
    await localActivity(request, owner, eventId, "Tile museum", "09:00", "10:30");
    const [museum] = (await itineraryOf(request, eventId)).programs[0]!.activities;
    await page.setViewportSize(DESKTOP);
    await page.goto(`/itinerary/${eventId}`);
    await page.getByRole("button", { name: "By day" }).click();
    await activity(page, "Tile museum").click();
    const details = page.getByRole("region", { name: "Activity details" });
    await expect(details.getByRole("link", { name: "Add to calendar" })).toHaveAttribute(
      "href",
      `/oapi/itinerary/${eventId}/activities/${museum!.id}/calendar.ics`,
    );
  });
});

test.describe("moving an experience to another zone", () => {
  test("the owner moves a Lisbon experience to New York keeping the times: 09:00 stays 09:00, now New York's, and the API's instant moves", async ({
    page,
    request,
  }) => {
    const owner = await registerViaApi(request, "Rui", "Host");
    const eventId = await zonedExperience(request, owner, "Lisbon to New York", "Europe/Lisbon", nextJanuary12());
    await localActivity(request, owner, eventId, "Tile museum", "09:00", "10:30");
    const before = (await itineraryOf(request, eventId)).programs[0]!.activities[0]!;

    await page.setViewportSize(DESKTOP);
    await signInAs(page, owner, `/manage/experiences/upcoming/${eventId}/itinerary`);
    await page.getByRole("button", { name: "Settings" }).click();
    const settings = page.getByRole("dialog", { name: "Experience Settings" });
    await settings.getByLabel("Time zone").fill("America/New_York");
    await settings.getByLabel("Time zone").press("Enter");
    const dialog = page.getByRole("dialog", { name: "Change the time zone" });
    await expect(dialog.getByRole("radio", { name: /Keep the times/ })).toBeChecked();
    await expectAccessible(page, "the time zone change dialog");
    await dialog.getByRole("button", { name: "Move to New York" }).click();
    await expect(dialog).toHaveCount(0);

    const after = (await itineraryOf(request, eventId)).programs[0]!.activities[0]!;
    expect(Date.parse(after.startDateTime) - Date.parse(before.startDateTime)).toBe(5 * 3_600_000);
    await page.keyboard.press("Escape");
    await expect(activitiesPane(page)).toContainText("09:00 AM – 10:30 AM EST");
  });
});
