import { env } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  activities,
  events,
  programs,
  activityDocuments,
  bulletins,
  documents,
  eventHosts,
  feedbackAnswers,
  feedbackFields,
  feedbackForms,
  feedbackResponses,
  feedComments,
  feedLikes,
  feedPosts,
  files,
  rsvps,
} from "@worker/db/schema";
import { addDays, localDate, localDateTime, startOfLocalDay } from "@worker/shared/time-zone";
import { TIME_ZONE_MESSAGE } from "@worker/shared/time-zone.schema";
import { apiAs, errorOf } from "@worker/test/client";
import { createEvent, cast } from "@worker/test/experiences";
import { PNG, storedPng } from "@worker/test/files";
import { db, makeUser, addGuest, addHost } from "@worker/test/helpers";
import { publicItinerary, addActivity } from "@worker/test/itinerary";
import { expectItineraryInvariants } from "@worker/test/itinerary-invariants";
import { listen, settle } from "@worker/test/live";
import { DAY, HOUR, todayUtc } from "@worker/test/time";
import { at, nextClockChange, zonedActivity, zonedExperience } from "@worker/test/zoned";

// Issue 20: an experience has an IANA zone; its days are local dates there and its start and end the instants of
// their midnights. Experiences made before zones existed, and requests that send none, are UTC.

/** A local date a few days ahead in the zone. */
const soon = (zone: string, days = 3) => localDate(Date.now() + days * DAY, zone);

describe("creating an experience in a time zone", () => {
  it("stores the zone, its local dates as days and the instants of their midnights as start and end", async () => {
    const owner = await makeUser();
    const first = soon("Asia/Tokyo");
    const response = await createEvent(owner.token, { startIsoTime: first, endIsoTime: addDays(first, 3), timeZone: "Asia/Tokyo" });
    expect(response.status).toBe(201);
    const created = await response.json();
    expect(created).toMatchObject({
      timeZone: "Asia/Tokyo",
      // Tokyo is UTC+9 all year: its midnight is 15:00 UTC the day before.
      startTime: `${addDays(first, -1)}T15:00:00.000Z`,
      endTime: `${addDays(first, 2)}T15:00:00.000Z`,
    });
    const days = await db().select().from(programs).where(eq(programs.eventId, created.id)).orderBy(programs.dayIndex);
    expect(days.map((d) => d.date)).toEqual([first, addDays(first, 1), addDays(first, 2)]);
  });

  it("reads an offset-less 00:00 as the local date, and an instant as the zone's wall clock at that moment", async () => {
    const owner = await makeUser();
    const first = soon("America/New_York", 5);
    const local = await createEvent(owner.token, {
      startIsoTime: `${first}T00:00`,
      endIsoTime: `${addDays(first, 2)}T00:00`,
      timeZone: "America/New_York",
    });
    expect(await local.json()).toMatchObject({
      startTime: new Date(startOfLocalDay(first, "America/New_York")).toISOString(),
      endTime: new Date(startOfLocalDay(addDays(first, 2), "America/New_York")).toISOString(),
    });
    // 00:00 UTC is the evening before in New York: that evening's date is the first day.
    const instant = await createEvent(owner.token, {
      startIsoTime: `${first}T00:00:00.000Z`,
      endIsoTime: `${addDays(first, 2)}T00:00:00.000Z`,
      timeZone: "America/New_York",
    });
    const created = await instant.json();
    const days = await db().select().from(programs).where(eq(programs.eventId, created.id)).orderBy(programs.dayIndex);
    expect(days.map((d) => d.date)).toEqual([addDays(first, -1), first, addDays(first, 1)]);
  });

  it("is UTC when no zone is sent, as every experience made before zones existed is", async () => {
    const owner = await makeUser();
    const first = soon("UTC");
    const response = await createEvent(owner.token, {
      startIsoTime: `${first}T00:00:00.000Z`,
      endIsoTime: `${addDays(first, 1)}T00:00:00.000Z`,
    });
    expect(await response.json()).toMatchObject({ timeZone: "UTC", startTime: `${first}T00:00:00.000Z` });
  });

  it("answers the zone in its canonical spelling", async () => {
    const owner = await makeUser();
    const response = await createEvent(owner.token, { timeZone: "europe/lisbon" });
    expect(response.status).toBe(201);
    const created = await response.json();
    expect(created.timeZone).toBe("Europe/Lisbon");
    const [row] = await db().select().from(events).where(eq(events.id, created.id));
    expect(row!.timeZone).toBe("Europe/Lisbon");
  });

  it(`refuses a name that is not a time zone with '${TIME_ZONE_MESSAGE}', creating nothing`, async () => {
    const owner = await makeUser();
    for (const timeZone of ["Mars/Olympus", "+01:00", "Europe/Lisbon; drop table", ""]) {
      const response = await createEvent(owner.token, { timeZone });
      expect(response.status, timeZone).toBe(400);
      expect(await errorOf(response)).toBe(TIME_ZONE_MESSAGE);
    }
    expect(
      await apiAs(owner.token)
        .api.events.$get({ query: {} })
        .then((r) => r.json()),
    ).toEqual([]);
  });

  it("takes 'today' in the experience's zone: the day after Kiritimati's today is still ahead there, but not in Honolulu", async () => {
    const owner = await makeUser();
    // Kiritimati (UTC+14) and Honolulu (UTC−10) are a whole day apart on the calendar: 24 hours between them.
    const kiritimatiToday = localDate(Date.now(), "Pacific/Kiritimati");
    const honoluluToday = localDate(Date.now(), "Pacific/Honolulu");
    expect(kiritimatiToday).toBe(addDays(honoluluToday, 1));
    const inHonolulu = await createEvent(owner.token, {
      startIsoTime: honoluluToday,
      endIsoTime: addDays(honoluluToday, 1),
      timeZone: "Pacific/Honolulu",
    });
    expect(inHonolulu.status).toBe(201);
    const inKiritimati = await createEvent(owner.token, {
      startIsoTime: honoluluToday,
      endIsoTime: addDays(honoluluToday, 1),
      timeZone: "Pacific/Kiritimati",
    });
    expect(inKiritimati.status).toBe(400);
    expect(await errorOf(inKiritimati)).toBe("Start date must be today or later");
  });
});

