import { and, asc, eq, gte, inArray, max, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { activities, activitySignups, calendarFeeds, changeLog, eventHosts, events, rsvps } from "@worker/db/schema";
import { inAgenda, seesActivity } from "@worker/domain/activity-audience";
import type { ZonedInstant } from "@worker/domain/change-log";
import { activityEvent, calendar, experienceEvent, itineraryPageUrl, utcDateTime, type VeventContext } from "@worker/domain/icalendar";
import type { Bindings } from "@worker/env";
import { notFound } from "@worker/lib/errors";
import { FEED_TOKEN, feedTokenHash } from "./calendar-feed.service";

// A person's calendar feed (docs/calendar-feed.md): every experience they own, host or attend (RSVP YES) as an
// all-day event, each of its activities as the one-off .ics tells it (same UID), and the activities removed within
// the last 30 days as CANCELLED. SEQUENCE and LAST-MODIFIED come from the change log; all of it is one D1 batch.

/** How long a removed activity stays in the feed, as CANCELLED. */
const CANCELLED_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

/** The change-log fields that move an activity or change its place (its own rows, its day's and its experience's). */
const REVISING_FIELDS = ["start", "end", "location", "timeZone", "dates", "removed"] as const;

/** The change-log fields of a day that move the experience's first or last date. */
const DAY_FIELDS = ["added", "removed", "dates"] as const;

/** Subscribed calendars read this as how often to fetch the feed again (RFC 7986 §5.7, and Outlook's own). */
const REFRESH_HINTS = ["REFRESH-INTERVAL;VALUE=DURATION:PT1H", "X-PUBLISHED-TTL:PT1H"];

interface Revision {
  seq: number;
  at: Date;
}

const latest = (...revisions: (Revision | undefined)[]): Revision =>
  revisions.reduce<Revision>(
    (last, revision) => ({
      seq: Math.max(last.seq, revision?.seq ?? 0),
      at: revision && revision.at > last.at ? revision.at : last.at,
    }),
    { seq: 0, at: new Date(0) },
  );

/** The feed behind a token's file name (`{token}.ics`), or 404 for one nobody has (a rotated or made-up one). */
export async function calendarFeedFile(env: Bindings, db: Db, file: string, now = Date.now()): Promise<string> {
  const token = file.endsWith(".ics") ? file.slice(0, -4) : "";
  if (!FEED_TOKEN.test(token)) throw notFound(/*i18n*/ "Calendar not found");
  const hash = await feedTokenHash(token);
  const person = sql`(select user_id from calendar_feeds where token_hash = ${hash})`;
  // The experiences the person owns, hosts or attends: read in the same statements, so a guest removed a moment ago
  // is never shown the experience again.
  const theirs = sql`(select id from events where owner_id = ${person}
    union select event_id from event_hosts where user_id = ${person}
    union select event_id from rsvps where user_id = ${person} and status = 'YES')`;
  const [[feed], eventRows, activityRows, revisionRows, dayRows, removedRows, rsvpRows, hostRows, placeRows] = await db.batch([
    db.select({ userId: calendarFeeds.userId }).from(calendarFeeds).where(eq(calendarFeeds.tokenHash, hash)),
    db.select().from(events).where(inArray(events.id, theirs)).orderBy(asc(events.startTime), asc(events.id)),
    db
      .select()
      .from(activities)
      .where(inArray(activities.eventId, theirs))
      .orderBy(asc(activities.startTime), asc(activities.endTime), asc(activities.id)),
    db
      .select({ subjectId: changeLog.subjectId, seq: max(changeLog.seq), at: max(changeLog.createdAt) })
      .from(changeLog)
      .where(and(inArray(changeLog.eventId, theirs), eq(changeLog.kind, "itinerary"), inArray(changeLog.field, [...REVISING_FIELDS])))
      .groupBy(changeLog.subjectId),
    // A day added, deleted or moved changes the experience's own dates (its all-day DTEND): it revises that event too.
    db
      .select({ eventId: changeLog.eventId, seq: max(changeLog.seq), at: max(changeLog.createdAt) })
      .from(changeLog)
      .where(and(inArray(changeLog.eventId, theirs), eq(changeLog.subjectType, "day"), inArray(changeLog.field, [...DAY_FIELDS])))
      .groupBy(changeLog.eventId),
    db
      .select({
        subjectId: changeLog.subjectId,
        eventId: changeLog.eventId,
        label: changeLog.label,
        oldValue: changeLog.oldValue,
        groups: changeLog.groups,
      })
      .from(changeLog)
      .where(
        and(
          inArray(changeLog.eventId, theirs),
          eq(changeLog.subjectType, "activity"),
          eq(changeLog.field, "removed"),
          gte(changeLog.createdAt, new Date(now - CANCELLED_KEPT_MS)),
        ),
      )
      .orderBy(asc(changeLog.seq)),
    db.select({ eventId: rsvps.eventId, tags: rsvps.tags }).from(rsvps).where(eq(rsvps.userId, person)),
    db.select({ eventId: eventHosts.eventId }).from(eventHosts).where(eq(eventHosts.userId, person)),
    db
      .select({ activityId: activitySignups.activityId })
      .from(activitySignups)
      .where(and(eq(activitySignups.userId, person), eq(activitySignups.status, "IN"))),
  ]);
  if (!feed) throw notFound(/*i18n*/ "Calendar not found");
  // Each experience's activities as the person's own agenda holds them (docs/programme.md).
  const tagsOf = new Map(rsvpRows.map((row) => [row.eventId, row.tags]));
  const hosted = new Set(hostRows.map((row) => row.eventId));
  const placed = new Set(placeRows.map((row) => row.activityId));
  const readerFor = (event: (typeof eventRows)[number]) => ({
    organiser: event.ownerId === feed.userId || hosted.has(event.id),
    groups: tagsOf.get(event.id) ?? [],
  });

  const revisions = new Map(revisionRows.map((row) => [row.subjectId, { seq: row.seq ?? 0, at: row.at ?? new Date(0) }]));
  const dayRevisions = new Map(dayRows.map((row) => [row.eventId, { seq: row.seq ?? 0, at: row.at ?? new Date(0) }]));
  const uidDomain = new URL(env.APP_ORIGIN).host;
  // DTSTAMP is the event's LAST-MODIFIED, not the moment of the request: the same data gives the same body (and ETag).
  const context = (eventId: string, revision: Revision, cancelled = false): VeventContext => ({
    pageUrl: itineraryPageUrl(env, eventId),
    uidDomain,
    stamp: utcDateTime(revision.at),
    revision: { sequence: revision.seq, lastModified: revision.at, cancelled },
  });

  const vevents = eventRows.flatMap((event) => {
    const own = latest(revisions.get(event.id), dayRevisions.get(event.id), { seq: 0, at: event.updatedAt ?? event.createdAt });
    const reader = readerFor(event);
    const activityEvents = activityRows
      .filter((activity) => activity.eventId === event.id && inAgenda(reader, activity, placed.has(activity.id)))
      .map((activity) => {
        const revision = latest(
          { seq: 0, at: activity.createdAt },
          revisions.get(activity.id),
          revisions.get(activity.programId),
          revisions.get(event.id),
        );
        // Without a place of its own, an activity is at the experience's venue.
        const located = { ...activity, location: activity.location ?? event.venue };
        return activityEvent({ ...located, start: activity.startTime, end: activity.endTime }, context(event.id, revision));
      });
    const cancelledEvents = removedRows
      .filter((row) => row.eventId === event.id && seesActivity(reader, row))
      .map((row) => {
        const start = new Date((row.oldValue as ZonedInstant).at);
        const revision = latest(revisions.get(row.subjectId));
        return activityEvent(
          { id: row.subjectId, name: row.label, description: "", location: null, start, end: null },
          context(event.id, revision, true),
        );
      });
    return [experienceEvent(event, context(event.id, own)), ...activityEvents, ...cancelledEvents];
  });
  return calendar("Experiences", null, vevents, REFRESH_HINTS);
}
