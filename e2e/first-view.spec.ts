import type { Page } from "@playwright/test";
import { PNG_1x1 } from "./files";
import { expect, expectAccessible, test } from "./fixtures";
import { bearer, experienceViaApi, registerViaApi, shot } from "./support";

/**
 * Holds every script of the app (the entry and its chunks) until `release()`, so the HTML's static first view is all
 * the page shows for as long as the test looks at it. Module scripts do not block the first paint.
 */
async function holdAppScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Records, before every frame the browser paints, whether the first view shows; read with `firstViewWasShown`. */
async function watchFirstView(page: Page) {
  await page.addInitScript(() => {
    const seen = window as unknown as { firstViewWasShown: boolean };
    seen.firstViewWasShown = false;
    const look = () => {
      const view = document.getElementById("first-view");
      if (view && view.checkVisibility() && view.getBoundingClientRect().height > 0) seen.firstViewWasShown = true;
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
}

const firstViewWasShown = (page: Page) => page.evaluate(() => (window as unknown as { firstViewWasShown: boolean }).firstViewWasShown);

/**
 * Adds up, from the first paint, every layout shift the page makes without the visitor's input (what Lighthouse's CLS
 * is made of); read with `layoutShift`.
 */
async function watchLayoutShift(page: Page) {
  await page.addInitScript(() => {
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean };
    const seen = window as unknown as { layoutShift: () => number };
    let total = 0;
    const add = (entries: PerformanceEntry[]) => (entries as Shift[]).forEach((shift) => (total += shift.hadRecentInput ? 0 : shift.value));
    const observer = new PerformanceObserver((list) => add(list.getEntries()));
    observer.observe({ type: "layout-shift", buffered: true });
    seen.layoutShift = () => (add(observer.takeRecords()), total);
  });
}

const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { layoutShift: () => number }).layoutShift());

/** A phone's screen and a phone's slower processor (Lighthouse's mobile run slows the CPU 4 times too). */
async function likeAPhone(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  const devtools = await page.context().newCDPSession(page);
  await devtools.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}
const afterTwoFrames = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

test.describe("pages show before their JavaScript", () => {
  test("a signed-in visitor at / never sees the landing page's first view, even while the app's scripts are slow", async ({
    page,
    request,
  }) => {
    const account = await registerViaApi(request, "Sina", "Stored");
    await page.addInitScript(({ refreshToken }) => {
      if (!localStorage.getItem("cp.v1.refreshToken")) localStorage.setItem("cp.v1.refreshToken", JSON.stringify({ value: refreshToken }));
    }, account);
    await watchFirstView(page);
    const release = await holdAppScripts(page);

    await page.goto("/", { waitUntil: "commit" });
    await expect(page.locator("#first-view")).toBeAttached();
    await afterTwoFrames(page);
    await expect(page.locator("#first-view")).toBeHidden();

    release();
    await expect(page.getByRole("button", { name: "User menu" })).toBeVisible();
    expect(await firstViewWasShown(page)).toBe(false);
  });

  test("a signed-out visitor sees the static landing before the app loads, out of reach of assistive technology, and the app's page after", async ({
    page,
  }) => {
    const release = await holdAppScripts(page);
    await page.goto("/", { waitUntil: "commit" });

    const view = page.locator("#first-view");
    await expect(view).toBeVisible();
    await expect(view.getByText("Multi-day events", { exact: false })).toBeVisible();
    await expect(view).toHaveAttribute("inert", "");
    await expect(view).toHaveAttribute("aria-hidden", "true");
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Login" })).toHaveCount(0);
    await shot(page, "first-view-landing-static-1280");

    release();
    await expect(page.getByRole("heading", { level: 1, name: /Multi-day events/ })).toBeVisible();
    await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
    await expect(view).toHaveCount(0);
    await expectAccessible(page, "the landing page after the handoff");
  });

  test("the share page shows its static top (name, subtitle, dates) before the app, then the app's page with nothing moving", async ({
    page,
    request,
  }) => {
    const owner = await registerViaApi(request, "Rita", "Host");
    const name = "Lisbon weekend";
    const eventId = await experienceViaApi(request, owner, { name, days: 3 });
    expect(
      (await request.put(`/api/events/${eventId}`, { data: { subtitle: "Tiles, trams and custard tarts" }, headers: bearer(owner) })).ok(),
    ).toBe(true);

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      const release = await holdAppScripts(page);
      await page.goto(`/itinerary/${eventId}`, { waitUntil: "commit" });

      const view = page.locator("#first-view");
      await expect(view.locator("h1")).toHaveText(name);
      await expect(view.getByText("Tiles, trams and custard tarts")).toBeVisible();
      await expect(view.getByText(/ – .*· 3 days$/)).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(0);
      const before = await view.locator("h1").boundingBox();
      await shot(page, `first-view-share-static-${width}`);

      release();
      const heading = page.getByRole("heading", { level: 1, name });
      await expect(heading).toBeVisible();
      await expect(view).toHaveCount(0);
      await expect(page.getByText("Tiles, trams and custard tarts")).toBeVisible();
      const after = await heading.boundingBox();
      for (const side of ["x", "y", "width", "height"] as const)
        expect(Math.abs(after![side] - before![side]), `the heading's ${side}`).toBeLessThanOrEqual(1);
      await shot(page, `first-view-share-app-${width}`);
      await expectAccessible(page, `the share page at ${width} px`);
      await page.unrouteAll({ behavior: "wait" });
    }
  });

  test("on a phone, neither the landing nor the share page moves while the app replaces its first view", async ({ page, request }) => {
    const owner = await registerViaApi(request, "Lena", "Still");
    const eventId = await experienceViaApi(request, owner, { name: "Porto in three days", days: 3 });
    await watchLayoutShift(page);
    await likeAPhone(page);

    for (const [path, heading] of [
      ["/", /Multi-day events/],
      [`/itinerary/${eventId}`, "Porto in three days"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.locator("#first-view")).toHaveCount(0);
      await afterTwoFrames(page);
      // Nothing moves (Lighthouse fails a page from 0.1; a spinner under the first view, moved up with the app's page, made 1).
      expect(await layoutShift(page), `the layout shift of ${path}`).toBeLessThanOrEqual(0.01);
    }
  });

  test("the share page's app starts at the visitor's first key press, without waiting for a cover that is still loading", async ({
    page,
    request,
  }) => {
    const owner = await registerViaApi(request, "Cora", "Cover");
    const eventId = await experienceViaApi(request, owner, { name: "Slow cover trip" });
    const cover = { source: "LINK", rawUrl: "https://covers.example.com/slow.png" };
    expect((await request.post(`/api/events/${eventId}/image/external`, { data: cover, headers: bearer(owner) })).ok()).toBe(true);
    let deliverCover!: () => void;
    const coverArrives = new Promise<void>((resolve) => (deliverCover = resolve));
    await page.route("https://covers.example.com/**", async (route) => {
      await coverArrives;
      await route.fulfill({ contentType: "image/png", body: PNG_1x1 });
    });

    await page.goto(`/itinerary/${eventId}`, { waitUntil: "commit" });
    await expect(page.locator("#first-view h1")).toHaveText("Slow cover trip");
    // The page has not loaded (its cover has not arrived), so the app waits: the static view stays.
    await page.waitForTimeout(1500);
    await expect(page.locator("#first-view")).toBeVisible();

    await page.keyboard.press("Shift");
    await expect(page.getByRole("heading", { level: 1, name: "Slow cover trip" })).toBeVisible();
    await expect(page.locator("#first-view")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Join", exact: true })).toBeVisible();
    deliverCover();
  });
});
