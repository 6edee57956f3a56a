import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { baseURL } from "./playwright.config";
import { joinViaApi, lisbonOffsite, moveActivityViaApi, registerViaApi, signInAs } from "./support";

// Issue 22: an organiser moves an activity; the guest hears of it once, by e-mail, by push on the device where they
// chose 'Notify me', and in the app. The push service is third-party: the browser's subscription is faked at that
// boundary (Chromium cannot reach one offline), and what the Worker would have sent is delivered to the page's real
// service worker through the DevTools protocol.

interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** The browser's side of the push service, faked: a subscription with an endpoint of its own (no network needed). */
async function fakePushService(context: BrowserContext) {
  await context.grantPermissions(["notifications"], { origin: baseURL });
  await context.addInitScript(() => {
    // The Worker takes only a browser's push service and a real P-256 key (docs/notifications.md).
    const endpoint = `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`;
    const base64Url = (bytes: ArrayBuffer) =>
      btoa(String.fromCharCode(...new Uint8Array(bytes)))
        .replace(/\+/g, "-")
        .replace(/\//g, "_")
        .replace(/=+$/, "");
    const json = {
      endpoint,
      expirationTime: null,
      keys: { p256dh: "", auth: base64Url(crypto.getRandomValues(new Uint8Array(16)).buffer) },
    };
    let subscribed = false;
    const subscription = { endpoint, toJSON: () => json, unsubscribe: async () => !(subscribed = false) };
    PushManager.prototype.subscribe = async function () {
      const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
      json.keys.p256dh = base64Url(await crypto.subtle.exportKey("raw", pair.publicKey));
      subscribed = true;
      return subscription as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return (subscribed ? subscription : null) as unknown as PushSubscription | null;
    };
  });
}

/** Hands a push to the page's service worker, as the push service would, and answers the notifications it shows. */
async function deliverPush(page: Page, payload: unknown) {
  const cdp = await page.context().newCDPSession(page);
  const registrations: string[] = [];
  cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations: updated }) =>
    registrations.push(...updated.filter((r) => !r.isDeleted && r.scopeURL.startsWith(baseURL)).map((r) => r.registrationId)),
  );
  await cdp.send("ServiceWorker.enable");
  await expect.poll(() => registrations.length).toBeGreaterThan(0);
  await cdp.send("ServiceWorker.deliverPushMessage", { origin: baseURL, registrationId: registrations[0]!, data: JSON.stringify(payload) });
  const worker = page.context().serviceWorkers()[0] ?? (await page.context().waitForEvent("serviceworker"));
  let shown: { title: string; body: string }[] = [];
  await expect
    .poll(async () => {
      shown = await worker.evaluate(async () => {
        const { registration } = self as unknown as { registration: ServiceWorkerRegistration };
        return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body }));
      });
      return shown.length;
    })
    .toBeGreaterThan(0);
  return shown;
}

/** Olga's Lisbon offsite (lisbonOffsite) and Gus, its guest, who joins once the coach's creation has been told (to no one: its author is the only participant yet). */
async function offsiteWithGus(request: APIRequestContext) {
  const olga = await registerViaApi(request, "Olga", "Organiser");
  const gus = await registerViaApi(request, "Gus", "Guest");
  const offsite = await lisbonOffsite(request, olga);
  await request.post(`/dev/notifications/${offsite.eventId}/flush`);
  await joinViaApi(request, offsite.eventId, gus);
  return { olga, gus, offsite };
}

test.use({ timezoneId: "Asia/Tokyo", serviceWorkers: "allow" });

