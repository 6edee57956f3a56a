import type { APIRequestContext, Page } from "@playwright/test";
import { pdf } from "./files";
import { expect, expectAccessible, test } from "./fixtures";
import { bearer, experienceViaApi, isoDate, registerViaApi, shot, signInAs, type Account } from "./support";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const TIME_MESSAGE = "Enter a time between 00:00 and 23:59";

/** A three-day experience (starting in 3 days) whose days hold the given activities, each an hour from its HH:mm. */
async function tripViaApi(request: APIRequestContext, owner: Account, name: string, plan: Record<number, [string, string][]>) {
  const id = await experienceViaApi(request, owner, { name, days: 3 });
  const event = await (await request.get(`/api/events/${id}`, { headers: bearer(owner) })).json();
  const days = [...event.programs].sort((a: { dayIndex: number }, b: { dayIndex: number }) => a.dayIndex - b.dayIndex) as { id: string }[];
  for (const [day, activities] of Object.entries(plan)) {
    for (const [activity, at] of activities) {
      const date = isoDate(3 + Number(day));
      const [h, m] = at.split(":").map(Number);
      const end = `${String(h! + 1).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
      const form = {
        name: activity,
        description: `All about ${activity}.`,
        startIsoTime: `${date}T${at}:00.000Z`,
        endIsoTime: `${date}T${end}:00.000Z`,
      };
      const response = await request.post(`/api/events/${id}/programs/${days[Number(day)]!.id}/activity`, {
        multipart: form,
        headers: bearer(owner),
      });
      expect(response.status(), await response.text()).toBe(201);
    }
  }
  return { id, days };
}

/** The bottom edge of whatever sticks to the top of the viewport (the top bar), in viewport pixels. */
const stickyBottom = (page: Page) =>
  page.evaluate(() =>
    Math.max(
      0,
      ...[...document.querySelectorAll<HTMLElement>("body *")]
        .filter((el) => ["sticky", "fixed"].includes(getComputedStyle(el).position))
        .map((el) => el.getBoundingClientRect())
        .filter((box) => box.height > 0 && box.top <= 1 && box.bottom < 200)
        .map((box) => box.bottom),
    ),
  );

const PLAN: Record<number, [string, string][]> = {
  0: [
    ["Harbour breakfast", "08:00"],
    ["Castle walk", "10:00"],
  ],
  1: [["Tram 28", "09:30"]],
  2: [
    ["Sunset cruise", "18:00"],
    ["Fado dinner", "20:30"],
  ],
};

test.describe("the itinerary on a phone", () => {
  test("day → activities → details and Back: each pane comes into view focused, clear of the sticky top bar, and Back refocuses its opener", async ({
    page,
    request,
  }) => {
    const owner = await registerViaApi(request, "Ines", "Duarte");
    const { id } = await tripViaApi(request, owner, "Lisbon Long Weekend", PLAN);
    await page.setViewportSize(PHONE);
    await signInAs(page, owner, `/manage/experiences/upcoming/${id}/itinerary`);

    const days = page.getByRole("region", { name: "Days" });
    const dayThree = days.getByRole("button", { name: /^Day 3 ·/ });
    await dayThree.scrollIntoViewIfNeeded();
    await shot(page, "itinerary-mobile-days-390");
    await dayThree.click();

    const activities = page.getByRole("region", { name: "Activities" });
    const dayHeading = activities.getByRole("heading", { level: 2, name: /^Day 3 ·/ });
    await expect(dayHeading).toBeFocused();
    await expect(dayHeading).toBeInViewport();
    await expect(activities.getByRole("button", { name: /Sunset cruise/ })).toBeInViewport();
    const daysBack = activities.getByRole("button", { name: "Back to days" });
    expect((await daysBack.boundingBox())!.y).toBeGreaterThanOrEqual(await stickyBottom(page));
    await shot(page, "itinerary-mobile-activities-390");
    await expectAccessible(page, "activities pane at 390");

    const opener = activities.getByRole("button", { name: /Fado dinner/ });
    await opener.click();
    const details = page.getByRole("region", { name: "Activity details" });
    await expect(details.getByRole("heading", { level: 2, name: "Day 3 · 08:30 PM" })).toBeFocused();
    await expect(details.getByLabel("Activity name")).toHaveValue("Fado dinner");
    const back = details.getByRole("button", { name: "Back to activities" });
    await expect(back).toBeInViewport();
    expect((await back.boundingBox())!.y).toBeGreaterThanOrEqual(await stickyBottom(page));
    await shot(page, "itinerary-mobile-details-390");
    await expectAccessible(page, "details pane at 390");

    await back.click();
    await expect(opener).toBeFocused();
    await expect(opener).toBeInViewport();
    await daysBack.click();
    await expect(dayThree).toBeFocused();
    await expect(dayThree).toBeInViewport();

    // Touch targets: the day arrows, Copy and Delete are at least 44 px square on a phone.
    await dayThree.click();
    for (const control of [
      activities.getByRole("button", { name: "Previous day" }),
      activities.getByRole("button", { name: "Next day" }),
    ]) {
      const box = (await control.boundingBox())!;
      expect([box.width >= 44, box.height >= 44]).toEqual([true, true]);
    }
    await daysBack.click();
    for (const control of [days.getByRole("button", { name: "Copy Day 1" }), days.getByRole("button", { name: "Delete Day 1" })]) {
      const box = (await control.boundingBox())!;
      expect([box.width >= 44, box.height >= 44]).toEqual([true, true]);
    }

    await page.setViewportSize(DESKTOP);
    await days.getByRole("button", { name: /^Day 3 ·/ }).click();
    await activities.getByRole("button", { name: /Fado dinner/ }).click();
    await shot(page, "itinerary-mobile-flow-1280", { fullPage: true });
  });

  test("the public page shows the whole trip in one scroll on a phone, jumps to a day, and offers the day-by-day panes", async ({
    page,
    request,
  }) => {
    const owner = await registerViaApi(request, "Joao", "Pires");
    const { id } = await tripViaApi(request, owner, "Alentejo Slow Trip", PLAN);
    await page.setViewportSize(PHONE);
    await page.goto(`/itinerary/${id}`);

    await expect(page.getByRole("button", { name: "Whole trip" })).toHaveAttribute("aria-pressed", "true");
    const dayRegions = page.getByRole("region", { name: /^Day \d ·/ });
    await expect(dayRegions).toHaveCount(3);
    for (const [i, activities] of Object.values(PLAN).entries()) {
      const region = dayRegions.nth(i);
      await expect(region.getByRole("heading", { level: 2 })).toContainText(`Day ${i + 1} ·`);
      await expect(region.getByRole("heading", { level: 3 })).toHaveText(activities.map(([name]) => name));
    }
    await expect(dayRegions.nth(2).getByText("All about Fado dinner.")).toBeAttached();
    await shot(page, "public-whole-trip-390", { fullPage: true });

    await page.getByRole("navigation", { name: "Jump to a day" }).getByRole("link", { name: "Day 3" }).click();
    const dayThree = dayRegions.nth(2).getByRole("heading", { level: 2 });
    await expect(dayThree).toBeFocused();
    await expect(dayThree).toBeInViewport();
    await expectAccessible(page, "public whole trip at 390");

    await page.getByRole("button", { name: "By day" }).click();
    await expect(page.getByRole("region", { name: "Days" }).getByRole("button", { name: /^Day 1 ·/ })).toBeVisible();
    await page.setViewportSize(DESKTOP);
    await page.getByRole("button", { name: "Whole trip" }).click();
    await shot(page, "public-whole-trip-1280", { fullPage: true });
  });

  test("reorder mode is the day list: a day moved by keyboard drag and by its Move buttons, then saved", async ({ page, request }) => {
    const owner = await registerViaApi(request, "Rita", "Lobo");
    const { id } = await tripViaApi(request, owner, "Porto to Douro", PLAN);
    await signInAs(page, owner, `/manage/experiences/upcoming/${id}/itinerary`);
    const days = page.getByRole("region", { name: "Days" });

    await page.getByRole("button", { name: "Reorder days" }).click();
    const list = days.getByRole("list", { name: "Days in their new order" });
    await expect(list.getByRole("listitem")).toHaveCount(3);
    await shot(page, "itinerary-reorder-1280", { fullPage: true });

    // Keyboard drag through the handle: Space picks up, ArrowUp moves, Space drops; a screen reader hears each step.
    await list.getByRole("button", { name: "Drag Day 3" }).focus();
    await page.keyboard.press("Space");
    await expect(page.getByText(/Picked up Day 3\. It is in position 3 of 3\./)).toBeAttached();
    // Each step waits for its announcement: dnd-kit measures between moves, and a key pressed meanwhile is lost.
    await page.keyboard.press("ArrowUp");
    await expect(page.getByText("Day 3 is over position 2 of 3.")).toBeAttached();
    await page.keyboard.press("ArrowUp");
    await expect(page.getByText("Day 3 is over position 1 of 3.")).toBeAttached();
    await page.keyboard.press("Space");
    await expect(page.getByText("Day 3 dropped in position 1 of 3.")).toBeAttached();
    await expect(list.getByRole("listitem")).toContainText(["Day 3", "Day 1", "Day 2"]);

    // The visible alternative: Move down, pressed from the keyboard.
    await list.getByRole("button", { name: "Move Day 1 down" }).focus();
    await page.keyboard.press("Enter");
    await expect(list.getByRole("listitem")).toContainText(["Day 3", "Day 2", "Day 1"]);
    await expect(list.getByRole("button", { name: "Move Day 1 up" })).toBeFocused();
    await expectAccessible(page, "reorder mode at 1280");

    await page.setViewportSize(PHONE);
    const handle = (await list.getByRole("button", { name: "Drag Day 2" }).boundingBox())!;
    expect([handle.width >= 44, handle.height >= 44]).toEqual([true, true]);
    await shot(page, "itinerary-reorder-390", { fullPage: true });
    await page.setViewportSize(DESKTOP);

    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Day order updated")).toBeVisible();
    await expect(days.getByRole("listitem")).toHaveCount(3);
    // Saved, names that only said a day's place follow it: the old Day 3, with its cruise, is Day 1.
    await expect(days.getByRole("listitem")).toContainText(["Day 1", "Day 2", "Day 3"]);
    await page.reload();
    await expect(days.getByRole("listitem")).toContainText(["Day 1", "Day 2", "Day 3"]);
    const stored = (await (await request.get(`/oapi/itinerary/${id}`)).json()) as {
      programs: { name: string; activities: { name: string }[] }[];
    };
    expect(stored.programs.map((day) => [day.name, day.activities.map((a) => a.name)])).toEqual([
      ["Day 1", ["Sunset cruise", "Fado dinner"]],
      ["Day 2", ["Tram 28"]],
      ["Day 3", ["Harbour breakfast", "Castle walk"]],
    ]);
  });

  test("edits: '25:99' is refused with its message, an emptied day subtitle stays empty after reload, and days are added and removed", async ({
    page,
    request,
  }) => {
    const owner = await registerViaApi(request, "Nuno", "Reis");
    const { id, days: dayRows } = await tripViaApi(request, owner, "Azores Hike", { 0: [["Crater lake hike", "09:00"]] });
    const put = await request.put(`/api/events/${id}/programs/${dayRows[0]!.id}`, {
      data: { subtitle: "Sete Cidades" },
      headers: bearer(owner),
    });
    expect(put.ok()).toBe(true);
    await page.setViewportSize(PHONE);
    await signInAs(page, owner, `/manage/experiences/upcoming/${id}/itinerary`);
    const days = page.getByRole("region", { name: "Days" });
    const activities = page.getByRole("region", { name: "Activities" });

    await days.getByRole("button", { name: /^Day 1 ·/ }).click();
    await activities.getByRole("button", { name: /Crater lake hike/ }).click();
    const details = page.getByRole("region", { name: "Activity details" });
    const start = details.getByLabel("Start time");
    await start.fill("25:99");
    await expect(details.getByRole("alert")).toHaveText(TIME_MESSAGE);
    await expect(start).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page, "time refused at 390");
    await shot(page, "itinerary-time-refused-390");
    await start.fill("10:00");
    await expect(details.getByRole("alert")).toHaveCount(0);
    await expect(page.getByText("Activity updated successfully")).toBeVisible();

    await details.getByRole("button", { name: "Back to activities" }).click();
    const subtitle = activities.getByLabel("Day subtitle");
    await expect(subtitle).toHaveValue("Sete Cidades");
    await subtitle.fill("");
    await subtitle.press("Enter");
    await expect(page.getByText("Day updated successfully")).toBeVisible();
    await page.reload();
    await days.getByRole("button", { name: /^Day 1 ·/ }).click();
    await expect(activities.getByLabel("Day subtitle")).toHaveValue("");
    await expect(activities.getByRole("button", { name: /Crater lake hike/ })).toContainText("10:00 AM – 11:00 AM");

    await activities.getByRole("button", { name: "Back to days" }).click();
    await days.getByRole("button", { name: "Add day" }).click();
    await expect(page.getByText("Day added successfully")).toBeVisible();
    await expect(days.getByRole("listitem")).toHaveCount(4);
    await expect(days.getByRole("listitem").nth(3)).toContainText(`Day 4 ·`);
    const endOf = async () => (await (await request.get(`/api/events/${id}`, { headers: bearer(owner) })).json()).endTime;
    expect(await endOf()).toBe(`${isoDate(7)}T00:00:00.000Z`);

    await days.getByRole("button", { name: "Delete Day 4" }).click();
    const confirm = page.getByRole("dialog", { name: "Please confirm" });
    await expect(confirm).toContainText("Are you sure you want to delete this day? This action cannot be undone.");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Day deleted successfully")).toBeVisible();
    await expect(days.getByRole("listitem")).toHaveCount(3);
    expect(await endOf()).toBe(`${isoDate(6)}T00:00:00.000Z`);
  });

  test("Add Activity: a refused submit scrolls to and focuses the first invalid field, and '25:99' stays refused after the end time changes", async ({
    page,
    request,
  }) => {
    const owner = await registerViaApi(request, "Lia", "Costa");
    const { id, days: dayRows } = await tripViaApi(request, owner, "Sintra Day Trips", { 0: [["Palace visit", "10:00"]] });
    await page.setViewportSize(PHONE);
    await signInAs(page, owner, `/manage/experiences/upcoming/${id}/itinerary`);
    await page
      .getByRole("region", { name: "Days" })
      .getByRole("button", { name: /^Day 1 ·/ })
      .click();
    const activities = page.getByRole("region", { name: "Activities" });
    await activities.getByRole("button", { name: "Add Activity" }).click();
    const modal = page.getByRole("dialog", { name: "Add New Activity" });
    const add = modal.getByRole("button", { name: "Add Activity" });

    // With the name filled, Add Activity says before the click that the description is required (the field says so too).
    await modal.getByLabel("Name").fill("Moorish castle");
    const description = modal.getByLabel("Description");
    await expect(description).toHaveAttribute("required", "");
    await expect(add).toBeDisabled();
    await expect(add).toHaveAccessibleDescription("Description is required");
    await expect(modal.getByText("Description is required")).toBeInViewport();
    await shot(page, "add-activity-description-required-390");

    await description.fill("Up the hill through the forest.");
    const start = modal.getByLabel("Start time");
    await start.fill("25:99");
    await modal.getByLabel("End time").fill("14:00");
    await add.click();
    await expect(start).toBeFocused();
    await expect(start).toHaveValue("25:99");
    await expect(start).toHaveAttribute("aria-invalid", "true");
    await expect(modal.getByRole("alert")).toHaveText(TIME_MESSAGE);
    await expect(modal.getByRole("alert")).toBeInViewport();
    await expectAccessible(page, "Add Activity refusing '25:99' at 390");
    await shot(page, "add-activity-time-refused-390");
    const day = async () =>
      (await (await request.get(`/api/events/${id}`, { headers: bearer(owner) })).json()).programs.find(
        (p: { id: string }) => p.id === dayRows[0]!.id,
      );
    expect((await day()).activities).toHaveLength(1);

    await page.setViewportSize(DESKTOP);
    await shot(page, "add-activity-time-refused-1280");
    await start.fill("13:00");
    await add.click();
    await expect(modal).toHaveCount(0);
    await expect(activities.getByRole("button", { name: /Moorish castle/ })).toContainText("01:00 PM – 02:00 PM");
  });

  test("the guest preview: an owner opens an activity's documents as guests do, and the day arrows hand focus to each other at either end", async ({
    page,
    request,
  }) => {
    const owner = await registerViaApi(request, "Marta", "Sousa");
    const { id, days: dayRows } = await tripViaApi(request, owner, "Madeira Levadas", PLAN);
    const upload = await request.post(`/api/documents/event/${id}/common`, {
      multipart: { files: pdf("Levada permit.pdf") },
      headers: bearer(owner),
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const [permit] = (await upload.json()) as { id: string }[];
    const event = await (await request.get(`/api/events/${id}`, { headers: bearer(owner) })).json();
    const walk = event.programs
      .find((p: { id: string }) => p.id === dayRows[0]!.id)
      .activities.find((a: { name: string }) => a.name === "Castle walk");
    const put = await request.put(`/api/events/${id}/programs/${dayRows[0]!.id}/activity/${walk.id}`, {
      data: { documents: [permit!.id] },
      headers: bearer(owner),
    });
    expect(put.status(), await put.text()).toBe(200);

    await page.setViewportSize(PHONE);
    await signInAs(page, owner, `/experiences/${id}/itinerary`);
    await page
      .getByRole("region", { name: "Days" })
      .getByRole("button", { name: /^Day 1 ·/ })
      .click();
    const activities = page.getByRole("region", { name: "Activities" });
    await activities.getByRole("button", { name: /Castle walk/ }).click();
    await page.getByRole("region", { name: "Activity details" }).getByRole("button", { name: "Documents (1)" }).click();
    const panel = page.getByRole("dialog", { name: "Activity Documents" });
    await expect(panel.getByRole("link", { name: "Open Levada permit.pdf" })).toBeVisible();
    await expect(panel.getByText("Drop files here")).toHaveCount(0);
    await expectAccessible(page, "activity documents in the guest preview at 390");
    await shot(page, "preview-activity-documents-390");
    await page.keyboard.press("Escape");
    await expect(panel).toHaveCount(0);

    // Day 1 → 3 with Next day from the keyboard: at Day 3 Next day is disabled and focus moves to Previous day.
    await page.getByRole("region", { name: "Activity details" }).getByRole("button", { name: "Back to activities" }).click();
    const previous = activities.getByRole("button", { name: "Previous day" });
    const next = activities.getByRole("button", { name: "Next day" });
    await next.focus();
    await page.keyboard.press("Enter");
    await expect(next).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(activities.getByRole("heading", { level: 2 })).toHaveText(/^Day 3 ·/);
    await expect(next).toBeDisabled();
    await expect(previous).toBeFocused();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await expect(activities.getByRole("heading", { level: 2 })).toHaveText(/^Day 1 ·/);
    await expect(previous).toBeDisabled();
    await expect(next).toBeFocused();
    await shot(page, "preview-day-arrows-390");

    await page.setViewportSize(DESKTOP);
    await activities.getByRole("button", { name: /Castle walk/ }).click();
    await page.getByRole("region", { name: "Activity details" }).getByRole("button", { name: "Documents (1)" }).click();
    await expect(panel.getByRole("link", { name: "Open Levada permit.pdf" })).toBeVisible();
    await shot(page, "preview-activity-documents-1280");
  });
});
