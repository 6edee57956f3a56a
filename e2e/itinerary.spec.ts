import type { Page } from "@playwright/test";
import { pdf, png } from "./files";
import { expect, expectAccessible, test } from "./fixtures";
import { experienceViaApi, registerViaApi, shot, signInAs } from "./support";

async function addActivity(page: Page, day: string, fields: { name: string; start: string; end: string; description: string }) {
  await page.getByRole("button", { name: "Add Activity" }).first().click();
  const modal = page.getByRole("dialog", { name: "Add New Activity" });
  await modal.getByLabel("Name").fill(fields.name);
  await modal.getByLabel("Start time").fill(fields.start);
  await modal.getByLabel("End time").fill(fields.end);
  await modal.getByLabel("Description").fill(fields.description);
  await expectAccessible(page, "Add New Activity, filled in");
  await modal.getByRole("button", { name: "Add Activity" }).click();
  await expect(modal).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Activities" }).getByText(fields.name)).toBeVisible();
  void day;
}

test.describe("itinerary editor", () => {
  test("an organiser builds a three-day itinerary and the public page follows live", async ({ page, request, browser }) => {
    const owner = await registerViaApi(request, "Rui", "Silva");
    const eventId = await experienceViaApi(request, owner, { name: "Douro Valley Escape", startsIn: 5, days: 3 });
    await signInAs(page, owner, `/manage/experiences/upcoming/${eventId}/itinerary`);

    const visitorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/itinerary/${eventId}`);
    await expect(visitor.getByRole("heading", { level: 1, name: "Douro Valley Escape" })).toBeVisible();
    // A phone shows the whole trip in one scroll.
    await expect(
      visitor
        .getByRole("region", { name: /^Day 1 ·/ })
        .getByText("No activities scheduled for this day yet. Take some time to relax and explore!"),
    ).toBeVisible();
    await expectAccessible(visitor, "the empty public itinerary on a phone");

    const days = page.getByRole("region", { name: "Days" });
    await expect(days.getByRole("listitem")).toHaveCount(3);
    await expect(page.getByText("No activities scheduled for this day yet. Take some time to relax and explore!")).toBeVisible();
    await expectAccessible(page, "the empty itinerary in manage mode");

    // Day 1: two activities, a name edited inline, the time rules.
    await addActivity(page, "Day 1", { name: "Wine tasting", start: "10:00", end: "11:30", description: "Three estates, three ports." });
    await addActivity(page, "Day 1", { name: "River lunch", start: "13:00", end: "14:00", description: "On the terrace." });
    await expect(page.getByText("10:00 AM").first()).toBeVisible();

    await page.getByRole("button", { name: /Wine tasting/ }).click();
    const editor = page.getByRole("article", { name: "Edit Wine tasting" });
    await editor.getByLabel("Activity name").fill("Port wine tasting");
    await editor.getByLabel("Activity name").press("Enter");
    await expect(page.getByText("Activity updated successfully")).toBeVisible();
    await expect(visitor.getByRole("region", { name: /^Day 1 ·/ }).getByText("Port wine tasting")).toBeVisible();

    const details = page.getByRole("article", { name: "Edit Port wine tasting" });
    await details.getByLabel("Start time").fill("12:00");
    await expect(details.getByLabel("End time")).toHaveValue("13:00");
    await details.getByLabel("End time").fill("09:00");
    await expect(details.getByLabel("Start time")).toHaveValue("08:00");
    await details.getByLabel("Start time").fill("23:30");
    await expect(details.getByLabel("End time")).toHaveValue("23:59");
    await details.getByLabel("Start time").fill("00:00");
    await details.getByLabel("End time").fill("00:30");
    await expect(details.getByLabel("Start time")).toHaveValue("00:00");

    // Attach a PDF to the activity.
    await details.getByRole("button", { name: /Documents/ }).click();
    const docs = page.getByRole("dialog", { name: "Activity Documents" });
    await docs.locator('input[type="file"]').setInputFiles(pdf("tasting-menu.pdf"));
    await expect(docs.getByText("tasting-menu.pdf")).toBeVisible();
    await expectAccessible(page, "Activity Documents with a PDF");
    await docs.getByRole("button", { name: "Close" }).click();
    await expect(details.getByRole("button", { name: "Documents (1)" })).toBeVisible();

    // Day 2 cover image by upload, day 3 by link.
    await days.getByRole("button", { name: /^Day 2 ·/ }).click();
    await page.getByRole("button", { name: "Add a day image" }).click();
    const picker = page.getByRole("dialog", { name: "Select Image" });
    await expectAccessible(page, "Select Image");
    await picker.locator('input[type="file"]').setInputFiles(png("douro.png"));
    await expect(page.getByText("Image uploaded successfully")).toBeVisible();
    await days.getByRole("button", { name: /^Day 3 ·/ }).click();
    // The linked picture's host is a third party: answered here, at the network's edge.
    await page.route("https://images.example.com/**", (route) =>
      route.fulfill({ contentType: "image/png", body: png("douro-river.png").buffer }),
    );
    await page.getByRole("button", { name: "Add a day image" }).click();
    await picker.getByRole("tab", { name: "Link" }).click();
    await picker.getByLabel("Image link").fill("https://images.example.com/douro-river.jpg");
    await expectAccessible(page, "Select Image, Link tab");
    await picker.getByRole("button", { name: "Use this image" }).click();
    await expect(
      page.getByRole("region", { name: "Activities" }).locator("img[src='https://images.example.com/douro-river.jpg']"),
    ).toHaveCount(1);

    // Copy and reorder days: names that only say a day's place follow it.
    await days.getByRole("button", { name: "Copy Day 1" }).click();
    await expect(page.getByText("Day copied successfully")).toBeVisible();
    await expect(days.getByRole("listitem")).toHaveCount(4);
    await expect(days.getByRole("listitem").nth(3)).toContainText("Day 4");
    await expect(days.getByRole("listitem").nth(3)).toContainText("2 activities");
    await page.getByRole("button", { name: "Reorder days" }).click();
    await page.getByRole("button", { name: "Move Day 2 up" }).click();
    await expectAccessible(page, "reorder mode");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Day order updated")).toBeVisible();
    await expect(days.getByRole("listitem").nth(1)).toContainText("Day 2");
    await expect(days.getByRole("listitem").nth(1)).toContainText("2 activities");

    // Delete the copy.
    await days.getByRole("button", { name: "Delete Day 4" }).click();
    await expectAccessible(page, "the delete-day confirmation");
    await page.getByRole("dialog", { name: "Please confirm" }).getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Day deleted successfully")).toBeVisible();
    await expect(days.getByRole("listitem")).toHaveCount(3);

    const visitorDays = visitor.getByRole("region", { name: /^Day \d ·/ });
    await expect(visitorDays).toHaveCount(3);
    await expect(visitorDays.nth(1)).toContainText("Port wine tasting");
    await expectAccessible(visitor, "the public itinerary on a phone, following live");
    await shot(visitor, "itinerary-public-390", { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot(page, "itinerary-editor-1280", { fullPage: true });
    await visitorContext.close();
  });
});
