import { env, exports } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { changeLog, notificationPrefs, rsvps } from "@worker/db/schema";
import type { ChangeEntry } from "@worker/domain/change-log";
import { notificationLinks } from "@worker/lib/mail/notification-links";
import { NOTIFY_DEFAULTS } from "@worker/shared/notify-kinds";
import { apiAs, errorOf } from "@worker/test/client";
import { db, makeUser } from "@worker/test/helpers";
import { crew } from "@worker/test/people";
import { NOTIFICATION_MESSAGES } from "./notifications.schema";

const preferences = (token: string) => apiAs(token).api.notifications.preferences.$get();
const setPreferences = (
  token: string,
  json: Parameters<ReturnType<typeof apiAs>["api"]["notifications"]["preferences"]["$put"]>[0]["json"],
) => apiAs(token).api.notifications.preferences.$put({ json });
const mute = (token: string, eventId: string, muted: boolean) =>
  apiAs(token).api.notifications.mutes[":eventId"].$put({ param: { eventId }, json: { muted } });

describe("a person's notification switches", () => {
  it("are the defaults until they change one: e-mail on for all but comments, push on for all", async () => {
    const person = await makeUser();
    const response = await preferences(person.token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ...NOTIFY_DEFAULTS, muted: [] });
  });

  it("change only where named, and stay changed", async () => {
    const person = await makeUser();
    const changed = await setPreferences(person.token, { email: { bulletins: false }, push: { comments: false } });
    const expected = {
      email: { ...NOTIFY_DEFAULTS.email, bulletins: false },
      push: { ...NOTIFY_DEFAULTS.push, comments: false },
      muted: [],
    };
    expect(await changed.json()).toEqual(expected);
    await setPreferences(person.token, { email: { comments: true } });
    expect(await (await preferences(person.token)).json()).toEqual({ ...expected, email: { ...expected.email, comments: true } });
    // Someone else's stay at the defaults.
    expect(await (await preferences((await makeUser()).token)).json()).toEqual({ ...NOTIFY_DEFAULTS, muted: [] });
  });

  it("answers 400 in words to a switch that is not true or false, and changes nothing", async () => {
    const person = await makeUser();
    const response = await setPreferences(person.token, { email: { bulletins: "off" as unknown as boolean } });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("bulletins must be true or false");
    expect(await (await preferences(person.token)).json()).toEqual({ ...NOTIFY_DEFAULTS, muted: [] });
  });

  it("answers 401 signed out", async () => {
    expect((await apiAs().api.notifications.preferences.$get()).status).toBe(401);
  });
});

describe("muting an experience", () => {
  it("lists it, by name, among the muted experiences of a guest until they unmute it", async () => {
    const { event, guest } = await crew({ name: "Lisbon Food Week" });
    const response = await mute(guest.token, event.id, true);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ eventId: event.id, muted: true });
    expect((await mute(guest.token, event.id, true)).status).toBe(200);
    expect((await (await preferences(guest.token)).json()).muted).toEqual([{ eventId: event.id, name: "Lisbon Food Week" }]);

    await mute(guest.token, event.id, false);
    expect((await (await preferences(guest.token)).json()).muted).toEqual([]);
  });

  it("is for participants: the owner and a MAYBE guest may; someone asking to join or invited gets 403 on a public experience", async () => {
    const { event, owner, other, asking, invited } = await crew();
    expect((await mute(owner.token, event.id, true)).status).toBe(200);
    expect((await mute(other.token, event.id, true)).status).toBe(200);
    for (const outsider of [asking, invited]) {
      const response = await mute(outsider.token, event.id, true);
      expect(response.status).toBe(403);
      expect(await errorOf(response)).toBe(NOTIFICATION_MESSAGES.notParticipant);
    }
  });

  it("answers 404 to a stranger of a private experience, as for one that does not exist", async () => {
    const { event, stranger } = await crew({ privacy: "PRIVATE" });
    expect((await mute(stranger.token, event.id, true)).status).toBe(404);
    expect((await mute(stranger.token, crypto.randomUUID(), true)).status).toBe(404);
    expect((await (await preferences(stranger.token)).json()).muted).toEqual([]);
  });
});