test("a guest hears of a moved coach once: a digest e-mail with old → new on Lisbon's clock, a push on their device, and a note on the page", async ({
  page,
  context,
  request,
}) => {
  const { olga, gus, offsite } = await offsiteWithGus(request);
  const { eventId } = offsite;

  // Gus chooses 'Notify me' on the experience's page: only then is permission asked, of the app's service worker.
  await fakePushService(context);
  await signInAs(page, gus, `/experiences/${eventId}`);
  await expect(page.getByRole("heading", { name: "Lisbon Offsite" })).toBeVisible();
  // 'Notify me on this device' waits for the app's service worker, which precaches the app as it installs: on a busy
  // machine that takes longer than an assertion's wait, so the test waits for it as offline-shell.spec.ts does.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  await page.getByRole("button", { name: "Notify me" }).click();
  const panel = page.getByRole("group", { name: "Notifications for this experience" });
  await panel.getByRole("button", { name: "Notify me on this device" }).click();
  await expect(page.getByText("Notifications are on for this device")).toBeVisible();

  // Olga moves the coach twice within the window: 09:00 → 08:00 → 08:30. Gus is told once, of 09:00 → 08:30.
  for (const start of ["08:00", "08:30"]) await moveActivityViaApi(request, olga, offsite, start, "10:00");
  const { digestId } = (await (await request.post(`/dev/notifications/${eventId}/flush`)).json()) as { digestId: string | null };
  expect(digestId).not.toBeNull();

  // One mail about the experience, however long the queue takes.
  let digests: Mail[] = [];
  await expect
    .poll(async () => {
      const mails = (await (await request.get("/dev/mailbox.json")).json()) as Mail[];
      digests = mails.filter((m) => m.to === gus.email.toLowerCase() && m.subject.includes("Lisbon Offsite"));
      return digests.length;
    })
    .toBe(1);
  const mail = digests[0]!;
  expect(mail.text).toContain("Coach to Sintra: 09:00 AM → 08:30 AM Lisbon time");
  expect(mail.text).not.toContain("08:00 AM");
  const mails = (await (await request.get("/dev/mailbox.json")).json()) as Mail[];
  expect(mails.some((m) => m.to === olga.email.toLowerCase() && m.subject.includes("Lisbon Offsite"))).toBe(false);

  // The push the Worker queued for Gus's device reaches his service worker and shows.
  let pushed: { endpoint: string; payload: { title: string; body: string } } | undefined;
  const endpoint = await page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription())!.endpoint);
  await expect
    .poll(async () => {
      const box = (await (await request.get("/dev/pushbox.json")).json()) as (typeof pushed & {})[];
      pushed = box.find((row) => row.endpoint === endpoint);
      return Boolean(pushed);
    })
    .toBe(true);
  expect(pushed!.payload.body).toContain("Coach to Sintra: 09:00 AM → 08:30 AM Lisbon time");
  const shown = await deliverPush(page, pushed!.payload);
  expect(shown).toEqual([{ title: pushed!.payload.title, body: pushed!.payload.body }]);

  // Back on the page, the note says what changed since he last looked, on Lisbon's clock from a Tokyo browser.
  await page.reload();
  const note = page.getByRole("region", { name: "What changed since you last looked" });
  await expect(note).toContainText("Coach to Sintra: 09:00 AM → 08:30 AM Lisbon time");
  await note.getByRole("button", { name: "Dismiss" }).click();
  await expect(note).toBeHidden();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Lisbon Offsite" })).toBeVisible();
  await expect(note).toBeHidden();
});

test("the stop link of a digest ends that kind of e-mail without a sign-in, and the person's settings say so", async ({
  page,
  request,
}) => {
  const { olga, gus, offsite } = await offsiteWithGus(request);
  const { eventId } = offsite;
  await moveActivityViaApi(request, olga, offsite, "08:30", "10:00");
  await request.post(`/dev/notifications/${eventId}/flush`);
  let stop: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await request.get("/dev/mailbox.json")).json()) as Mail[];
      const digest = mails.find((m) => m.to === gus.email.toLowerCase() && m.subject.includes("Lisbon Offsite"));
      stop = digest && /Stop e-mails about itinerary changes: (\S+)/.exec(digest.text)?.[1];
      return Boolean(stop);
    })
    .toBe(true);

  await page.goto(new URL(stop!).pathname + new URL(stop!).search);
  await expect(page.getByText("You will no longer get e-mails about itinerary changes.")).toBeVisible();

  await signInAs(page, gus, "/profile/notifications");
  await expect(page.getByRole("switch", { name: "Itinerary changes by e-mail" })).not.toBeChecked();
  await expect(page.getByRole("switch", { name: "Bulletins by e-mail" })).toBeChecked();
  await page.getByRole("switch", { name: "Itinerary changes by e-mail" }).click();
  await expect(page.getByRole("switch", { name: "Itinerary changes by e-mail" })).toBeChecked();
  await page.reload();
  await expect(page.getByRole("switch", { name: "Itinerary changes by e-mail" })).toBeChecked();
});
