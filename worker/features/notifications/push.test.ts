import { env } from "cloudflare:workers";
import { eq, inArray, like } from "drizzle-orm";
import { importJWK, jwtVerify } from "jose";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { notificationPrefs, pushOutbox, pushSubscriptions } from "@worker/db/schema";
import type { NotifyMessage } from "@worker/env";
import { toBase64Url } from "@worker/lib/crypto";
import { coachMoved, consumeNotify, holdQueues, makeDigest } from "@worker/test/digest";
import { addGuest, db, makeEvent, makeUser, PRODUCTION_BINDINGS } from "@worker/test/helpers";
import { decryptPush, fakeSubscriber, type FakeSubscriber } from "@worker/test/push";
import { PUSH_SUBSCRIPTIONS_MAX } from "./notifications.schema";
import { NOTIFY_DEAD_LETTER_QUEUE } from "./notify-queue";

// Web Push from the Worker (docs/notifications.md, 'Push'): the push service is a fake at the fetch boundary, and
// each subscriber decrypts what it receives as a browser would.

const production = { ...env, ...PRODUCTION_BINDINGS };

let queues: ReturnType<typeof holdQueues>;
beforeEach(() => {
  queues = holdQueues();
});
afterEach(() => vi.restoreAllMocks());

interface Received {
  url: string;
  headers: Headers;
  body: Uint8Array;
}

/** The fake push service: records each request and answers `statusOf(endpoint)` (201 unless told otherwise). */
function pushService(statusOf: (url: string) => number | Response = () => 201) {
  const received: Received[] = [];
  const fetch = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    received.push({ url: request.url, headers: request.headers, body: new Uint8Array(await request.arrayBuffer()) });
    const answer = statusOf(request.url);
    return typeof answer === "number" ? new Response(null, { status: answer }) : answer;
  });
  return { received, fetch };
}

async function subscribe(userId: string, subscriber: FakeSubscriber) {
  const id = crypto.randomUUID();
  await db()
    .insert(pushSubscriptions)
    .values({ id, userId, endpoint: subscriber.endpoint, ...subscriber.keys });
  return id;
}

/** Lisbon Offsite with a guest on two browsers and another on one; the coach moved; the digest handled in production. */
async function pushedDigest({ urgent = true } = {}) {
  const owner = await makeUser({ firstName: "Olga" });
  const [yara, mia] = await Promise.all([makeUser({ firstName: "Yara" }), makeUser({ firstName: "Mia" })]);
  const event = await makeEvent(owner.id, { name: "Lisbon Offsite", timeZone: "Europe/Lisbon" });
  await Promise.all([addGuest(event.id, yara!), addGuest(event.id, mia!)]);
  const browsers = await Promise.all([fakeSubscriber(), fakeSubscriber(), fakeSubscriber()]);
  const subscriptionIds = [
    await subscribe(yara!.id, browsers[0]!),
    await subscribe(yara!.id, browsers[1]!),
    await subscribe(mia!.id, browsers[2]!),
  ];
  const digestId = await makeDigest(event.id, [coachMoved(owner.id, urgent)]);
  await consumeNotify([{ type: "digest", digestId }], production);
  const pushes = queues.notifyMessages().filter((message): message is Extract<NotifyMessage, { type: "push" }> => message.type === "push");
  return { event, owner, browsers, subscriptionIds, digestId, pushes };
}

const statuses = async (digestId: string) =>
  Object.fromEntries(
    (
      await db()
        .select()
        .from(pushOutbox)
        .where(like(pushOutbox.id, `${digestId}:%`))
    ).map((row) => [row.subscriptionId, row.status]),
  );

