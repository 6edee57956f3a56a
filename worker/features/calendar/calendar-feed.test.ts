import { env } from "cloudflare:workers";
import ICAL from "ical.js";
import { convertIcsCalendar } from "ts-ics";
import { describe, expect, it } from "vitest";
import { describeChange, foldChanges } from "@worker/domain/change-text";
import { addDays, localDate } from "@worker/shared/time-zone";
import { loggedChanges } from "@worker/test/change-log";
import { apiAs } from "@worker/test/client";
import { addGuest, addHost, call, makeUser } from "@worker/test/helpers";
import { removeGuests } from "@worker/test/people";
import { at, zonedActivity, zonedExperience } from "@worker/test/zoned";

// Issue 24: a person's calendar feed, read back by two iCalendar parsers (ical.js and ts-ics), after edits made
// through the real API.

const LISBON = "Europe/Lisbon";
const feedOf = (token: string) => apiAs(token).api.calendar.feed;
const activityOf = (token: string) => apiAs(token).api.events[":eventId"].programs[":dayId"].activity[":activityId"];

/** The caller's feed URL, made on the first call. */
async function feedUrl(token: string) {
  const response = await feedOf(token).$get();
  expect(response.status).toBe(200);
  return response.json();
}

/** The feed behind a URL, fetched as a calendar app does (no bearer token). */
const fetchFeed = (url: string, headers: Record<string, string> = {}) => call(new URL(url).pathname, { headers });

/** The feed's events as ical.js reads them. */
function readWithIcalJs(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return {
    refresh: calendar.getFirstPropertyValue("refresh-interval")?.toString(),
    ttl: calendar.getFirstPropertyValue("x-published-ttl"),
    events: calendar.getAllSubcomponents("vevent").map((component) => {
      const event = new ICAL.Event(component);
      const lastModified = component.getFirstPropertyValue("last-modified") as ICAL.Time | null;
      return {
        uid: event.uid,
        summary: event.summary,
        sequence: event.sequence,
        status: component.getFirstPropertyValue("status"),
        start: event.startDate.toJSDate().getTime(),
        lastModified: lastModified?.toJSDate().getTime(),
      };
    }),
  };
}

/** The feed as a person's calendar holds it: read by both parsers, which must agree on every event. */
async function readFeed(url: string) {
  const response = await fetchFeed(url);
  expect(response.status).toBe(200);
  const text = await response.text();
  const icalJs = readWithIcalJs(text);
  const tsIcs = (convertIcsCalendar(undefined, text).events ?? []).map((event) => ({
    uid: event.uid,
    sequence: event.sequence ?? 0,
    status: event.status,
    start: event.start.date.getTime(),
  }));
  expect(tsIcs).toEqual(icalJs.events.map(({ uid, sequence, status, start }) => ({ uid, sequence, status: status ?? undefined, start })));
  return { ...icalJs, text, event: (uid: string) => icalJs.events.find((event) => event.uid === uid) };
}

const uid = (kind: "activity" | "experience", id: string) => `${kind}-${id}@${new URL(env.APP_ORIGIN).host}`;

/** A Lisbon experience from tomorrow (local) with 'Coach to Sintra' at 09:00-10:00 on its first day. */
async function lisbon(ownerId: string, name = "Lisbon Retreat") {
  const firstDate = addDays(localDate(Date.now(), LISBON), 1);
  const { event, days } = await zonedExperience(ownerId, LISBON, firstDate, 3, { name });
  const coach = await zonedActivity(event.id, days[0]!.id, at(firstDate, "09:00", LISBON), at(firstDate, "10:00", LISBON), {
    name: "Coach to Sintra",
    location: "Rossio station",
  });
  return { event, days, coach, firstDate };
}

