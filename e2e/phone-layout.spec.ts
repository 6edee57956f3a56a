import type { Locator, Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { experienceViaApi, registerViaApi, signInAs } from "./support";

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
    await page.screenshot({ path: "e2e/artifacts/phone-offline-manage-390.png" });
    await setOffline(false);
    await expect(page.getByText(OFFLINE)).toHaveCount(0);

    await page.goto("/profile");
    await expect(page.getByRole("heading", { name: "Ines Moreau" })).toBeVisible();
    await expectOfflineToastClear(page, setOffline);
    await page.screenshot({ path: "e2e/artifacts/phone-offline-profile-390.png" });
    await setOffline(false);
  });

  test("the offline toast stands above the download banner on the landing page", async ({ page, context }) => {
    await page.clock.install({ time: new Date("2027-01-10T10:00:00Z") });
    await page.goto("/");
    await page.clock.runFor(3100);
    await expect(page.getByTestId("download-banner")).toBeVisible();
    await expectOfflineToastClear(page, (offline) => context.setOffline(offline));
    await page.screenshot({ path: "e2e/artifacts/phone-offline-landing-390.png" });
    await context.setOffline(false);
  });
});

/** Store badges, dots, banner and footer as they stand at this scroll position, with what overlaps what. */
function landingOverlaps(page: Page) {
  return page.evaluate(() => {
    const rect = (el: Element | null) => (el ? el.getBoundingClientRect() : null);
    const meets = (a: DOMRect | null, b: DOMRect | null) =>
      Boolean(a && b && a.width && b.width && a.x < b.right && b.x < a.right && a.y < b.bottom && b.y < a.bottom);
    const banner = document.querySelector("[data-download-banner]");
    const dots = rect(document.querySelector("nav[aria-label='Page sections']"));
    const badges = [...document.querySelectorAll("a[href*='apps.apple.com'], a[href*='play.google.com']")];
    const problems: string[] = [];
    for (const badge of badges) {
      const where = banner?.contains(badge) ? "banner" : "page";
      if (meets(dots, rect(badge))) problems.push(`dots on a ${where} badge`);
      if (where === "page" && meets(rect(banner), rect(badge))) problems.push("banner on a page badge");
    }
    if (meets(rect(banner), rect(document.querySelector("#download footer")))) problems.push("banner on the footer");
    return problems;
  });
}

for (const viewport of [PHONE, DESKTOP]) {
  test(`at ${viewport.width} px the download banner never covers the store badges or the footer, and the section dots never sit on a badge`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.clock.install({ time: new Date("2027-01-10T10:00:00Z") });
    await page.goto("/");
    await page.clock.runFor(3100);
    await expect(page.getByTestId("download-banner")).toBeVisible();
    await page.screenshot({ path: `e2e/artifacts/landing-banner-${viewport.width}.png` });

    // Every resting place from the top of the page to its end.
    const end = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
    for (let y = 0; y <= end + 100; y += 120) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await expect.poll(() => landingOverlaps(page), { message: `at scroll ${y}` }).toEqual([]);
    }
    await expect(page.locator("#download footer")).toBeInViewport({ ratio: 0.99 });
    const dots = await boxOf(page.getByRole("navigation", { name: "Page sections" }));
    for (const link of await page.locator("#download footer a").all())
      expect(overlap(dots, await boxOf(link)), "the dots on a footer link").toBe(false);
    await page.screenshot({ path: `e2e/artifacts/landing-end-${viewport.width}.png` });

    // The dots themselves bring each section, badges included, into view with nothing on them.
    for (const dot of [0, 1, 2]) {
      await page.getByTestId(`landing-dot-${dot}`).click();
      await expect.poll(() => landingOverlaps(page), { message: `after dot ${dot}` }).toEqual([]);
    }
    await expect(page.getByRole("link", { name: /App Store/ }).first()).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: `e2e/artifacts/landing-download-${viewport.width}.png` });
  });
}

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
  await page.screenshot({ path: "e2e/artifacts/column-manage-1280.png" });
  await expectOfflineToastClear(page, (offline) => context.setOffline(offline));
  await page.screenshot({ path: "e2e/artifacts/offline-manage-1280.png" });
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
  await page.screenshot({ path: "e2e/artifacts/landing-1280.png" });
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
  await page.screenshot({ path: "e2e/artifacts/image-picker-1280.png" });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: "e2e/artifacts/image-picker-390.png" });
});
