import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pushSubscriptions } from "@worker/db/schema";
import { toBase64Url } from "@worker/lib/crypto";
import { apiAs, errorOf } from "@worker/test/client";
import { db, makeUser } from "@worker/test/helpers";
import { fakeSubscriber } from "@worker/test/push";
import { NOTIFICATION_MESSAGES, PUSH_SUBSCRIPTIONS_MAX } from "./notifications.schema";

// POST / DELETE /api/notifications/push-subscriptions (docs/notifications.md): the Worker later fetches every endpoint
// saved here, so only the browsers' push services are taken, with a real P-256 key, a few per person, each its owner's.

const AUTH = "A".repeat(22);
/** A browser's subscription as PushSubscription.toJSON() gives it: a real P-256 key, at FCM unless told. */
async function subscription(endpoint = `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`) {
  const { keys } = await fakeSubscriber();
  return { endpoint, expirationTime: null, keys };
}
type Body = Awaited<ReturnType<typeof subscription>>;
const subscribe = (token: string, json: Body) => apiAs(token).api.notifications["push-subscriptions"].$post({ json });
const unsubscribe = (token: string, endpoint: string) =>
  apiAs(token).api.notifications["push-subscriptions"].$delete({ json: { endpoint } });
const storedSubscription = async (endpoint: string) =>
  (await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))[0];
