import type { I18n } from "@lingui/core";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { activities, activityDocuments, events, programs } from "@worker/db/schema";
import { signupQueries, signupViews } from "@worker/domain/activity-signups";
import type { EventRow } from "@worker/domain/permissions";
import type { Bindings } from "@worker/env";
import { badRequest, notFound } from "@worker/lib/errors";
import { recipientI18n, sourceI18n } from "@worker/lib/mail/recipient-language";
import { type DayView } from "@worker/shared/itinerary.schema";
import { addDays, localDate, startOfLocalDay } from "@worker/shared/time-zone";
import { isDateTooFarAhead, MAX_EXPERIENCE_DAYS, EXPERIENCE_MESSAGES } from "./experiences.schema";
import { toDayViews } from "./itinerary-views";

// What the day operations share: a day's name by its place, the days they answer, and where a new day goes.

/** The words of what the Worker writes into an experience itself (a new day's name): the experience's language. */
export const experienceWords = (event: { language?: string | null }): I18n => recipientI18n({ experience: event.language });

/** A day's name by its place: 'Day 1' for the first day (as days are generated and added), in the experience's language. */
export const dayName = (dayIndex: number, i18n: I18n = sourceI18n()) => i18n._("Day {number}", { number: dayIndex + 1 });

/** Whether a name only says a day's place, in English or in `i18n`'s words ('Día 3'). */
function isPlaceName(name: string, i18n: I18n): boolean {
  if (/^Day \d+$/.test(name)) return true;
  const [before = "", after = ""] = dayName(-1, i18n).split("0");
  return (
    name.length > before.length + after.length &&
    name.startsWith(before) &&
    name.endsWith(after) &&
    /^\d+$/.test(name.slice(before.length, name.length - after.length))
  );
}

/** A name that only says the day's place follows its place when days move; a name the organiser typed is kept. */
export const nameAt = (name: string, dayIndex: number, i18n: I18n = sourceI18n()) =>
  isPlaceName(name, i18n) ? dayName(dayIndex, i18n) : name;

/**
 * Days (all of the event's, or the given ones) with their activities and document ids, in one D1 round trip, as the
 * organiser who changed them sees them (every activity, with its groups and places).
 */
export async function dayViews(env: Bindings, db: Db, eventId: string, dayIds?: string[]): Promise<DayView[]> {
  const dayFilter = dayIds ? inArray(programs.id, dayIds) : undefined;
  const activityFilter = dayIds ? inArray(activities.programId, dayIds) : undefined;
  const [countQuery, mineQuery] = signupQueries(db, { eventId }, null);
  const [dayRows, activityRows, links, [event], counts, mine] = await db.batch([
    db
      .select()
      .from(programs)
      .where(and(eq(programs.eventId, eventId), dayFilter))
      .orderBy(asc(programs.dayIndex)),
    db
      .select()
      .from(activities)
      .where(and(eq(activities.eventId, eventId), activityFilter))
      .orderBy(asc(activities.startTime), asc(activities.endTime)),
    db
      .select({ activityId: activityDocuments.activityId, documentId: activityDocuments.documentId })
      .from(activityDocuments)
      .innerJoin(activities, eq(activities.id, activityDocuments.activityId))
      .where(and(eq(activities.eventId, eventId), activityFilter)),
    db.select({ timeZone: events.timeZone }).from(events).where(eq(events.id, eventId)),
    countQuery,
    mineQuery,
  ]);
  if (!event) throw notFound(/*i18n*/ "Event not found");
  return toDayViews(env, dayRows, activityRows, links, event.timeZone, { signupOf: signupViews(counts, mine), organiser: true });
}

export async function dayView(env: Bindings, db: Db, eventId: string, dayId: string): Promise<DayView> {
  const [view] = await dayViews(env, db, eventId, [dayId]);
  if (!view) throw notFound(/*i18n*/ "Day not found");
  return view;
}

/** The experience's end once it covers the local date `date`: the later of its end and the midnight after that date. */
export const endCovering = (event: EventRow, date: string) =>
  new Date(Math.max(event.endTime.getTime(), startOfLocalDay(addDays(date, 1), event.timeZone)));

/**
 * The local date of a day appended after the last one (on the experience's first date when it has none, as rows
 * written before days were required may), within the caps on an experience's length and distance.
 */
export function nextDayDate(days: { date: string }[], event: EventRow): string {
  if (days.length >= MAX_EXPERIENCE_DAYS) throw badRequest(EXPERIENCE_MESSAGES.tooManyDays);
  const last = days
    .map((d) => d.date)
    .sort()
    .at(-1);
  const date = last ? addDays(last, 1) : localDate(event.startTime.getTime(), event.timeZone);
  if (isDateTooFarAhead(date, event.timeZone)) throw badRequest(EXPERIENCE_MESSAGES.atMostOneYear);
  return date;
}
