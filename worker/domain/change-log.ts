import { is, SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "@worker/db/client";
import { changeLog, type Location } from "@worker/db/schema";
import type { Bindings } from "@worker/env";
import { chunkedInserts } from "@worker/lib/batch";
import { eventRoom } from "@worker/live/room";
import { ORGANISER_ONLY_FIELDS, type ChangeField, type ChangeSubject, type NotifyKind } from "@worker/shared/notify-kinds";
import { addDays, localDate, startOfLocalDay } from "@worker/shared/time-zone";

// The change log (docs/notifications.md): one row per thing a guest would want to hear about, written as extra
// statements of the change's own batch (a writeExperience plan's `statements`, a writeTransition's `also`, a
// bulletin's batch), never as a second write afterwards. A refused, conflicting or no-op write logs nothing. Once the
// batch is written, the write calls changesLogged: the experience's room then knows when a digest is due.

/** A moment with the zone it is told in: 'Coach to Sintra: 09:00 → 08:30 Lisbon time'. */
export interface ZonedInstant {
  /** ISO 8601, UTC. */
  at: string;
  /** IANA zone: the activity's own, else the experience's. */
  timeZone: string;
}

/** The experience's dates, as local dates in its zone. */
export interface DateSpan {
  /** YYYY-MM-DD */
  start: string;
  /** YYYY-MM-DD */
  end: string;
  timeZone: string;
}

/**
 * What old_value and new_value hold, per subject and field (null where the field says it all):
 * - activity start/end: ZonedInstant; location: the place as one line of text (the free text, or a chosen place's name,
 *   structuredFormat.mainText, as the itinerary shows it; null: none); timeZone: IANA zone (its own, else the experience's)
 * - activity added: new = its start (ZonedInstant); removed: old = its start
 * - day added: new = its date (YYYY-MM-DD); removed: old = its date; dates (days reordered, when too many activities
 *   moved to name each): DateSpan of that one day, old and new
 * - experience dates: DateSpan old and new; timeZone: IANA zone old and new; location (its venue): as an activity's
 * - bulletin posted: new = { title, text } (text cut to 500 characters)
 * - rsvp requested / approved / rejected / removedGuest, host madeHost: null and null (label: the person's name)
 * - comment commented: new = { text, postId } (text cut to 500 characters; label: the commenter's name)
 * - post or comment reported (kind requests, to the organisers): new = { text, reason, postId } (each cut to 500
 *   characters; label: the reporter's name)
 * - experience, day or activity name, subtitle, description (text, cut to 500), image (null and null), experience
 *   privacy, rsvpType (the enum), capacity (a number; null: no limit): the History panel's alone (edit-log.ts)
 */
export interface ChangeEntry {
  kind: NotifyKind;
  subjectType: ChangeSubject;
  subjectId: string;
  field: ChangeField;
  /** The subject's name at the time: an activity's or day's name, a bulletin's title, a person's name. */
  label: string;
  oldValue: unknown;
  newValue: unknown;
  /** The one person this is for (a decision about them, a comment on their post); null: the kind's audience. */
  recipientId: string | null;
  /** Told within 2 minutes (an activity or day within 48 hours, dates within 48 hours, a bulletin, a request or decision); else in the hourly digest. */
  urgent: boolean;
  /** The day the subject is on (an activity's day, or the day itself), for the History panel's day filter; absent: none. */
  programId?: string | null;
  /** An activity's attendee groups when it changed: told only to those who may see it (absent or empty: everyone). */
  groups?: string[];
}

/** Changes to anything starting within this of now are urgent. */
const URGENT_HORIZON_MS = 48 * 60 * 60 * 1000;

/** Whether any of these moments (epoch milliseconds) falls within 48 hours before or after `now`. */
const isUrgent = (now: number, ...moments: (number | null | undefined)[]) =>
  moments.some((moment) => moment != null && Math.abs(moment - now) <= URGENT_HORIZON_MS);

/** Cuts free text for a change-log value. */
export const excerpt = (text: string, max = 500) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * The digest id an organiser-only row (a rename, a description, a picture, a setting: worker/domain/edit-log.ts)
 * carries from the start: no digest, push or 'What changed' takes it, and it ages out with the rows told.
 */
export const HISTORY_ONLY_DIGEST = "history-only";

const historyOnly = (field: ChangeField) => (ORGANISER_ONLY_FIELDS as readonly ChangeField[]).includes(field);

/** The insert statements of these entries, to add to the change's own batch (none for none). */
export function changeLogStatements(db: Db, eventId: string, actorId: string | null, entries: ChangeEntry[]): BatchItem<"sqlite">[] {
  return chunkedInserts(
    db,
    changeLog,
    entries.map((entry) => ({ eventId, actorId, ...entry, digestId: historyOnly(entry.field) ? HISTORY_ONLY_DIGEST : null })),
  );
}

/**
 * Wakes the experience's digest desk after a write that logged changes, or may have (a freed place's waitlist promotion
 * is logged by D1's trigger): its room reads when the earliest pending change is due and sets its alarm. Never fails the
 * write: the change is in D1 already, and the cron pokes the room again if this is lost.
 */
export async function changesLogged(env: Bindings, eventId: string): Promise<void> {
  try {
    await eventRoom(env, eventId).pokeDigests(eventId);
  } catch (error) {
    console.error("digest poke failed", eventId, error);
  }
}

// ── What each write logs ──────────────────────────────────────────────────────

/** If more activities than this move in one write (new dates, days reordered), their own rows are left out: the dates say it. */
export const MOVED_ACTIVITIES_LOGGED = 20;

type Instant = Date | number;
const ms = (instant: Instant) => (typeof instant === "number" ? instant : instant.getTime());
const zoned = (instant: Instant, timeZone: string): ZonedInstant => ({ at: new Date(ms(instant)).toISOString(), timeZone });

/** An activity as its rows tell it: its name, times, place and own zone (null: the experience's). */
export interface LoggedActivity {
  id: string;
  name: string;
  startTime: Instant;
  endTime: Instant;
  location?: Location | null;
  timeZone: string | null;
  /** Its day (absent where a caller does not know it: the row then names no day). */
  programId?: string;
  /** The attendee groups it is shown to (empty: every guest): its rows are told to them alone (docs/programme.md). */
  groups: readonly string[];
}

/** A place as one line of text: the free text, or a chosen place's name (as the itinerary shows it); null: none. */
function placeText(location: Location | null | undefined): string | null {
  if (!location) return null;
  const text = typeof location === "string" ? location : location.structuredFormat.mainText.text;
  return text.trim() || null;
}

const itinerary = (
  subjectType: "activity" | "day",
  subjectId: string,
  label: string,
  urgent: boolean,
  programId: string | undefined,
  groups: readonly string[] = [],
) => ({
  kind: "itinerary" as const,
  subjectType,
  subjectId,
  label,
  recipientId: null,
  urgent,
  programId: programId ?? null,
  groups: [...groups],
});

/**
 * An activity's edit, one row per field a guest acts on that changed: start, end (each a ZonedInstant on the activity's
 * own zone, else the experience's), place, zone (a rename, a description or a picture is the History panel's alone:
 * worker/domain/edit-log.ts). The experience's
 * zone may differ before and after (a zone change of the experience).
 */
export function activityChanges(
  before: LoggedActivity,
  after: LoggedActivity,
  eventZone: string,
  now: number,
  eventZoneAfter = eventZone,
): ChangeEntry[] {
  const [zoneBefore, zoneAfter] = [before.timeZone ?? eventZone, after.timeZone ?? eventZoneAfter];
  const urgent = isUrgent(now, ms(before.startTime), ms(after.startTime));
  const row = itinerary("activity", after.id, after.name, urgent, after.programId, after.groups);
  const entries: ChangeEntry[] = [];
  for (const field of ["start", "end"] as const) {
    const [from, to] = field === "start" ? [before.startTime, after.startTime] : [before.endTime, after.endTime];
    if (ms(from) !== ms(to)) entries.push({ ...row, field, oldValue: zoned(from, zoneBefore), newValue: zoned(to, zoneAfter) });
  }
  if (after.location !== undefined) {
    const [from, to] = [placeText(before.location), placeText(after.location)];
    if (from !== to) entries.push({ ...row, field: "location", oldValue: from, newValue: to });
  }
  if (zoneBefore !== zoneAfter) entries.push({ ...row, field: "timeZone", oldValue: zoneBefore, newValue: zoneAfter });
  return entries;
}

/** A new activity: told with its start. */
export const activityAdded = (activity: LoggedActivity, eventZone: string, now: number): ChangeEntry => ({
  ...itinerary("activity", activity.id, activity.name, isUrgent(now, ms(activity.startTime)), activity.programId, activity.groups),
  field: "added",
  oldValue: null,
  newValue: zoned(activity.startTime, activity.timeZone ?? eventZone),
});

/** An activity deleted, which is cancelled for its guests: told with the start it had. */
export const activityRemoved = (activity: LoggedActivity, eventZone: string, now: number): ChangeEntry => ({
  ...itinerary("activity", activity.id, activity.name, isUrgent(now, ms(activity.startTime)), activity.programId, activity.groups),
  field: "removed",
  oldValue: zoned(activity.startTime, activity.timeZone ?? eventZone),
  newValue: null,
});

interface LoggedDay {
  id: string;
  name: string;
  /** YYYY-MM-DD */
  date: string;
}

const dayUrgent = (day: LoggedDay, eventZone: string, now: number) => isUrgent(now, startOfLocalDay(day.date, eventZone));

/** A day added (a new one, a copy): told with its date. */
export const dayAdded = (day: LoggedDay, eventZone: string, now: number): ChangeEntry => ({
  ...itinerary("day", day.id, day.name, dayUrgent(day, eventZone, now), day.id),
  field: "added",
  oldValue: null,
  newValue: day.date,
});

/** A day deleted: told by this row alone (its activities' cancellations, logged with it for calendar feeds, are folded into it). */
export const dayRemoved = (day: LoggedDay, eventZone: string, now: number): ChangeEntry => ({
  ...itinerary("day", day.id, day.name, dayUrgent(day, eventZone, now), day.id),
  field: "removed",
  oldValue: day.date,
  newValue: null,
});

/**
 * Days that changed date (days reordered), each a `dates` row on the day with its one-day DateSpan: what is told when
 * too many activities moved to name each of them.
 */
export const dayMoves = (moves: { day: LoggedDay; from: string }[], eventZone: string, now: number): ChangeEntry[] =>
  moves.map(({ day, from }) => ({
    ...itinerary("day", day.id, day.name, isUrgent(now, startOfLocalDay(from, eventZone), startOfLocalDay(day.date, eventZone)), day.id),
    field: "dates",
    oldValue: { start: from, end: from, timeZone: eventZone } satisfies DateSpan,
    newValue: { start: day.date, end: day.date, timeZone: eventZone } satisfies DateSpan,
  }));

/**
 * Activities a write moved as a whole (new dates or zone of the experience, days reordered): their start and end rows,
 * or none at all when more than MOVED_ACTIVITIES_LOGGED moved (the dates row tells it then).
 */
export function movedActivities(
  moves: { before: LoggedActivity; after: LoggedActivity }[],
  eventZone: string,
  now: number,
  eventZoneAfter = eventZone,
): ChangeEntry[] {
  const entries = moves.map(({ before, after }) =>
    activityChanges(before, after, eventZone, now, eventZoneAfter).filter((entry) => entry.field === "start" || entry.field === "end"),
  );
  const moved = entries.filter((rows) => rows.length > 0);
  return moved.length > MOVED_ACTIVITIES_LOGGED ? [] : moved.flat();
}

/** An experience as its own rows tell it. */
interface LoggedExperience {
  id: string;
  name: string;
  startTime: Instant;
  /** The midnight after its last day. */
  endTime: Instant;
  timeZone: string;
  /** Its venue, when the change may have touched it (absent: not compared). */
  venue?: Location | null;
}

/** The experience's local dates: its first day and its last (inclusive). */
const dateSpan = (event: LoggedExperience): DateSpan => ({
  start: localDate(ms(event.startTime), event.timeZone),
  end: addDays(localDate(ms(event.endTime), event.timeZone), -1),
  timeZone: event.timeZone,
});

/**
 * The experience's own changes: its dates (a `dates` row when its local first or last day changed), its zone (a
 * `timeZone` row) and its venue (a `location` row: 'Venue: LX Factory → Hotel Avenida'). Urgent when it is under way
 * or either start is within 48 hours.
 */
export function experienceChanges(before: LoggedExperience, after: LoggedExperience, now: number): ChangeEntry[] {
  const underWay = ms(before.startTime) <= now && now < ms(before.endTime);
  const row = {
    kind: "itinerary" as const,
    subjectType: "experience" as const,
    subjectId: after.id,
    label: after.name,
    recipientId: null,
    urgent: underWay || isUrgent(now, ms(before.startTime), ms(after.startTime)),
  };
  const [from, to] = [dateSpan(before), dateSpan(after)];
  const entries: ChangeEntry[] = [];
  if (from.start !== to.start || from.end !== to.end) entries.push({ ...row, field: "dates", oldValue: from, newValue: to });
  if (before.timeZone !== after.timeZone) entries.push({ ...row, field: "timeZone", oldValue: before.timeZone, newValue: after.timeZone });
  if (after.venue !== undefined) {
    const [was, is] = [placeText(before.venue), placeText(after.venue)];
    if (was !== is) entries.push({ ...row, field: "location", oldValue: was, newValue: is });
  }
  return entries;
}

type OrSql<T> = T | SQL<T>;

/**
 * The columns of one change-log row for `db.insert(changeLog).select(db.select(…).from(…).where(…))`: the row is
 * written only when the select yields one, so it lands only together with the write it is conditional on. The label and
 * the recipient may be read in that select (a person's name, a post's author).
 */
export function changeLogColumns(
  eventId: string,
  actorId: string | null,
  entry: Omit<ChangeEntry, "label" | "recipientId"> & { label: OrSql<string>; recipientId: OrSql<string | null> },
) {
  const value = <T>(v: OrSql<T>, name: string) => (is(v, SQL) ? v : sql<T>`${v}`).as(name);
  const json = (v: unknown, name: string) => sql<unknown>`${v == null ? null : JSON.stringify(v)}`.as(name);
  return {
    seq: sql<number>`null`.as("seq"),
    eventId: value(eventId, "event_id"),
    actorId: value(actorId, "actor_id"),
    kind: value(entry.kind, "kind"),
    subjectType: value(entry.subjectType, "subject_type"),
    subjectId: value(entry.subjectId, "subject_id"),
    programId: sql<string | null>`null`.as("program_id"),
    field: value(entry.field, "field"),
    label: value(entry.label, "label"),
    oldValue: json(entry.oldValue, "old_value"),
    newValue: json(entry.newValue, "new_value"),
    groups: json(entry.groups ?? [], "groups"),
    recipientId: value(entry.recipientId, "recipient_id"),
    urgent: sql<boolean>`${entry.urgent ? 1 : 0}`.as("urgent"),
    createdAt: sql<Date>`cast(unixepoch('subsec') * 1000 as integer)`.as("created_at"),
    digestId: sql<string | null>`null`.as("digest_id"),
  };
}