describe("every answer that carries the experience carries its zone", () => {
  it("answers timeZone in the detail, the list and the public itinerary", async () => {
    const owner = await makeUser();
    const created = await (await createEvent(owner.token, { timeZone: "Europe/Lisbon" })).json();
    const detail = await (await apiAs(owner.token).api.events[":id"].$get({ param: { id: created.id } })).json();
    expect(detail.timeZone).toBe("Europe/Lisbon");
    const list = await (await apiAs(owner.token).api.events.$get({ query: {} })).json();
    expect(list.map((e) => e.timeZone)).toEqual(["Europe/Lisbon"]);
    expect((await publicItinerary(created.id)).timeZone).toBe("Europe/Lisbon");
  });
});

describe("moving an experience's start across a clock change", () => {
  it("keeps a 09:00 session at 09:00 when its day moves past the clocks going forward", async () => {
    const owner = await makeUser();
    const zone = "America/New_York";
    const change = nextClockChange(zone, "forward");
    const { event, days } = await zonedExperience(owner.id, zone, addDays(change, -2), 2);
    await zonedActivity(event.id, days[0]!.id, at(days[0]!.date, "09:00", zone), at(days[0]!.date, "10:00", zone));

    const response = await apiAs(owner.token).api.events[":id"].$put({
      param: { id: event.id },
      json: { startIsoTime: addDays(change, 1) },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      startTime: new Date(startOfLocalDay(addDays(change, 1), zone)).toISOString(),
      endTime: new Date(startOfLocalDay(addDays(change, 3), zone)).toISOString(),
    });
    const [moved] = await db().select().from(activities).where(eq(activities.eventId, event.id));
    expect(localDateTime(moved!.startTime.getTime(), zone)).toEqual({ date: addDays(change, 1), time: "09:00" });
    expect(localDateTime(moved!.endTime.getTime(), zone).time).toBe("10:00");
    await expectItineraryInvariants(event.id);
  });

  it("keeps a 09:00 session at 09:00 when its day moves past the clocks going back", async () => {
    const owner = await makeUser();
    const zone = "Europe/Lisbon";
    const change = nextClockChange(zone, "back");
    const { event, days } = await zonedExperience(owner.id, zone, addDays(change, -1), 1);
    await zonedActivity(event.id, days[0]!.id, at(days[0]!.date, "09:00", zone), at(days[0]!.date, "10:00", zone));

    const moved = await apiAs(owner.token).api.events[":id"].$put({
      param: { id: event.id },
      json: { startIsoTime: `${addDays(change, 2)}T00:00` },
    });
    expect(moved.status).toBe(200);
    const detail = await (await apiAs(owner.token).api.events[":id"].$get({ param: { id: event.id } })).json();
    const session = detail.programs[0]!.activities[0]!;
    expect(localDateTime(Date.parse(session.startDateTime), session.timeZone)).toEqual({ date: addDays(change, 2), time: "09:00" });
    expect(detail.programs[0]!.date).toBe(addDays(change, 2));
  });
});

