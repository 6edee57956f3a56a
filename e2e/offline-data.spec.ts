import { pdf } from "./files";
import { expect, expectAccessible, test } from "./fixtures";
import { bearer, joinViaApi, lisbonOffsite, moveActivityViaApi, registerViaApi, shot, signInAs } from "./support";

// Issue 24, offline data: a guest's page keeps working when the network goes, even reloaded (the service worker's shell
// and the kept query cache), and says what changed when it returns.

test.use({ serviceWorkers: "allow" });

test("offline, a guest's page shows the itinerary and a saved ticket even after a reload, disables what needs the network, and back online says what changed", async ({
  page,
  context,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const olga = await registerViaApi(request, "Olga", "Organiser");
  const gus = await registerViaApi(request, "Gus", "Guest");
  const offsite = await lisbonOffsite(request, olga);
  const { eventId } = offsite;
  await joinViaApi(request, eventId, gus);
  const upload = await request.post(`/api/documents/event/${eventId}/user/${gus.guid}`, {
    multipart: { files: pdf("Gus ticket.pdf") },
    headers: bearer(olga),
  });
  expect(upload.ok()).toBe(true);

  await signInAs(page, gus, `/experiences/${eventId}/documents`);
  await page.getByRole("button", { name: "Save for offline: Gus ticket.pdf" }).click();
  await expect(page.getByText(/^Saved · /)).toBeVisible();
  await expect(page.getByText(/^Saved on this device: 1 file, /)).toBeVisible();
  await page.getByRole("link", { name: "Itinerary", exact: true }).click();
  await expect(page.getByText("Coach to Sintra").first()).toBeVisible();
  // The experience is kept in IndexedDB under Gus's id (the persister writes within a second).
  await expect
    .poll(() =>
      page.evaluate(
        (guid) =>
          new Promise<boolean>((resolve) => {
            const open = indexedDB.open("experiences-offline");
            open.onsuccess = () => {
              const read = open.result.transaction("query-cache").objectStore("query-cache").get(`queries:${guid}`);
              read.onsuccess = () => resolve(typeof read.result === "string" && read.result.includes("Coach to Sintra"));
              read.onerror = () => resolve(false);
            };
            open.onerror = () => resolve(false);
          }),
        gus.guid,
      ),
    )
    .toBe(true);

  // The service worker has the app's shell (it registers once the page has settled).
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });

  await context.setOffline(true);
  const offlineBanner = page.getByRole("status").filter({ hasText: /^Offline — updated \d\d:\d\d [AP]M / });
  await expect(offlineBanner).toBeVisible();
  const cantGo = page.getByRole("button", { name: "Can't go" });
  await expect(cantGo).toBeDisabled();
  await expect(cantGo).toHaveAttribute("title", "Needs a connection");
  // Reloaded without a network: the shell from the service worker, the itinerary from the kept cache.
  await page.reload();
  await expect(page.getByText("Coach to Sintra").first()).toBeVisible();
  await expect(offlineBanner).toBeVisible();
  // The RSVP row is kept like the itinerary: Gus's answer, its buttons disabled.
  await expect(cantGo).toBeDisabled();
  // One offline notice floats over the page's foot (spec 1's toast); 'Offline — updated …' stands in the page's flow.
  const toastBox = await page.getByText("You are offline. Some features may not be available.").boundingBox();
  const bannerBox = await offlineBanner.boundingBox();
  expect(toastBox && bannerBox && bannerBox.y + bannerBox.height <= toastBox.y).toBe(true);
  await page.getByRole("link", { name: "Social", exact: true }).click();
  await expect(
    page.getByText("The feed needs a connection: it is not kept on this device. It shows once you are back online."),
  ).toBeVisible();
  await page.getByRole("link", { name: "Documents", exact: true }).click();
  await expect(page.getByRole("link", { name: "Open Gus ticket.pdf" })).toHaveAttribute("href", /^blob:/);
  await expect(page.getByText(/^Common Documents need a connection: they are not kept on this device/)).toBeVisible();
  await expectAccessible(page, "the Documents tab offline");

  // Meanwhile Olga moves the coach; Gus comes back online.
  await moveActivityViaApi(request, olga, offsite, "08:30", "10:00");
  await context.setOffline(false);
  const news = page.getByRole("region", { name: "While you were offline" });
  await expect(news).toContainText("Coach to Sintra");
  await expect(page.getByText(/^Offline — updated/)).toBeHidden();
  await expect(cantGo).toBeEnabled();
  await expectAccessible(page, "back online");
  await shot(page, "offline-data-360", { fullPage: true });
});