describe("GET /api/calendar/feed", () => {
  it("answers the same private https URL each time, and the same as webcal://", async () => {
    const person = await makeUser();
    const first = await feedUrl(person.token);
    expect(first.url).toMatch(/^https?:\/\/[^/]+\/oapi\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(first.webcalUrl).toBe(first.url.replace(/^https?:/, "webcal:"));
    expect(await feedUrl(person.token)).toEqual(first);
    const other = await makeUser();
    expect((await feedUrl(other.token)).url).not.toBe(first.url);
  });

  it("refuses a caller who is not signed in", async () => {
    expect((await apiAs().api.calendar.feed.$get()).status).toBe(401);
  });
});

describe("GET /oapi/calendar/{token}.ics", () => {
  it("holds every experience the person owns, hosts or attends, each with its activities, and nothing else", async () => {
    const [person, other] = await Promise.all([makeUser(), makeUser()]);
    const owned = await lisbon(person.id, "Owned");
    const hosted = await lisbon(other.id, "Hosted");
    await addHost(hosted.event.id, person.id);
    const attended = await lisbon(other.id, "Attended");
    await addGuest(attended.event.id, person, "YES");
    const maybe = await lisbon(other.id, "Maybe");
    await addGuest(maybe.event.id, person, "MAYBE");
    const strangers = await lisbon(other.id, "Someone else's");

    const feed = await readFeed((await feedUrl(person.token)).url);
    const included = [owned, hosted, attended];
    expect(feed.events.map((event) => event.uid).sort()).toEqual(
      included.flatMap(({ event, coach }) => [uid("experience", event.id), uid("activity", coach.id)]).sort(),
    );
    for (const { coach } of [maybe, strangers]) expect(feed.event(uid("activity", coach.id))).toBeUndefined();
    expect(feed.event(uid("activity", owned.coach.id))).toMatchObject({
      summary: "Coach to Sintra",
      sequence: 0,
      start: owned.coach.startTime.getTime(),
    });
    expect(feed.event(uid("experience", owned.event.id))?.summary).toBe("Owned");
    expect(feed.refresh).toBe("PT1H");
    expect(feed.ttl).toBe("PT1H");
  });

  it("gives an activity the UID of the one-off .ics, so a calendar holding both merges them", async () => {
    const person = await makeUser();
    const { event, coach } = await lisbon(person.id);
    const oneOff = await (await apiAs().oapi.itinerary[":eventId"]["calendar.ics"].$get({ param: { eventId: event.id } })).text();
    const oneOffUids = readWithIcalJs(oneOff).events.map((e) => e.uid);
    expect(oneOffUids).toEqual([uid("activity", coach.id)]);
    const feed = await readFeed((await feedUrl(person.token)).url);
    expect(feed.event(oneOffUids[0]!)).toBeDefined();
  });

  it("raises SEQUENCE and LAST-MODIFIED when an activity's time or place changes, not when it is renamed", async () => {
    const person = await makeUser();
    const { event, days, coach, firstDate } = await lisbon(person.id);
    const { url } = await feedUrl(person.token);
    const coachUid = uid("activity", coach.id);
    const param = { eventId: event.id, dayId: days[0]!.id, activityId: coach.id };
    const initial = (await readFeed(url)).event(coachUid)!;
    expect(initial.sequence).toBe(0);

    const beforeMove = Math.floor(Date.now() / 1000) * 1000;
    const moved = await activityOf(person.token).$put({
      param,
      json: { startIsoTime: new Date(at(firstDate, "08:30", LISBON)).toISOString() },
    });
    expect(moved.status).toBe(200);
    const afterMove = (await readFeed(url)).event(coachUid)!;
    expect(afterMove.sequence).toBeGreaterThan(initial.sequence);
    expect(afterMove.start).toBe(at(firstDate, "08:30", LISBON));
    expect(afterMove.lastModified).toBeGreaterThanOrEqual(beforeMove);

    expect((await activityOf(person.token).$put({ param, json: { name: "Coach to Sintra and Cascais" } })).status).toBe(200);
    const renamed = (await readFeed(url)).event(coachUid)!;
    expect(renamed).toMatchObject({ summary: "Coach to Sintra and Cascais", sequence: afterMove.sequence });

    expect((await activityOf(person.token).$put({ param, json: { location: "Cais do Sodré" } })).status).toBe(200);
    expect((await readFeed(url)).event(coachUid)!.sequence).toBeGreaterThan(afterMove.sequence);
  });

  it("shows a deleted activity as CANCELLED at the start it had, with a higher SEQUENCE", async () => {
    const person = await makeUser();
    const { event, days, coach } = await lisbon(person.id);
    const { url } = await feedUrl(person.token);
    const before = (await readFeed(url)).event(uid("activity", coach.id))!;
    const removed = await activityOf(person.token).$delete({ param: { eventId: event.id, dayId: days[0]!.id, activityId: coach.id } });
    expect(removed.status).toBe(200);
    const cancelled = (await readFeed(url)).event(uid("activity", coach.id))!;
    expect(cancelled).toMatchObject({ status: "CANCELLED", summary: "Coach to Sintra", start: coach.startTime.getTime() });
    expect(cancelled.sequence).toBeGreaterThan(before.sequence);
  });

  it("shows the activities of a deleted day as CANCELLED, while guests are told 'Day removed' alone", async () => {
    const person = await makeUser();
    const { event, days, coach } = await lisbon(person.id);
    const { url } = await feedUrl(person.token);
    const removed = await apiAs(person.token).api.events[":eventId"].programs[":dayId"].$delete({
      param: { eventId: event.id, dayId: days[0]!.id },
    });
    expect(removed.status).toBe(200);
    const cancelled = (await readFeed(url)).event(uid("activity", coach.id))!;
    expect(cancelled).toMatchObject({ status: "CANCELLED", summary: "Coach to Sintra", start: coach.startTime.getTime() });
    expect(foldChanges(await loggedChanges(event.id)).map(describeChange)).toEqual([expect.stringMatching(/^Day removed: Day 1 \(/)]);
  });

  it("raises the experience's SEQUENCE and LAST-MODIFIED when a day is added, and again when one is deleted", async () => {
    const person = await makeUser();
    const { event } = await lisbon(person.id);
    const { url } = await feedUrl(person.token);
    const experienceUid = uid("experience", event.id);
    const days = apiAs(person.token).api.events[":eventId"].programs;
    const initial = (await readFeed(url)).event(experienceUid)!;

    const beforeAdd = Math.floor(Date.now() / 1000) * 1000;
    const added = await days.$post({ param: { eventId: event.id } });
    expect(added.status).toBe(201);
    const afterAdd = (await readFeed(url)).event(experienceUid)!;
    expect(afterAdd.sequence).toBeGreaterThan(initial.sequence);
    expect(afterAdd.lastModified).toBeGreaterThanOrEqual(beforeAdd);

    if (added.status !== 201) throw new Error("the day was not added");
    const { id: dayId } = await added.json();
    expect((await days[":dayId"].$delete({ param: { eventId: event.id, dayId } })).status).toBe(200);
    const afterDelete = (await readFeed(url)).event(experienceUid)!;
    expect(afterDelete.sequence).toBeGreaterThan(afterAdd.sequence);
    expect(afterDelete.lastModified).toBeGreaterThanOrEqual(afterAdd.lastModified!);
  });

  it("drops an experience from a guest's feed as soon as the guest is removed", async () => {
    const [owner, guest] = await Promise.all([makeUser(), makeUser()]);
    const { event, coach } = await lisbon(owner.id);
    await addGuest(event.id, guest, "YES");
    const { url } = await feedUrl(guest.token);
    expect((await readFeed(url)).event(uid("activity", coach.id))).toBeDefined();
    expect((await removeGuests(owner.token, event.id, [guest.id])).status).toBe(200);
    expect((await readFeed(url)).events).toEqual([]);
  });

  it("stops answering the old URL at once when the link is reset, and answers the new one", async () => {
    const person = await makeUser();
    await lisbon(person.id);
    const old = await feedUrl(person.token);
    const rotated = await feedOf(person.token).rotate.$post();
    expect(rotated.status).toBe(200);
    const fresh = await rotated.json();
    expect(fresh.url).not.toBe(old.url);
    expect(fresh.webcalUrl).toBe(fresh.url.replace(/^https?:/, "webcal:"));
    const gone = await fetchFeed(old.url);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ error: "Calendar not found" });
    expect((await fetchFeed(fresh.url)).status).toBe(200);
    expect(await feedUrl(person.token)).toEqual(fresh);
  });

  it("answers 404 for a token nobody has", async () => {
    for (const file of [`${"A".repeat(43)}.ics`, "x.ics", "not-a-calendar"]) {
      expect((await call(`/oapi/calendar/${file}`)).status).toBe(404);
    }
  });

  it("answers a private text/calendar with an ETag, 304 while it is unchanged and 200 after an edit", async () => {
    const person = await makeUser();
    const { event, days, coach, firstDate } = await lisbon(person.id);
    const { url } = await feedUrl(person.token);
    const first = await fetchFeed(url);
    expect(first.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(first.headers.get("Cache-Control")).toBe("private, max-age=300");
    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const same = await fetchFeed(url, { "If-None-Match": etag });
    expect(same.status).toBe(304);
    expect(same.headers.get("ETag")).toBe(etag);

    const param = { eventId: event.id, dayId: days[0]!.id, activityId: coach.id };
    await activityOf(person.token).$put({ param, json: { endIsoTime: new Date(at(firstDate, "11:00", LISBON)).toISOString() } });
    const changed = await fetchFeed(url, { "If-None-Match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("ETag")).not.toBe(etag);
  });
});