/** Writes change-log rows as the writers do (A's services), by `actorId`. */
async function logged(eventId: string, actorId: string | null, ...entries: Partial<ChangeEntry>[]) {
  const rows = entries.map((entry) => ({
    eventId,
    actorId,
    kind: "itinerary" as const,
    subjectType: "activity" as const,
    subjectId: "activity-1",
    field: "location" as const,
    label: "Coach to Sintra",
    oldValue: "Rossio",
    newValue: "Belém",
    recipientId: null,
    urgent: true,
    ...entry,
  }));
  return db().insert(changeLog).values(rows).returning({ seq: changeLog.seq });
}

const rsvpIdOf = async (eventId: string, userId: string) =>
  (
    await db()
      .select({ id: rsvps.id })
      .from(rsvps)
      .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, userId)))
  )[0]!.id;
const changes = (token: string, eventId: string, since?: number) =>
  apiAs(token).api.events[":eventId"].changes.$get({ param: { eventId }, query: since === undefined ? {} : { since: String(since) } });
const seen = (token: string, eventId: string, seq: number) =>
  apiAs(token).api.events[":eventId"].changes.seen.$put({ param: { eventId }, json: { seq } });
const texts = async (response: Awaited<ReturnType<typeof changes>>) => (await response.json()).changes.map((change) => change.text);

/** The change-log row of Ana Asks's request to join, as the RSVP service writes it. */
const askedToJoin = async (eventId: string, asking: { id: string }) =>
  logged(eventId, asking.id, {
    kind: "requests",
    subjectType: "rsvp",
    subjectId: await rsvpIdOf(eventId, asking.id),
    field: "requested",
    label: "Ana Asks",
    oldValue: null,
    newValue: null,
  });