describe("Web Push of a digest", () => {
  it("queues one push per browser, which the browser decrypts to the news, with the TTL, urgency, topic and a VAPID signature of the app's key", async () => {
    const { event, browsers, subscriptionIds, digestId, pushes } = await pushedDigest();
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.ids.sort()).toEqual(subscriptionIds.map((id) => `${digestId}:${id}:itinerary`).sort());
    const service = pushService();
    const result = await consumeNotify(pushes, production);
    expect(result.explicitAcks).toHaveLength(1);
    expect(service.received.map((push) => push.url).sort()).toEqual(browsers.map((browser) => browser.endpoint).sort());
    const push = service.received.find((received) => received.url === browsers[0]!.endpoint)!;
    expect(await decryptPush(browsers[0]!, push.body)).toEqual({
      title: "Lisbon Offsite: 1 itinerary change",
      body: "Coach to Sintra: 09:00 AM → 08:30 AM Lisbon time",
      url: `/experiences/${event.id}/itinerary`,
      tag: `${event.id}:itinerary`,
    });
    expect(push.headers.get("Content-Encoding")).toBe("aes128gcm");
    // Padded to what every push service must accept, so its length tells nothing of the news.
    expect(push.body.length).toBe(4096);
    expect(push.headers.get("TTL")).toBe(String(6 * 60 * 60));
    expect(push.headers.get("Urgency")).toBe("high");
    expect(push.headers.get("Topic")).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const [, jwt, key] = /^vapid t=([^,]+), k=(.+)$/.exec(push.headers.get("Authorization")!)!;
    expect(key).toBe(PRODUCTION_BINDINGS.VAPID_PUBLIC_KEY);
    const raw = Uint8Array.from(atob(key!.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
    const publicKey = await importJWK(
      { kty: "EC", crv: "P-256", x: toBase64Url(raw.slice(1, 33)), y: toBase64Url(raw.slice(33, 65)) },
      "ES256",
    );
    const { payload } = await jwtVerify(jwt!, publicKey, { audience: "https://fcm.googleapis.com" });
    expect(payload.sub).toBe(env.VAPID_SUBJECT);
    expect(new Set(Object.values(await statuses(digestId)))).toEqual(new Set(["SENT"]));
    const [subscription] = await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionIds[0]!));
    expect(subscription!.lastSuccessAt).not.toBeNull();
  });

  it("gives later news a day to arrive at a normal urgency", async () => {
    const { pushes } = await pushedDigest({ urgent: false });
    const service = pushService();
    await consumeNotify(pushes, production);
    expect(service.received.map((push) => [push.headers.get("TTL"), push.headers.get("Urgency")])).toEqual(
      Array(3).fill([String(24 * 60 * 60), "normal"]),
    );
  });

  it("deletes a subscription its push service answers 410 for, and the other browsers still get theirs", async () => {
    const { browsers, subscriptionIds, digestId, pushes } = await pushedDigest();
    const service = pushService((url) => (url === browsers[1]!.endpoint ? 410 : 201));
    const result = await consumeNotify(pushes, production);
    expect(result.explicitAcks).toHaveLength(1);
    expect(service.received).toHaveLength(3);
    const left = await db()
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.id, subscriptionIds));
    expect(left.map((row) => row.id).sort()).toEqual([subscriptionIds[0]!, subscriptionIds[2]!].sort());
    expect(await statuses(digestId)).toEqual({ [subscriptionIds[0]!]: "SENT", [subscriptionIds[2]!]: "SENT" });
  });

  it("retries what a push service answers 500 or 429 for, after the delay it asks, and sends only those again", async () => {
    const { browsers, subscriptionIds, digestId, pushes } = await pushedDigest();
    vi.spyOn(console, "error").mockImplementation(() => {});
    pushService((url) =>
      url === browsers[0]!.endpoint
        ? 500
        : url === browsers[1]!.endpoint
          ? new Response(null, { status: 429, headers: { "Retry-After": "120" } })
          : 201,
    );
    const result = await consumeNotify(pushes, production);
    expect(result.retryMessages).toHaveLength(1);
    expect(result.delays()).toEqual([120]);
    expect(await statuses(digestId)).toEqual({
      [subscriptionIds[0]!]: "QUEUED",
      [subscriptionIds[1]!]: "QUEUED",
      [subscriptionIds[2]!]: "SENT",
    });
    vi.restoreAllMocks();
    const again = pushService();
    await consumeNotify(pushes, production, { attempts: 2 });
    expect(again.received.map((push) => push.url).sort()).toEqual([browsers[0]!.endpoint, browsers[1]!.endpoint].sort());
  });

  it("waits 30 s, then longer, before retrying a push service that cannot be reached or gives no Retry-After", async () => {
    const { pushes } = await pushedDigest();
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("network down"));
    expect((await consumeNotify(pushes, production, { attempts: 2 })).delays()).toEqual([60]);
  });

  it("marks a push its service refuses for good (400, 403, 413) FAILED, and what reaches the dead-letter queue", async () => {
    const { browsers, subscriptionIds, digestId, pushes } = await pushedDigest();
    vi.spyOn(console, "error").mockImplementation(() => {});
    pushService((url) => (url === browsers[0]!.endpoint ? 403 : url === browsers[1]!.endpoint ? 500 : 201));
    await consumeNotify(pushes, production);
    const dead = await consumeNotify(pushes, production, { queue: NOTIFY_DEAD_LETTER_QUEUE });
    expect(dead.ackAll).toBe(true);
    expect(await statuses(digestId)).toEqual({
      [subscriptionIds[0]!]: "FAILED",
      [subscriptionIds[1]!]: "FAILED",
      [subscriptionIds[2]!]: "SENT",
    });
  });

  it("in development marks pushes SENT without calling a push service: the outbox is the box", async () => {
    const { digestId, pushes } = await pushedDigest();
    const service = pushService();
    await consumeNotify(pushes);
    expect(service.fetch).not.toHaveBeenCalled();
    expect(new Set(Object.values(await statuses(digestId)))).toEqual(new Set(["SENT"]));
  });

  it("never fetches an endpoint saved before only push services were taken (127.0.0.1:9443), and forgets it", async () => {
    const owner = await makeUser();
    const guest = await makeUser();
    const event = await makeEvent(owner.id);
    await addGuest(event.id, guest);
    const good = await fakeSubscriber();
    const goodId = await subscribe(guest.id, good);
    await subscribe(guest.id, { ...(await fakeSubscriber()), endpoint: "https://127.0.0.1:9443/push" });
    const digestId = await makeDigest(event.id, [coachMoved(owner.id)]);
    await consumeNotify([{ type: "digest", digestId }], production);
    const pushes = queues
      .notifyMessages()
      .filter((message): message is Extract<NotifyMessage, { type: "push" }> => message.type === "push");
    const service = pushService();
    await consumeNotify(pushes, production);
    expect(service.received.map((push) => push.url)).toEqual([good.endpoint]);
    const left = await db().select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, guest.id));
    expect(left.map((row) => row.id)).toEqual([goodId]);
  });

  it(`pushes to a person's newest ${PUSH_SUBSCRIPTIONS_MAX} browsers only, however many were saved before the cap`, async () => {
    const owner = await makeUser();
    const guest = await makeUser();
    const event = await makeEvent(owner.id);
    await addGuest(event.id, guest);
    const ids: string[] = [];
    for (let n = 0; n < PUSH_SUBSCRIPTIONS_MAX + 3; n++) {
      ids.push(await subscribe(guest.id, await fakeSubscriber()));
      await db()
        .update(pushSubscriptions)
        .set({ createdAt: new Date(Date.now() - (100 - n) * 1000) })
        .where(eq(pushSubscriptions.id, ids[n]!));
    }
    const digestId = await makeDigest(event.id, [coachMoved(owner.id)]);
    await consumeNotify([{ type: "digest", digestId }], production);
    expect(Object.keys(await statuses(digestId)).sort()).toEqual(ids.slice(3).sort());
  });

  it("pushes nothing of a kind its reader switched off for push", async () => {
    const owner = await makeUser();
    const guest = await makeUser();
    const event = await makeEvent(owner.id);
    await addGuest(event.id, guest);
    await subscribe(guest.id, await fakeSubscriber());
    await db().insert(notificationPrefs).values({ userId: guest.id, kind: "itinerary", channel: "push", enabled: false });
    const digestId = await makeDigest(event.id, [coachMoved(owner.id)]);
    await consumeNotify([{ type: "digest", digestId }], production);
    expect(queues.notifyMessages()).toEqual([]);
    expect(await statuses(digestId)).toEqual({});
  });
});