const storedOf = (userId: string) => db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe("a browser's push subscription", () => {
  it("is kept for the caller (201), and saved again it keeps its id with the new keys", async () => {
    const person = await makeUser();
    const body = await subscription();
    const response = await subscribe(person.token, body);
    expect(response.status).toBe(201);
    const { id } = await response.json();
    const again = await subscribe(person.token, { ...body, keys: { ...body.keys, auth: "B".repeat(22) } });
    expect(await again.json()).toEqual({ id });
    expect(await storedSubscription(body.endpoint)).toMatchObject({ id, userId: person.id, auth: "B".repeat(22) });
  });

  it("takes the endpoints of Google's, Mozilla's, Apple's and Microsoft's push services", async () => {
    const person = await makeUser();
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/abc:def",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAAA",
      "https://web.push.apple.com/QGtLaf",
      "https://wns2-par02p.notify.windows.com/w/?token=BQYAAA",
    ]) {
      const response = await subscribe(person.token, await subscription(endpoint));
      expect(response.status, endpoint).toBe(201);
    }
  });

  it("answers 400 naming why to an endpoint that is not a browser's push service, and keeps nothing", async () => {
    const person = await makeUser();
    const refusals: [string, string][] = [
      ["http://fcm.googleapis.com/fcm/send/x", NOTIFICATION_MESSAGES.endpointNotHttps],
      ["ftp://fcm.googleapis.com/x", NOTIFICATION_MESSAGES.endpointNotHttps],
      ["https://user:pass@fcm.googleapis.com/fcm/send/x", NOTIFICATION_MESSAGES.endpointUserInfo],
      ["https://fcm.googleapis.com@127.0.0.1/x", NOTIFICATION_MESSAGES.endpointUserInfo],
      ["https://fcm.googleapis.com:9443/fcm/send/x", NOTIFICATION_MESSAGES.endpointPort],
      ["https://127.0.0.1:9443/x", NOTIFICATION_MESSAGES.endpointPort],
      ["https://127.0.0.1/x", NOTIFICATION_MESSAGES.endpointAddress],
      ["https://2130706433/x", NOTIFICATION_MESSAGES.endpointAddress],
      ["https://0x7f000001/x", NOTIFICATION_MESSAGES.endpointAddress],
      ["https://0177.0.0.1/x", NOTIFICATION_MESSAGES.endpointAddress],
      ["https://127.1/x", NOTIFICATION_MESSAGES.endpointAddress],
      ["https://[::1]/x", NOTIFICATION_MESSAGES.endpointAddress],
      ["https://[::ffff:127.0.0.1]/x", NOTIFICATION_MESSAGES.endpointAddress],
      ["https://push.example.com/s/x", NOTIFICATION_MESSAGES.endpointNotPushService],
      ["https://fcm.googleapis.com.evil.example/x", NOTIFICATION_MESSAGES.endpointNotPushService],
      ["https://evilfcm.googleapis.com/x", NOTIFICATION_MESSAGES.endpointNotPushService],
      ["https://fcm.googleapis.com./x", NOTIFICATION_MESSAGES.endpointNotPushService],
      ["https://localhost/x", NOTIFICATION_MESSAGES.endpointNotPushService],
      ["https:///x", NOTIFICATION_MESSAGES.endpointNotPushService],
      ["not a url", NOTIFICATION_MESSAGES.badSubscription],
    ];
    for (const [endpoint, message] of refusals) {
      const response = await subscribe(person.token, await subscription(endpoint));
      expect([response.status, await errorOf(response)], endpoint).toEqual([400, message]);
    }
    expect(await storedOf(person.id)).toEqual([]);
  });

  it("answers 400 to a p256dh that is not an uncompressed P-256 point, or a key of the wrong length, and keeps nothing", async () => {
    const person = await makeUser();
    const body = await subscription();
    const point = new Uint8Array(65);
    point[0] = 0x04;
    const compressed = new Uint8Array(33);
    compressed[0] = 0x02;
    for (const p256dh of [toBase64Url(point), toBase64Url(new Uint8Array(65)), `${"A".repeat(43)}`, toBase64Url(compressed)]) {
      const response = await subscribe(person.token, { ...body, keys: { p256dh, auth: AUTH } });
      expect(response.status, p256dh).toBe(400);
      expect([NOTIFICATION_MESSAGES.badKey, NOTIFICATION_MESSAGES.badSubscription]).toContain(await errorOf(response));
    }
    expect(await errorOf(await subscribe(person.token, { ...body, keys: { p256dh: toBase64Url(point), auth: AUTH } }))).toBe(
      NOTIFICATION_MESSAGES.badKey,
    );
    const shortAuth = await subscribe(person.token, { ...body, keys: { ...body.keys, auth: "AAAA" } });
    expect(await errorOf(shortAuth)).toBe(NOTIFICATION_MESSAGES.badSubscription);
    expect(await storedSubscription(body.endpoint)).toBeUndefined();
  });

  it(`keeps a person's newest ${PUSH_SUBSCRIPTIONS_MAX} browsers: one more drops the oldest, also when saved side by side`, async () => {
    const person = await makeUser();
    const bodies: Body[] = [];
    for (let n = 0; n < PUSH_SUBSCRIPTIONS_MAX; n++) {
      bodies.push(await subscription());
      expect((await subscribe(person.token, bodies[n]!)).status).toBe(201);
    }
    const newest = await subscription();
    expect((await subscribe(person.token, newest)).status).toBe(201);
    const kept = (await storedOf(person.id)).map((row) => row.endpoint);
    expect(kept).toHaveLength(PUSH_SUBSCRIPTIONS_MAX);
    expect(kept).not.toContain(bodies[0]!.endpoint);
    expect(kept).toContain(newest.endpoint);

    const burst = await Promise.all(Array.from({ length: 15 }, () => subscription()));
    const answers = await Promise.all(burst.map((body) => subscribe(person.token, body)));
    expect(answers.map((answer) => answer.status)).toEqual(burst.map(() => 201));
    expect(await storedOf(person.id)).toHaveLength(PUSH_SUBSCRIPTIONS_MAX);
  });

  it("answers 409 to an endpoint another account holds, which stays with the account that saved it", async () => {
    const [first, second] = [await makeUser(), await makeUser()];
    const body = await subscription();
    await subscribe(first.token, body);
    const taken = await subscribe(second.token, { ...body, keys: (await subscription()).keys });
    expect(taken.status).toBe(409);
    expect(await errorOf(taken)).toBe(NOTIFICATION_MESSAGES.endpointTaken);
    expect(await storedSubscription(body.endpoint)).toMatchObject({ userId: first.id, p256dh: body.keys.p256dh });
    // Once its account removed it, the browser is free for the next.
    await unsubscribe(first.token, body.endpoint);
    expect((await subscribe(second.token, body)).status).toBe(201);
    expect((await storedSubscription(body.endpoint))?.userId).toBe(second.id);
  });

  it("is deleted by its own account only ('Stop on this device')", async () => {
    const [owner, other] = [await makeUser(), await makeUser()];
    const body = await subscription();
    await subscribe(owner.token, body);
    expect((await unsubscribe(other.token, body.endpoint)).status).toBe(200);
    expect(await storedSubscription(body.endpoint)).toBeDefined();
    expect(await (await unsubscribe(owner.token, body.endpoint)).json()).toEqual({ success: true });
    expect(await storedSubscription(body.endpoint)).toBeUndefined();
  });
});
