import type { Locator, Page } from "@playwright/test";
import { png } from "./files";
import { expect, expectAccessible, test } from "./fixtures";
import { experienceViaApi, registerViaApi, shot, signInAs } from "./support";

const PHONE = { width: 390, height: 844 };
const OFFLINE = "You are offline. Some features may not be available.";
/** The smallest touch target on a phone (WCAG 2.5.5, Apple's HIG), with half a pixel for subpixel layout. */
const MIN = 44;
const AT_LEAST = MIN - 0.5;

async function expectTouchTarget(control: Locator) {
  await expect(control).toBeVisible();
  const box = await control.boundingBox();
  expect(box, "the control has a box").not.toBeNull();
  const name = (await control.getAttribute("aria-label")) ?? (await control.innerText());
  expect({ name, width: box!.width >= AT_LEAST, height: box!.height >= AT_LEAST }).toEqual({ name, width: true, height: true });
}

/**
 * Every button, link or tab a person can see, outside inert first views, that is smaller than 44×44 px. Links
 * inside a sentence (a paragraph) are exempt, as WCAG exempts inline targets.
 */
const smallControls = (page: Page) =>
  page.evaluate((min) => {
    const hidden = (el: Element) => el.closest("[inert], [aria-hidden='true']") !== null || getComputedStyle(el).visibility === "hidden";
    return [...document.querySelectorAll<HTMLElement>("button, a[href], [role='tab'], [role='button'], [role='menuitem'], summary")]
      .filter((el) => !hidden(el) && !(el.tagName === "A" && el.closest("p")))
      .map((el) => ({ name: (el.getAttribute("aria-label") ?? el.textContent ?? "").trim(), ...el.getBoundingClientRect().toJSON() }))
      .filter((b) => b.width > 1 && b.height > 1 && b.y < innerHeight && b.y + b.height > 0 && b.x < innerWidth && b.x + b.width > 0)
      .filter((b) => b.width < min || b.height < min)
      .map((b) => `${b.name} (${Math.round(b.width)}×${Math.round(b.height)})`);
  }, AT_LEAST);

/** Scrolls through the page, or the open dialog's body, and collects the small controls seen on the way. */
async function expectNoSmallControls(page: Page, where: string, scroller?: Locator) {
  const found = new Set<string>();
  for (let step = 0; step < 12; step++) {
    for (const control of await smallControls(page)) found.add(control);
    const more = scroller
      ? await scroller.evaluate((el) => {
          const before = el.scrollTop;
          el.scrollTop += el.clientHeight * 0.8;
          return el.scrollTop !== before;
        })
      : await page.evaluate(() => {
          const before = scrollY;
          scrollBy(0, innerHeight * 0.8);
          return scrollY !== before;
        });
    if (!more) break;
    await page.evaluate(() => new Promise(requestAnimationFrame));
  }
  expect([...found], `controls under 44×44 px: ${where}`).toEqual([]);
  if (scroller) await scroller.evaluate((el) => el.scrollTo(0, 0));
  else await page.evaluate(() => scrollTo(0, 0));
}

const dialogBody = (dialog: Locator) => dialog.locator(":scope > div").last();