describe("'What changed since you last looked'", () => {
  it("tells nothing on a first look (no marker), then what others changed after the marker, newest first, with who did it", async () => {
    const { event, owner, guest } = await crew();
    const [before] = await logged(event.id, owner.id, { newValue: "Cascais" });
    const first = await (await changes(guest.token, event.id)).json();
    expect(first).toEqual({ changes: [], lastSeq: before!.seq, seenSeq: null });

    expect(await (await seen(guest.token, event.id, first.lastSeq)).json()).toEqual({ seenSeq: before!.seq });
    await logged(event.id, owner.id, { subjectId: "a2", label: "Dinner", oldValue: "Tasca", newValue: "Time Out Market" });
    await logged(event.id, owner.id, {
      kind: "bulletins",
      subjectType: "bulletin",
      subjectId: "b1",
      field: "posted",
      label: "Bring a hat",
      oldValue: null,
      newValue: { title: "Bring a hat", text: "Sunny" },
    });
    const after = await (await changes(guest.token, event.id)).json();
    expect(after.changes.map((change) => change.text)).toEqual(["Bulletin: Bring a hat", "Dinner: Tasca → Time Out Market"]);
    expect(after.changes[0]).toMatchObject({
      kind: "bulletins",
      actorName: `${owner.firstName} ${owner.lastName}`,
      at: expect.any(String),
    });
    expect(after.seenSeq).toBe(before!.seq);
    expect(after.lastSeq).toBe(after.changes[0]!.seq);
  });

  it("never tells the caller's own changes, and tells a reverted change not at all", async () => {
    const { event, owner, host, guest } = await crew();
    await seen(host.token, event.id, 0);
    await seen(guest.token, event.id, 0);
    await logged(event.id, host.id, { label: "Own edit", newValue: "Cascais" });
    await logged(event.id, owner.id, { subjectId: "a2", label: "Lunch", oldValue: "Tasca", newValue: "Praia" });
    await logged(event.id, owner.id, { subjectId: "a2", label: "Lunch", oldValue: "Praia", newValue: "Tasca" });
    expect(await texts(await changes(host.token, event.id))).toEqual([]);
    expect(await texts(await changes(guest.token, event.id))).toEqual(["Own edit: Rossio → Cascais"]);
  });

  it("tells a decision only to the person it is about, and a join request only to the owner and hosts", async () => {
    const { event, owner, host, guest, other, asking } = await crew();
    for (const person of [owner, host, guest, other]) await seen(person.token, event.id, 0);
    await askedToJoin(event.id, asking);
    await logged(event.id, owner.id, {
      kind: "requests",
      subjectType: "rsvp",
      subjectId: guest.id,
      field: "approved",
      label: "Guest",
      oldValue: null,
      newValue: null,
      recipientId: guest.id,
    });

    expect(await texts(await changes(owner.token, event.id))).toEqual(["Ana Asks asked to join"]);
    expect(await texts(await changes(host.token, event.id))).toEqual(["Ana Asks asked to join"]);
    expect(await texts(await changes(guest.token, event.id))).toEqual(["Your request to join was approved"]);
    expect(await texts(await changes(other.token, event.id))).toEqual([]);
  });

  it("drops a join request once it is decided: the owner reads 'asked to join' only while the request waits", async () => {
    const { event, owner, cohost, asking } = await crew();
    await seen(owner.token, event.id, 0);
    await askedToJoin(event.id, asking);
    expect(await texts(await changes(owner.token, event.id))).toEqual(["Ana Asks asked to join"]);
    const approved = await apiAs(cohost.token).api.rsvp.$put({
      json: { eventId: event.id, status: "YES", rsvps: [await rsvpIdOf(event.id, asking.id)] },
    });
    expect(approved.status).toBe(200);
    expect(await texts(await changes(owner.token, event.id))).not.toContain("Ana Asks asked to join");
  });

  it("reads after `since` when given, and leaves out changes older than 30 days", async () => {
    const { event, owner, guest } = await crew();
    const [old] = await logged(event.id, owner.id, { label: "Old" });
    await db()
      .update(changeLog)
      .set({ createdAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) })
      .where(eq(changeLog.seq, old!.seq));
    const [middle] = await logged(event.id, owner.id, { subjectId: "a2", label: "Middle" });
    await logged(event.id, owner.id, { subjectId: "a3", label: "Newest" });
    expect(await texts(await changes(guest.token, event.id, 0))).toEqual(["Newest: Rossio → Belém", "Middle: Rossio → Belém"]);
    expect(await texts(await changes(guest.token, event.id, middle!.seq))).toEqual(["Newest: Rossio → Belém"]);
  });

  it("moves the marker forward only, never past the newest change: an older seq leaves it where it was", async () => {
    const { event, owner, guest } = await crew();
    const [older] = await logged(event.id, owner.id, { subjectId: "a1" });
    const [newest] = await logged(event.id, owner.id, { subjectId: "a2" });
    expect(await (await seen(guest.token, event.id, newest!.seq)).json()).toEqual({ seenSeq: newest!.seq });
    expect(await (await seen(guest.token, event.id, older!.seq)).json()).toEqual({ seenSeq: newest!.seq });
    expect(await (await seen(guest.token, event.id, newest!.seq + 1000)).json()).toEqual({ seenSeq: newest!.seq });
    expect((await (await changes(guest.token, event.id)).json()).seenSeq).toBe(newest!.seq);
  });

  it("answers 404 to a stranger of a private experience, 403 to one of a public experience, and 400 in words to a bad since or seq", async () => {
    const closed = await crew({ privacy: "PRIVATE" });
    expect((await changes(closed.stranger.token, closed.event.id)).status).toBe(404);
    expect((await seen(closed.stranger.token, closed.event.id, 1)).status).toBe(404);
    const open = await crew();
    const refused = await changes(open.stranger.token, open.event.id);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toBe(NOTIFICATION_MESSAGES.notParticipant);

    const badSince = await apiAs(open.guest.token).api.events[":eventId"].changes.$get({
      param: { eventId: open.event.id },
      query: { since: "-1" },
    });
    expect(badSince.status).toBe(400);
    expect(await errorOf(badSince)).toBe("since must be 0 or more");
    const badSeq = await seen(open.guest.token, open.event.id, 1.5);
    expect(badSeq.status).toBe(400);
    expect(await errorOf(badSeq)).toBe("seq must be a whole number");
  });
});

