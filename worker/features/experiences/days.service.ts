import { and, asc, eq, inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "@worker/db/client";
import { activities, activityDocuments, events, programs } from "@worker/db/schema";
import type { Bindings } from "@worker/env";
import { chunkedInserts } from "@worker/lib/batch";
import { badRequest, notFound } from "@worker/lib/errors";
import { imageView, type ImageView } from "@worker/lib/files";
import { activityRemoved, dayAdded, dayMoves, dayRemoved, movedActivities, MOVED_ACTIVITIES_LOGGED } from "@worker/domain/change-log";
import { writeExperience } from "@worker/domain/experience-write";
import { findDay } from "./find-day";
import { uploadedFileIds, type ImageInput } from "@worker/domain/itinerary-images";
import { ACTIVITY_MESSAGES } from "./activities.schema";
import { isDateTooFarAhead, MAX_EXPERIENCE_DAYS, EXPERIENCE_MESSAGES } from "./experiences.schema";
import { activityZone, toDayViews, type DayView } from "./itinerary-views";
import { activityMoveStatements, wallClockMove, type ActivityMove } from "./activity-moves";
import type { EventRow } from "@worker/domain/permissions";
import { copyName } from "@worker/shared/copy-name";
import { addDays, daysBetween, localDate, shiftKeepingWallClock, startOfLocalDay } from "@worker/shared/time-zone";
import { DAY_NAME_MAX, DAY_MESSAGES, type UpdateDayInput } from "./days.schema";

/** A day's name by its place: 'Day 1' for the first day (as days are generated and added). */
const dayName = (dayIndex: number) => `Day ${dayIndex + 1}`;
/** A name that only says the day's place follows its place when days move; a name the organiser typed is kept. */
const nameAt = (name: string, dayIndex: number) => (/^Day \d+$/.test(name) ? dayName(dayIndex) : name);

/** Days (all of the event's, or the given ones) with their activities and document ids, in one D1 round trip. */
async function dayViews(env: Bindings, db: Db, eventId: string, dayIds?: string[]): Promise<DayView[]> {
  const dayFilter = dayIds ? inArray(programs.id, dayIds) : undefined;
  const activityFilter = dayIds ? inArray(activities.programId, dayIds) : undefined;
  const [dayRows, activityRows, links, [event]] = await db.batch([
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
  ]);
  if (!event) throw notFound("Event not found");
  return toDayViews(env, dayRows, activityRows, links, event.timeZone);
}

async function dayView(env: Bindings, db: Db, eventId: string, dayId: string): Promise<DayView> {
  const [view] = await dayViews(env, db, eventId, [dayId]);
  if (!view) throw notFound("Day not found");
  return view;
}

export async function updateDay(env: Bindings, db: Db, eventId: string, dayId: string, userId: string, input: UpdateDayInput) {
  const { image, ...text } = input;
  const change = { ...text, ...(image === null ? { image: null } : {}) };
  await writeExperience(env, db, eventId, userId, async () => {
    const day = await findDay(db, eventId, dayId);
    if (!Object.values(change).some((v) => v !== undefined)) return { result: undefined };
    return {
      statements: [db.update(programs).set(change).where(eq(programs.id, dayId))],
      freedFileIds: image === null ? uploadedFileIds([day.image]) : [],
      result: undefined,
    };
  });
  return dayView(env, db, eventId, dayId);
}

/**
 * Deletes the day (its activities cascade), closes the gap in dayIndex and fits the experience's dates to the days left;
 * the uploads it showed go too. Its activities are logged as cancelled with it, so calendar feeds cancel them; guests are
 * told the day's line alone (foldChanges).
 */
export async function deleteDay(env: Bindings, db: Db, eventId: string, dayId: string, userId: string): Promise<void> {
  await writeExperience(env, db, eventId, userId, async ({ event }) => {
    const [days, dayActivities] = await db.batch([
      db.select().from(programs).where(eq(programs.eventId, eventId)).orderBy(asc(programs.dayIndex)),
      db
        .select({
          id: activities.id,
          name: activities.name,
          startTime: activities.startTime,
          endTime: activities.endTime,
          timeZone: activities.timeZone,
          image: activities.image,
        })
        .from(activities)
        .where(and(eq(activities.programId, dayId), eq(activities.eventId, eventId))),
    ]);
    const day = days.find((d) => d.id === dayId);
    if (!day) throw notFound("Day not found");
    if (days.length === 1) throw badRequest(DAY_MESSAGES.atLeastOneDay);
    const left = days.filter((d) => d.id !== dayId);
    const renumber = left.flatMap((d, i) =>
      d.dayIndex === i
        ? []
        : [
            db
              .update(programs)
              .set({ dayIndex: i, name: nameAt(d.name, i) })
              .where(eq(programs.id, d.id)),
          ],
    );
    // The experience now spans its remaining days, so its date range never shows a day that is gone.
    const remaining = left.map((d) => d.date).sort();
    const zone = event.timeZone;
    return {
      statements: [db.delete(programs).where(eq(programs.id, dayId)), ...renumber],
      changes: [
        dayRemoved(day, zone, Date.now()),
        ...dayActivities.map((activity) => activityRemoved({ ...activity, programId: dayId }, zone, Date.now())),
      ],
      event: {
        startTime: new Date(startOfLocalDay(remaining[0]!, zone)),
        endTime: new Date(startOfLocalDay(addDays(remaining.at(-1)!, 1), zone)),
      },
      freedFileIds: uploadedFileIds([day.image, ...dayActivities.map((a) => a.image)]),
      result: undefined,
    };
  });
}

/**
 * Appends a copy of the day after the last day (the experience grows by that day); its activities move by the same
 * whole number of days on their zone's wall clock, so they keep their times of day across a clock change. Uploaded
 * images get their own copies.
 */
export async function copyDay(env: Bindings, db: Db, eventId: string, dayId: string, userId: string): Promise<DayView> {
  const id = await writeExperience(env, db, eventId, userId, async ({ event }, writer) => {
    const [days, sourceActivities, links] = await db.batch([
      db.select().from(programs).where(eq(programs.eventId, eventId)).orderBy(asc(programs.dayIndex)),
      db
        .select()
        .from(activities)
        .where(and(eq(activities.programId, dayId), eq(activities.eventId, eventId))),
      db
        .select({ activityId: activityDocuments.activityId, documentId: activityDocuments.documentId })
        .from(activityDocuments)
        .innerJoin(activities, eq(activities.id, activityDocuments.activityId))
        .where(and(eq(activities.programId, dayId), eq(activities.eventId, eventId))),
    ]);
    const source = days.find((d) => d.id === dayId);
    if (!source) throw notFound("Day not found");
    const newDate = nextDayDate(days, event);
    const shift = daysBetween(source.date, newDate);
    const copier = await writer.copier([source.image, ...sourceActivities.map((a) => a.image)]);
    const id = crypto.randomUUID();
    const activityIds = new Map(sourceActivities.map((a) => [a.id, crypto.randomUUID()]));
    const newDay = {
      id,
      eventId,
      date: newDate,
      dayIndex: days.length,
      name: nameAt(source.name, days.length) === source.name ? copyName(source.name, DAY_NAME_MAX) : dayName(days.length),
      subtitle: source.subtitle,
      description: source.description,
      image: copier.copy(source.image),
    };
    const newActivities = sourceActivities.map((a) => ({
      ...a,
      id: activityIds.get(a.id)!,
      programId: id,
      startTime: new Date(shiftKeepingWallClock(a.startTime.getTime(), shift, activityZone(a, event.timeZone))),
      endTime: new Date(shiftKeepingWallClock(a.endTime.getTime(), shift, activityZone(a, event.timeZone))),
      image: copier.copy(a.image),
      createdAt: undefined,
    }));
    const newLinks = links.map((l) => ({ activityId: activityIds.get(l.activityId)!, documentId: l.documentId }));
    return {
      statements: [
        db.insert(programs).values(newDay),
        ...chunkedInserts(db, activities, newActivities),
        ...chunkedInserts(db, activityDocuments, newLinks),
      ],
      changes: [dayAdded(newDay, event.timeZone, Date.now())],
      event: { endTime: endCovering(event, newDate) },
      result: id,
    };
  });
  return dayView(env, db, eventId, id);
}

/** The experience's end once it covers the local date `date`: the later of its end and the midnight after that date. */
const endCovering = (event: EventRow, date: string) =>
  new Date(Math.max(event.endTime.getTime(), startOfLocalDay(addDays(date, 1), event.timeZone)));

/**
 * The local date of a day appended after the last one (on the experience's first date when it has none, as rows
 * written before days were required may), within the caps on an experience's length and distance.
 */
function nextDayDate(days: { date: string }[], event: EventRow): string {
  if (days.length >= MAX_EXPERIENCE_DAYS) throw badRequest(EXPERIENCE_MESSAGES.tooManyDays);
  const last = days
    .map((d) => d.date)
    .sort()
    .at(-1);
  const date = last ? addDays(last, 1) : localDate(event.startTime.getTime(), event.timeZone);
  if (isDateTooFarAhead(date, event.timeZone)) throw badRequest(EXPERIENCE_MESSAGES.atMostOneYear);
  return date;
}

/** Appends an empty day after the last one, named after its place ('Day 4'); the experience grows by that day. */
export async function addDay(env: Bindings, db: Db, eventId: string, userId: string): Promise<DayView> {
  const id = await writeExperience(env, db, eventId, userId, async ({ event }) => {
    const days = await db.select({ date: programs.date }).from(programs).where(eq(programs.eventId, eventId));
    const date = nextDayDate(days, event);
    const id = crypto.randomUUID();
    const day = { id, eventId, date, dayIndex: days.length, name: dayName(days.length) };
    return {
      statements: [db.insert(programs).values(day)],
      changes: [dayAdded(day, event.timeZone, Date.now())],
      event: { endTime: endCovering(event, date) },
      result: id,
    };
  });
  return dayView(env, db, eventId, id);
}

/**
 * Puts the days in the given order and gives day i the experience's i-th date; a day that changes date takes its
 * activities along by as many days on their zone's wall clock, so every activity stays on its day at its time of day
 * (a 09:00 session stays 09:00 when its day moves past a clock change).
 */
export async function reorderDays(env: Bindings, db: Db, eventId: string, userId: string, programIds: string[]): Promise<DayView[]> {
  await writeExperience(env, db, eventId, userId, async ({ event }) => {
    const [days, acts] = await db.batch([
      db.select().from(programs).where(eq(programs.eventId, eventId)),
      db
        .select({
          id: activities.id,
          name: activities.name,
          programId: activities.programId,
          startTime: activities.startTime,
          endTime: activities.endTime,
          timeZone: activities.timeZone,
        })
        .from(activities)
        .where(eq(activities.eventId, eventId)),
    ]);
    const byId = new Map(days.map((d) => [d.id, d]));
    if (programIds.length !== days.length || new Set(programIds).size !== days.length || !programIds.every((id) => byId.has(id))) {
      throw badRequest(DAY_MESSAGES.reorder);
    }
    const firstDate = localDate(event.startTime.getTime(), event.timeZone);
    const endTime = endCovering(event, addDays(firstDate, days.length - 1));
    const statements: BatchItem<"sqlite">[] = [];
    const moves: ActivityMove[] = [];
    const movedDays: { day: (typeof days)[number]; from: string }[] = [];
    programIds.forEach((id, i) => {
      const day = byId.get(id)!;
      const date = addDays(firstDate, i);
      const shift = daysBetween(day.date, date);
      const name = nameAt(day.name, i);
      if (day.dayIndex !== i || shift !== 0 || name !== day.name)
        statements.push(db.update(programs).set({ dayIndex: i, date, name }).where(eq(programs.id, id)));
      if (shift === 0) return;
      movedDays.push({ day: { ...day, date }, from: day.date });
      for (const activity of acts.filter((a) => a.programId === id)) {
        const move = { id: activity.id, programId: id, ...wallClockMove(activity, shift, activityZone(activity, event.timeZone)) };
        // An activity moved by an edit to another date than its day's could otherwise leave the experience.
        if (
          activity.startTime.getTime() + move.startBy < event.startTime.getTime() ||
          activity.endTime.getTime() + move.endBy > endTime.getTime()
        ) {
          throw badRequest(ACTIVITY_MESSAGES.withinExperience);
        }
        moves.push(move);
      }
    });
    // Each moved activity is told with its new times; when too many moved to name each, each moved day with its new date.
    const now = Date.now();
    const byActivity = new Map(acts.map((a) => [a.id, a]));
    const movedOnes = moves.map((move) => {
      const before = byActivity.get(move.id)!;
      const after = {
        ...before,
        startTime: before.startTime.getTime() + move.startBy,
        endTime: before.endTime.getTime() + move.endBy,
      };
      return { before, after };
    });
    const told =
      movedOnes.length > MOVED_ACTIVITIES_LOGGED
        ? dayMoves(movedDays, event.timeZone, now)
        : movedActivities(movedOnes, event.timeZone, now);
    return {
      statements: [...statements, ...activityMoveStatements(db, moves)],
      changes: told,
      event: { endTime },
      result: undefined,
    };
  });
  return dayViews(env, db, eventId);
}

/** Shows the new picture on the day, then removes the old one if it was our own upload. */
export async function setDayImage(
  env: Bindings,
  db: Db,
  eventId: string,
  dayId: string,
  userId: string,
  image: ImageInput,
): Promise<{ image: ImageView }> {
  const ref = await writeExperience(env, db, eventId, userId, async (_, writer) => {
    const day = await findDay(db, eventId, dayId);
    const ref = await writer.image(image);
    return {
      statements: [db.update(programs).set({ image: ref }).where(eq(programs.id, dayId))],
      freedFileIds: uploadedFileIds([day.image]),
      result: ref,
    };
  });
  return { image: (await imageView(env, ref))! };
}