describe("cloning an experience in its zone", () => {
  it("judges the clone date in the experience's zone and keeps its zone and wall-clock times", async () => {
    const owner = await makeUser();
    const zone = "Pacific/Kiritimati";
    const { event, days } = await zonedExperience(owner.id, zone, "2027-01-10", 2);
    await zonedActivity(event.id, days[1]!.id, at("2027-01-11", "09:00", zone), at("2027-01-11", "10:00", zone));
    const clone = (startDateTime: string) =>
      apiAs(owner.token).api.events[":id"].clone.$post({ param: { id: event.id }, json: { startDateTime, privacy: "PUBLIC" } });

    // Honolulu's today is yesterday in Kiritimati.
    const refused = await clone(localDate(Date.now(), "Pacific/Honolulu"));
    expect(refused.status).toBe(400);
    expect(await errorOf(refused)).toBe("Clone date must be today or later");

    const first = localDate(Date.now(), zone);
    const response = await clone(first);
    expect(response.status).toBe(201);
    const copy = await response.json();
    expect(copy).toMatchObject({ timeZone: zone, startTime: new Date(startOfLocalDay(first, zone)).toISOString() });
    const detail = await (await apiAs(owner.token).api.events[":id"].$get({ param: { id: copy.id } })).json();
    expect(detail.programs.map((d) => d.date)).toEqual([first, addDays(first, 1)]);
    const session = detail.programs[1]!.activities[0]!;
    expect(localDateTime(Date.parse(session.startDateTime), zone)).toEqual({ date: addDays(first, 1), time: "09:00" });
  });
});

const remove = (id: string, token: string) => apiAs(token).api.events[":id"].$delete({ param: { id } });
const upload = (eventId: string) => storedPng({ eventId, uploaderId: null });

