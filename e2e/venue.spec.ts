import { expect, expectAccessible, test } from "./fixtures";
import { experienceViaApi, registerViaApi, signInAs } from "./support";

test.describe("the experience's venue", () => {
  test("set in Settings, it shows under the dates on the event page and the share page, and a new activity starts there", async ({
    page,
    request,
    browser,
  }) => {
    const owner = await registerViaApi(request, "Rita", "Alves");
    const eventId = await experienceViaApi(request, owner, { name: "Lisbon Summit", startsIn: 3, days: 2, rsvpType: "OPEN" });

    await page.setViewportSize({ width: 360, height: 800 });
    await signInAs(page, owner, `/manage/experiences/upcoming/${eventId}/itinerary`);
    await page.getByRole("button", { name: "Settings" }).click();
    const settings = page.getByRole("dialog", { name: "Experience Settings" });
    const venue = settings.getByRole("form", { name: "Venue" });
    await venue.getByRole("combobox", { name: "Venue (optional)" }).fill("Hotel Avenida Palace");
    await venue.getByRole("button", { name: "Save venue" }).click();
    await expect(page.getByText("Event updated successfully.")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(settings).toBeHidden();

    const header = page.locator("header").filter({ hasText: "Lisbon Summit" });
    await expect(header.getByText("Venue:")).toBeVisible();
    await expect(header.getByRole("link", { name: "Hotel Avenida Palace" })).toHaveAttribute(
      "href",
      "https://www.google.com/maps/search/?api=1&query=Hotel%20Avenida%20Palace",
    );

    await page.getByRole("button", { name: /^Day 1 · / }).click();
    await page.getByRole("button", { name: "Add Activity" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Activity" });
    await expect(dialog.getByRole("combobox", { name: "Location (optional)" })).toHaveValue("Hotel Avenida Palace");
    await page.keyboard.press("Escape");

    // A visitor on a phone, signed out: the share page says where, in the Worker's first view and in the app's page.
    const visitor = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const share = await visitor.newPage();
    await share.goto(`/itinerary/${eventId}`);
    await expect(share.getByRole("heading", { level: 1, name: "Lisbon Summit" })).toBeVisible();
    await expect(share.locator("main").getByRole("link", { name: "Hotel Avenida Palace" })).toBeVisible();
    await expect(share.locator("main").getByText("Venue:")).toBeVisible();
    await expectAccessible(share, "the share page with a venue");
    await visitor.close();
  });
});
