import { expect, expectAccessible, test } from "./fixtures";
import { shot } from "./support";

test.describe("landing page", () => {
  test("moves between hero, features and 'on the go' with the arrow keys and the dots", async ({ page }) => {
    await page.goto("/");
    const hero = page.getByTestId("landing-section-hero");
    const features = page.getByTestId("landing-section-features");
    const mobile = page.getByTestId("landing-section-mobile");
    await expect(hero).toBeInViewport();
    await expectAccessible(page, "the landing page's hero");

    await page.keyboard.press("ArrowDown");
    await expect(features).toBeInViewport({ ratio: 0.6 });
    await expect(page.getByTestId("landing-dot-1")).toHaveAttribute("aria-current", /.+/);
    await expectAccessible(page, "the landing page's features");
    await page.keyboard.press("ArrowDown");
    await expect(mobile).toBeInViewport({ ratio: 0.6 });
    await expectAccessible(page, "the landing page's last section");
    await page.keyboard.press("ArrowUp");
    await expect(features).toBeInViewport({ ratio: 0.6 });

    await page.getByTestId("landing-dot-0").click();
    await expect(hero).toBeInViewport({ ratio: 0.6 });
    await page.getByTestId("landing-dot-2").click();
    await expect(mobile).toBeInViewport({ ratio: 0.6 });
  });

  test("advertises the product's features, demo scheduling and chat, and nothing that does not exist yet", async ({ page }) => {
    await page.goto("/");
    for (const feature of [
      "AI-powered itinerary",
      "One-click share and email invites",
      "Privacy and access controls",
      "RSVPs",
      "Check-in",
      "Document management",
      "Real-time updates",
      "Instant feedback",
      "On every phone",
    ]) {
      await expect(page.getByRole("heading", { name: feature, exact: true })).toBeAttached();
    }
    await expect(page.getByRole("link", { name: /schedule a demo/i }).first()).toHaveAttribute("href", /^mailto:/);
    await expect(page.getByRole("link", { name: /chat with us/i }).first()).toBeAttached();
    // Push notifications and native apps are not built: the page does not promise them.
    await expect(page.locator('a[href*="apps.apple.com"], a[href*="play.google.com"]')).toHaveCount(0);
    await expect(page.getByRole("main")).not.toContainText(/push notification|App Store|Google Play|\biOS\b|\bAndroid\b/i);
  });

  for (const width of [390, 1280]) {
    test(`looks finished at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(page, `landing-${width}`, { fullPage: false });
    });
  }

  for (const width of [640, 800, 1024, 1280, 1536]) {
    test(`the hero's mock keeps its own title clear of its RSVP card at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/");
      const card = await page.getByTestId("hero-rsvp-card").boundingBox();
      const title = await page.getByTestId("hero-mock-title").boundingBox();
      expect(card && title).toBeTruthy();
      const overlaps = title!.x + title!.width > card!.x && title!.y < card!.y + card!.height && title!.y + title!.height > card!.y;
      expect(overlaps).toBe(false);
    });
  }
});

test.describe("home-screen banner", () => {
  test("shows 3 seconds after the first visit, returns after 24 hours, and once dismissed never again", async ({ page }) => {
    await page.clock.install({ time: new Date("2027-01-10T10:00:00Z") });
    await page.goto("/");
    const banner = page.getByTestId("home-screen-banner");
    // The page clock also runs on its own, so only "not yet, then after 3 s" is certain.
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(banner).toHaveCount(0);
    await page.clock.runFor(3100);
    await expect(banner).toBeVisible();
    await expect(banner).toContainText("Keep Experiences one tap away");
    await expectAccessible(page, "the home-screen banner");

    // Not dismissed: it stays away for a day, then comes back.
    await page.reload();
    await page.clock.runFor(5000);
    await expect(banner).toHaveCount(0);
    await page.clock.setSystemTime(new Date("2027-01-11T10:01:00Z"));
    await page.reload();
    await page.clock.runFor(3100);
    await expect(banner).toBeVisible();

    await page.getByRole("button", { name: "Dismiss, and don't show this again" }).click();
    await expect(banner).toHaveCount(0);
    await page.clock.setSystemTime(new Date("2027-02-11T10:01:00Z"));
    await page.reload();
    await page.clock.runFor(5000);
    await expect(banner).toHaveCount(0);
  });
});