const linkOf = async (userId: string, kind: "itinerary" | "bulletins" | "requests" | "comments") =>
  new URL((await notificationLinks(env, { userId, kind })).oneClick).searchParams.get("token")!;
const anonymous = apiAs();
const linkStatus = (token: string) => anonymous.oapi.notifications.$get({ query: { token } });
/** What a mail client sends (RFC 8058): a POST without cookies, form-encoded. */
const oneClick = (token: string, body = "List-Unsubscribe=One-Click") =>
  exports.default.fetch(
    new Request(`http://localhost/oapi/notifications/one-click?token=${encodeURIComponent(token)}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body,
    }),
  );
const emailSwitches = async (userId: string) =>
  Object.fromEntries(
    (await db().select().from(notificationPrefs).where(eq(notificationPrefs.userId, userId))).map((row) => [
      `${row.channel}:${row.kind}`,
      row.enabled,
    ]),
  );

describe("the links of a notification e-mail (no sign-in)", () => {
  it("one click turns off e-mail of exactly that kind, and nothing else", async () => {
    const person = await makeUser();
    const response = await oneClick(await linkOf(person.id, "bulletins"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    expect(await emailSwitches(person.id)).toEqual({ "email:bulletins": false });
    expect(await (await preferences(person.token)).json()).toEqual({
      ...NOTIFY_DEFAULTS,
      email: { ...NOTIFY_DEFAULTS.email, bulletins: false },
      muted: [],
    });
  });

  it("the page shows the kind and address, and turns that kind back on", async () => {
    const person = await makeUser();
    const token = await linkOf(person.id, "itinerary");
    expect(await (await linkStatus(token)).json()).toEqual({ kind: "itinerary", email: person.email, enabled: true });
    const off = await anonymous.oapi.notifications.$put({ query: { token }, json: { enabled: false } });
    expect(await off.json()).toEqual({ kind: "itinerary", email: person.email, enabled: false });
    const on = await anonymous.oapi.notifications.$put({ query: { token }, json: { enabled: true } });
    expect(await on.json()).toEqual({ kind: "itinerary", email: person.email, enabled: true });
    expect(await emailSwitches(person.id)).toEqual({ "email:itinerary": true });
  });

  it(`answers 400 '${NOTIFICATION_MESSAGES.badLink}' to a token it did not sign, or one altered, and changes nothing`, async () => {
    const person = await makeUser();
    const token = await linkOf(person.id, "itinerary");
    const [payload, signature] = token.split(".");
    const other = await makeUser();
    const forged = `${(await linkOf(other.id, "bulletins")).split(".")[0]}.${signature}`;
    const invitation = `${payload}.${signature!.slice(1)}x`;
    for (const bad of [forged, invitation, "nonsense", `${token}.extra`]) {
      const response = await linkStatus(bad);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe(NOTIFICATION_MESSAGES.badLink);
      expect((await oneClick(bad)).status).toBe(400);
    }
    expect(await emailSwitches(person.id)).toEqual({});
    expect(await emailSwitches(other.id)).toEqual({});
  });

  it("answers 400 to a one-click POST without List-Unsubscribe=One-Click", async () => {
    const person = await makeUser();
    const response = await oneClick(await linkOf(person.id, "comments"), "List-Unsubscribe=Maybe");
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("List-Unsubscribe must be One-Click");
    expect(await emailSwitches(person.id)).toEqual({});
  });
});

describe("the push service worker", () => {
  it("is served at /sw.js, the site's root (its scope is the whole app), as JavaScript with the push handlers", async () => {
    // A static asset of the build (vite.config.ts serviceWorker()), answered before the Worker.
    const response = await env.ASSETS.fetch("http://localhost/sw.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^(text|application)\/javascript/);
    const script = await response.text();
    expect(script).toContain('"push"'.replaceAll('"', "`"));
    expect(script).toContain("`notificationclick`");
  });
});
