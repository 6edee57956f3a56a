import type { Locator, Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { experienceViaApi, registerViaApi, shot, signInAs } from "./support";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const OFFLINE = "You are offline. Some features may not be available.";

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Whether two boxes share any area (touching edges do not count). */
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, "the element has a box").not.toBeNull();
  return box!;
}

/** Every control a person can see in the viewport (buttons, links, fields), outside the toasts, named for the report. */
const visibleControls = (page: Page, selector = "button, a[href], input, select, textarea, [role='button']") =>
  page.evaluate(
    (selector) =>
      [...document.querySelectorAll<HTMLElement>(selector)]
        .filter((el) => !el.closest("[data-toaster]"))
        .map((el) => ({
          name: el.getAttribute("aria-label") ?? el.textContent?.trim() ?? el.tagName,
          ...el.getBoundingClientRect().toJSON(),
        }))
        .filter((b) => b.width > 1 && b.height > 1 && b.y < innerHeight && b.y + b.height > 0 && b.x < innerWidth && b.x + b.width > 0),
    selector,
  );

const under = async (page: Page, toast: Box, selector?: string) =>
  (await visibleControls(page, selector)).filter((control) => overlap(toast, control)).map((c) => c.name);

/**
 * Goes offline and checks the offline toast: it covers neither the top bar nor any button where the page opens,
 * and once the page is scrolled to its end (the room the toast takes is kept free there) no control at all.
 */
async function expectOfflineToastClear(page: Page, setOffline: (offline: boolean) => Promise<void>) {
  await setOffline(true);
  const toast = page.getByRole("alert").filter({ hasText: OFFLINE });
  await expect(toast).toBeVisible();
  await page.evaluate(() => new Promise(requestAnimationFrame));
  const toastBox = await boxOf(toast);
  expect(overlap(toastBox, await boxOf(page.getByRole("banner"))), "the toast covers the top bar").toBe(false);
  expect(await under(page, toastBox, "button, [role='button']"), "buttons under the offline toast").toEqual([]);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.evaluate(() => new Promise(requestAnimationFrame));
  expect(await under(page, await boxOf(toast)), "controls under the offline toast at the end of the page").toEqual([]);
}

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test("the offline toast covers neither the top bar nor any control: the experiences list with its floating button, the profile", async ({
    page,
    context,
    request,
  }) => {
    const account = await registerViaApi(request, "Ines", "Moreau");
    await signInAs(page, account, "/manage/experiences");
    await expect(page.locator("[data-fab]")).toBeVisible();
    const setOffline = (offline: boolean) => context.setOffline(offline);
    await expectOfflineToastClear(page, setOffline);
    await shot(page, "phone-offline-manage-390");
    await setOffline(false);
    await expect(page.getByText(OFFLINE)).toHaveCount(0);

    await page.goto("/profile");
    await expect(page.getByRole("heading", { name: "Ines Moreau" })).toBeVisible();
    await expectOfflineToastClear(page, setOffline);
    await shot(page, "phone-offline-profile-390");
    await setOffline(false);
  });

  test("the offline toast stands above the home-screen banner on the landing page", async ({ page, context }) => {
    await page.clock.install({ time: new Date("2027-01-10T10:00:00Z") });
    await page.goto("/");
    await page.clock.runFor(3100);
    await expect(page.getByTestId("home-screen-banner")).toBeVisible();
    await expectOfflineToastClear(page, (offline) => context.setOffline(offline));
    await shot(page, "phone-offline-landing-390");
    await context.setOffline(false);
  });
});

/** The page's controls the home-screen banner stands on at this scroll position (its own aside), and whether the section dots do. */
async function underBanner(page: Page) {
  const banner = await boxOf(page.getByTestId("home-screen-banner"));
  const covered = (await visibleControls(page)).filter((control) => overlap(banner, control)).map((control) => control.name);
  const own = await page
    .getByTestId("home-screen-banner")
    .getByRole("button")
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute("aria-label")));
  return covered.filter((name) => !own.includes(name));
}

for (const viewport of [{ width: 360, height: 740 }, PHONE, DESKTOP]) {
  test(`at ${viewport.width} px the home-screen banner leaves the landing page's end, its footer and the section dots clear`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.clock.install({ time: new Date("2027-01-10T10:00:00Z") });
    await page.goto("/");
    await page.clock.runFor(3100);
    await expect(page.getByTestId("home-screen-banner")).toBeVisible();
    await shot(page, `landing-banner-${viewport.width}`);

    // The dots stand above the banner wherever the page rests.
    const end = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
    for (let y = 0; y <= end + 100; y += 240) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await expect
        .poll(async () => (await underBanner(page)).filter((name) => name.startsWith("Go to section")), { message: `at scroll ${y}` })
        .toEqual([]);
    }
    // At the page's end the footer keeps the banner's room under itself: nothing is left under it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => underBanner(page)).toEqual([]);
    await expect(page.locator("#mobile footer nav")).toBeInViewport({ ratio: 1 });
    const dots = await boxOf(page.getByRole("navigation", { name: "Page sections" }));
    for (const link of await page.locator("#mobile footer a").all())
      expect(overlap(dots, await boxOf(link)), "the dots on a footer link").toBe(false);
    await shot(page, `landing-end-${viewport.width}`);

    // The last dot brings the last section into view with its button clear of the dots and the banner.
    await page.getByTestId("landing-dot-2").click();
    const start = page.getByTestId("landing-section-mobile").getByRole("button", { name: "Get started free" });
    await expect(start).toBeInViewport({ ratio: 1 });
    expect(
      overlap(await boxOf(start), await boxOf(page.getByRole("navigation", { name: "Page sections" }))),
      "the dots on the button",
    ).toBe(false);
  });
}