test.describe("touch targets on a phone (390 px)", () => {
  test.use({ viewport: PHONE });

  test("the owner's experience in manage mode: Open menu, the header's Share, Clone, Cover image and Settings, the tabs, and each dialog's controls are at least 44×44 px", async ({
    page,
    request,
  }) => {
    const owner = await registerViaApi(request, "Rosa", "Tavares");
    const eventId = await experienceViaApi(request, owner, { name: "Douro Valley Trip" });
    await signInAs(page, owner, `/manage/experiences/upcoming/${eventId}/itinerary`);
    await expect(page.getByRole("heading", { level: 1, name: "Douro Valley Trip" })).toBeVisible();

    for (const name of ["Open menu", "Share", "Clone", "Cover image", "Settings"])
      await expectTouchTarget(page.getByRole("button", { name, exact: true }));
    for (const tab of await page.getByRole("navigation", { name: "Experience sections" }).getByRole("link").all())
      await expectTouchTarget(tab);
    await expectNoSmallControls(page, "the experience in manage mode");
    await shot(page, "touch-targets-manage-390");

    await page.getByRole("button", { name: "Share", exact: true }).click();
    const share = page.getByRole("dialog", { name: "Share" });
    await expectTouchTarget(share.getByRole("button", { name: "Close" }));
    await expectNoSmallControls(page, "the Share dialog", dialogBody(share));
    await share.getByRole("button", { name: "Copy" }).click();
    const dismiss = page.locator("[data-toaster]").getByRole("button", { name: "Dismiss" }).first();
    await expectTouchTarget(dismiss);
    await shot(page, "touch-targets-share-390");
    await dismiss.click();
    await share.getByRole("button", { name: "Close" }).click();

    for (const [opener, title] of [
      ["Clone", "Clone experience"],
      ["Cover image", "Cover image"],
      ["Settings", "Experience Settings"],
    ] as const) {
      await page.getByRole("button", { name: opener, exact: true }).click();
      const dialog = page.getByRole("dialog", { name: title });
      await expect(dialog).toBeVisible();
      await expectTouchTarget(dialog.getByRole("button", { name: "Close" }));
      await expectNoSmallControls(page, `the ${title} dialog`, dialogBody(dialog));
      await shot(page, `touch-targets-${opener.toLowerCase().replace(" ", "-")}-390`);
      await expectAccessible(page, `the ${title} dialog on a phone`);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
    }

    await page.getByRole("button", { name: "Open menu" }).click();
    await expectNoSmallControls(page, "the side drawer");
    await page.keyboard.press("Escape");
  });

  test("the owner's preview: its Edit link, and the social composer's remove-photo button, are at least 44×44 px", async ({
    page,
    request,
  }) => {
    const owner = await registerViaApi(request, "Rosa", "Tavares");
    const eventId = await experienceViaApi(request, owner, { name: "Douro Valley Trip" });
    await signInAs(page, owner, `/experiences/${eventId}/itinerary`);
    await expectTouchTarget(page.getByRole("region", { name: "Preview" }).getByRole("link", { name: "Edit" }));
    await expectNoSmallControls(page, "the owner's preview");
    await shot(page, "touch-targets-preview-390");

    await page.getByRole("navigation", { name: "Experience sections" }).getByRole("link", { name: "Social" }).click();
    const composer = page.getByRole("form", { name: "New post" });
    await composer.getByLabel("Photo or video").setInputFiles(png("terrace.png"));
    await expectTouchTarget(composer.getByRole("button", { name: "Remove terrace.png" }));
    await expectNoSmallControls(page, "the social feed with a photo chosen");
    await shot(page, "touch-targets-social-390");
    await expectAccessible(page, "the composer with a photo on a phone");
  });

  test("New Experience: its Remove, its × and every other control are at least 44×44 px, and the offline toast never covers Create", async ({
    page,
    context,
    request,
  }) => {
    const owner = await registerViaApi(request, "Rosa", "Tavares");
    await signInAs(page, owner, "/manage/experiences");
    await expectNoSmallControls(page, "the experiences list");

    await context.setOffline(true);
    const toast = page.getByRole("alert").filter({ hasText: OFFLINE });
    await expect(toast).toBeVisible();

    await page.getByRole("button", { name: "Experience", exact: true }).click();
    const modal = page.getByRole("dialog", { name: "New Experience" });
    await modal.getByLabel("Cover image (optional)").setInputFiles(png("porto.png"));
    await expectTouchTarget(modal.getByRole("button", { name: "Remove Cover image (optional)" }));
    await expectTouchTarget(modal.getByRole("button", { name: "Close" }));
    await expectNoSmallControls(page, "New Experience", dialogBody(modal));

    const create = modal.getByRole("button", { name: "Create" });
    // Scrolled to the end, as a person would, until the body's end is in view.
    await expect
      .poll(() =>
        dialogBody(modal).evaluate(async (el) => {
          el.scrollTo(0, el.scrollHeight);
          await new Promise(requestAnimationFrame);
          return el.scrollHeight - el.clientHeight - el.scrollTop;
        }),
      )
      .toBeLessThan(1);
    const [createBox, toastBox] = [await create.boundingBox(), await toast.boundingBox()];
    expect(createBox!.y + createBox!.height, "Create ends above the offline toast").toBeLessThanOrEqual(toastBox!.y);
    await shot(page, "touch-targets-new-experience-offline-390");
    await context.setOffline(false);
  });
});

test.describe("on a desktop (1280 px)", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("the controls keep their compact size: the header's actions, the tabs, a dialog's ×", async ({ page, request }) => {
    const owner = await registerViaApi(request, "Rosa", "Tavares");
    const eventId = await experienceViaApi(request, owner, { name: "Douro Valley Trip" });
    await signInAs(page, owner, `/manage/experiences/upcoming/${eventId}/itinerary`);
    const heightOf = async (control: Locator) => (await control.boundingBox())!.height;
    expect(await heightOf(page.getByRole("button", { name: "Share", exact: true }))).toBeLessThan(MIN);
    expect(
      await heightOf(page.getByRole("navigation", { name: "Experience sections" }).getByRole("link", { name: "Itinerary" })),
    ).toBeLessThan(MIN);
    await shot(page, "touch-targets-manage-1280");
    await page.getByRole("button", { name: "Settings", exact: true }).click();
    const settings = page.getByRole("dialog", { name: "Experience Settings" });
    expect(await heightOf(settings.getByRole("button", { name: "Close" }))).toBeLessThan(MIN);
    await shot(page, "touch-targets-settings-1280");
  });
});
