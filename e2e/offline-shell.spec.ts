import { expect, test } from "./fixtures";

// Issue 24: the app's shell is precached by its service worker, so a reload without a network shows the app, and a page
// never opened before still loads its code, instead of the browser's error page.

test.use({ serviceWorkers: "allow" });

test("the app is installable, and offline a reload shows it and a page never opened before loads from the precached shell", async ({
  page,
  context,
}) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The first service worker takes over the page that installed it once its precache is complete.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });

  // What Chromium (and Lighthouse's old installability audit) asks of an app to offer 'Install': none missing but the
  // test's own browser profile, which is a private one.
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  expect(installabilityErrors.filter((error) => error.errorId !== "in-incognito")).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(page.url()).not.toContain("chrome-error");

  // A lazy route's chunk comes from the precache too.
  await page.goto("/privacy-policy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  await context.setOffline(false);
});

test("the web app manifest (application/manifest+json) names the app, its start, standalone display and its icons, maskable one included", async ({
  request,
}) => {
  const response = await request.get("/manifest.webmanifest");
  expect(response.ok()).toBe(true);
  expect(response.headers()["content-type"]).toContain("application/manifest+json");
  const manifest = (await response.json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: { sizes: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({ name: "Experiences", start_url: "/", display: "standalone" });
  expect(manifest.icons.map((icon) => `${icon.sizes}${icon.purpose ? ` ${icon.purpose}` : ""}`)).toEqual([
    "192x192",
    "512x512",
    "512x512 maskable",
  ]);
  for (const icon of ["/icon-192.png", "/icon-512.png", "/icon-512-maskable.png"]) expect((await request.get(icon)).ok(), icon).toBe(true);
  // The browser looks for a new build at every visit: the worker's script is never taken from an HTTP cache.
  const worker = await request.get("/sw.js");
  expect(worker.headers()["cache-control"]).toBe("no-cache");
  expect(worker.headers()["content-type"]).toContain("javascript");
});

test("a new build deployed while a page is open offers 'Update available'; 'Reload' loads the page once under the new worker", async ({
  page,
}) => {
  await page.goto("/privacy-policy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  const firstWorker = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.active!.scriptURL);

  // The deploy, as the browser sees it: another worker script for the app's scope installs beside the one in control
  // and waits (Playwright cannot answer the browser's own update check of /sw.js with other bytes).
  await page.evaluate(async () => void (await navigator.serviceWorker.register("/sw.js?build=next", { scope: "/" })));
  const toast = page.getByRole("status").filter({ hasText: "Update available" });
  await expect(toast).toBeVisible({ timeout: 30_000 });

  let loads = 0;
  page.on("load", () => loads++);
  const reloaded = page.waitForEvent("load");
  await toast.getByRole("button", { name: "Reload" }).click();
  await reloaded;
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  await expect(page.getByText("Update available")).toHaveCount(0);
  await page.waitForTimeout(500);
  expect(loads).toBe(1);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.waiting)).toBeNull();
  expect(firstWorker).toMatch(/\/sw\.js$/);
  expect(await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL)).toMatch(/\/sw\.js\?build=next$/);
});