test("at 360 px the home-screen bar shown after Join leaves the experience page's end clear, and once dismissed never returns", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const owner = await registerViaApi(request, "Rita", "Sousa");
  const guest = await registerViaApi(request, "Tomas", "Reis");
  const eventId = await experienceViaApi(request, owner, { name: "Douro Valley Weekend", rsvpType: "OPEN", startsIn: 5 });
  await signInAs(page, guest, `/experiences/${eventId}/itinerary`);
  const row = page.getByRole("region", { name: "Your RSVP" });
  await row.getByRole("button", { name: "Join" }).click();
  await expect(row.getByText("Attending")).toBeVisible();
  await expect(page.getByTestId("home-screen-banner")).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => underBanner(page)).toEqual([]);
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Terms of service" })).toBeInViewport({ ratio: 1 });
  await shot(page, "event-banner-end-360");

  await page.getByRole("button", { name: "Dismiss, and don't show this again" }).click();
  await expect(page.getByTestId("home-screen-banner")).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await row.getByRole("button", { name: "Can't go" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Can't go" }).click();
  await expect(row.getByText("Declined")).toBeVisible();
  await expect(page.getByTestId("home-screen-banner")).toHaveCount(0);
});

test("at 1280 px the top bar, the content and the footer share the 960 px column, and the offline toast covers none of them", async ({
  page,
  context,
  request,
}) => {
  await page.setViewportSize(DESKTOP);
  const account = await registerViaApi(request, "Theo", "Brandt");
  await signInAs(page, account, "/manage/experiences");
  const [bar, main, footer] = await Promise.all([
    boxOf(page.getByRole("banner").locator(":scope > div")),
    boxOf(page.getByRole("main")),
    boxOf(page.getByRole("contentinfo").locator(":scope > div")),
  ]);
  expect(main.width).toBe(960);
  for (const [name, box] of [
    ["top bar", bar],
    ["footer", footer],
  ] as const) {
    expect(Math.abs(box.x - main.x), `${name} left edge`).toBeLessThanOrEqual(1);
    expect(Math.abs(box.x + box.width - (main.x + main.width)), `${name} right edge`).toBeLessThanOrEqual(1);
  }
  await shot(page, "column-manage-1280");
  await expectOfflineToastClear(page, (offline) => context.setOffline(offline));
  await shot(page, "offline-manage-1280");
  await context.setOffline(false);

  await page.getByRole("button", { name: "Open menu" }).click();
  const drawer = page.getByRole("navigation", { name: "Main" });
  await expect(drawer.getByText("Manage", { exact: true })).toBeVisible();
  await expectAccessible(page, "the side drawer");
  await page.keyboard.press("Escape");

  await page.goto("/profile/edit");
  await expect(page.getByLabel(/Change profile picture$/)).toHaveAttribute("type", "file");
  await expectAccessible(page, "profile edit");
});

test("the landing page lines its sections up with the top bar's 960 px column", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/");
  const bar = await boxOf(page.getByRole("banner").locator(":scope > div"));
  const hero = await boxOf(page.getByTestId("landing-section-hero").locator(":scope > div").last());
  expect(bar.width).toBe(960);
  expect(Math.abs(hero.x - bar.x)).toBeLessThanOrEqual(1);
  expect(Math.abs(hero.width - bar.width)).toBeLessThanOrEqual(1);
  await shot(page, "landing-1280");
});

test("the image picker offers Upload and Link, and no Search tab, where image search is not configured", async ({ page, request }) => {
  expect((await (await request.get("/oapi/config")).json()).imageSearch).toBe(false);
  const owner = await registerViaApi(request, "Rosa", "Quint");
  const id = await experienceViaApi(request, owner, { name: "Alentejo Walk", startsIn: 5 });
  const configRead = page.waitForResponse((response) => new URL(response.url()).pathname === "/oapi/config");
  await signInAs(page, owner, `/manage/experiences/upcoming/${id}/itinerary`);
  await page
    .getByRole("region", { name: "Days" })
    .getByRole("button", { name: /^Day 1 ·/ })
    .click();
  await page.getByRole("button", { name: "Add a day image" }).click();
  const picker = page.getByRole("dialog", { name: "Select Image" });
  await expect(picker.getByRole("button", { name: "Choose image" })).toBeVisible();
  await configRead;
  await page.evaluate(() => new Promise(requestAnimationFrame));
  expect(await picker.getByRole("tab").allTextContents()).toEqual(["Upload", "Link"]);
  await expect(picker.getByText("Image search is not configured")).toHaveCount(0);
  await expectAccessible(page, "the image picker");
  await shot(page, "image-picker-1280");
  await page.setViewportSize(PHONE);
  await shot(page, "image-picker-390");
});