describe("DELETE /api/events/:id", () => {
  it("deletes the event, every row under it and every stored file", async () => {
    const { owner, host, guest } = await cast();
    const created = await createEvent(owner.token, { file: new File([PNG], "cover.png", { type: "image/png" }) });
    const { id } = await created.json();
    await addHost(id, host.id);
    await addGuest(id, guest);

    const [day] = await db().select().from(programs).where(eq(programs.eventId, id)).limit(1);
    await db()
      .update(programs)
      .set({ image: { source: "UPLOAD", fileId: await upload(id) } })
      .where(eq(programs.id, day!.id));
    const activity = await addActivity(id, day!.id, todayUtc() + DAY + 9 * HOUR);
    const documentId = crypto.randomUUID();
    await db()
      .insert(documents)
      .values({ id: documentId, eventId: id, userId: guest.id, fileId: await upload(id) });
    await db().insert(activityDocuments).values({ activityId: activity.id, documentId });
    const postId = crypto.randomUUID();
    const media = await upload(id);
    await db()
      .insert(feedPosts)
      .values({ id: postId, eventId: id, authorId: guest.id, title: "Hello", mediaFileId: media, mimeType: "image/png" });
    await db().insert(feedLikes).values({ postId, userId: owner.id });
    await db().insert(feedComments).values({ id: crypto.randomUUID(), postId, authorId: owner.id, comment: "Nice" });
    const bulletinImage = await upload(id);
    await db()
      .insert(bulletins)
      .values({ id: crypto.randomUUID(), eventId: id, title: "News", description: "Bus at 9", mediaFileId: bulletinImage });
    const formId = crypto.randomUUID();
    const fieldId = crypto.randomUUID();
    const responseId = crypto.randomUUID();
    await db().insert(feedbackForms).values({ id: formId, eventId: id, title: "How was it?", description: "Tell us" });
    await db().insert(feedbackFields).values({ id: fieldId, formId, kind: "RATING", label: "Food", position: 0 });
    await db().insert(feedbackResponses).values({ id: responseId, formId, userId: guest.id });
    await db().insert(feedbackAnswers).values({ responseId, fieldId, rating: 5 });
    expect((await env.FILES.list({ prefix: `events/${id}/` })).objects).toHaveLength(5);

    const { ws, messages } = await listen(id, guest.token);
    const response = await remove(id, owner.token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    await settle();
    expect(messages).toEqual([{ type: "event.deleted", eventId: id }]);
    ws.close();

    const d = db();
    const leftovers = await d.batch([
      d.select().from(events).where(eq(events.id, id)),
      d.select().from(eventHosts).where(eq(eventHosts.eventId, id)),
      d.select().from(programs).where(eq(programs.eventId, id)),
      d.select().from(activities).where(eq(activities.eventId, id)),
      d.select().from(documents).where(eq(documents.eventId, id)),
      d.select().from(activityDocuments).where(eq(activityDocuments.documentId, documentId)),
      d.select().from(rsvps).where(eq(rsvps.eventId, id)),
      d.select().from(feedPosts).where(eq(feedPosts.eventId, id)),
      d.select().from(feedLikes).where(eq(feedLikes.postId, postId)),
      d.select().from(feedComments).where(eq(feedComments.postId, postId)),
      d.select().from(bulletins).where(eq(bulletins.eventId, id)),
      d.select().from(feedbackForms).where(eq(feedbackForms.eventId, id)),
      d.select().from(feedbackFields).where(eq(feedbackFields.formId, formId)),
      d.select().from(feedbackResponses).where(eq(feedbackResponses.formId, formId)),
      d.select().from(feedbackAnswers).where(eq(feedbackAnswers.responseId, responseId)),
      d.select().from(files).where(eq(files.eventId, id)),
    ]);
    expect(leftovers.map((rows) => rows.length)).toEqual(leftovers.map(() => 0));
    expect((await env.FILES.list({ prefix: `events/${id}/` })).objects).toEqual([]);
  });

  it("deletes an experience with more files than fit in one D1 query (over 100)", async () => {
    const { owner } = await cast();
    const { id } = await (await createEvent(owner.token)).json();
    for (let i = 0; i < 105; i++) await upload(id);
    const response = await remove(id, owner.token);
    expect(response.status).toBe(200);
    expect(await db().select().from(files).where(eq(files.eventId, id))).toEqual([]);
    expect((await env.FILES.list({ prefix: `events/${id}/` })).objects).toEqual([]);
  });

  it("is for the owner only: hosts, guests and strangers cannot delete", async () => {
    const { host, guest, stranger, publicEvent, privateEvent } = await cast();
    expect((await remove(publicEvent.id, host.token)).status).toBe(403);
    expect((await remove(publicEvent.id, guest.token)).status).toBe(403);
    expect((await remove(publicEvent.id, stranger.token)).status).toBe(403);
    expect((await remove(privateEvent.id, stranger.token)).status).toBe(404);
    expect((await remove(publicEvent.id, "")).status).toBe(401);
    expect(
      await db()
        .select()
        .from(events)
        .where(inArray(events.id, [publicEvent.id, privateEvent.id])),
    ).toHaveLength(2);
  });
});
