import { and, asc, eq, inArray, max, min, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "@worker/db/client";
import { activities, activityDocuments, programs } from "@worker/db/schema";
import type { Bindings } from "@worker/env";
import { chunkedInserts } from "@worker/lib/batch";
import { badRequest, notFound } from "@worker/lib/errors";
import { imageView, type ImageView } from "@worker/lib/files";
import { writeExperience } from "@worker/domain/experience-write";
import { findDay } from "@worker/domain/find-day";
import { uploadedFileIds, type ImageInput } from "@worker/domain/itinerary-images";
import { ACTIVITY_MESSAGES } from "@worker/features/activities/activities.schema";
import {
  dateMs,
  DAY_MS,
  isoDate,
  isTooFarAhead,
  MAX_EXPERIENCE_DAYS,
  MESSAGES as EVENT_MESSAGES,
  utcMidnight,
} from "@worker/features/events/events.schema";
import { toProgramViews, type ProgramView } from "@worker/domain/itinerary-views";
import { PROGRAM_MESSAGES, type UpdateProgramInput } from "./programs.schema";

/** Days (all of the event's, or the given ones) with their activities and document ids, in one D1 round trip. */
async function programViews(env: Bindings, db: Db, eventId: string, dayIds?: string[]): Promise<ProgramView[]> {
  const dayFilter = dayIds ? inArray(programs.id, dayIds) : undefined;
  const activityFilter = dayIds ? inArray(activities.programId, dayIds) : undefined;
  const [dayRows, activityRows, links] = await db.batch([
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
  ]);
  return toProgramViews(env, dayRows, activityRows, links);
}

async function programView(env: Bindings, db: Db, eventId: string, dayId: string): Promise<ProgramView> {
  const [view] = await programViews(env, db, eventId, [dayId]);
  if (!view) throw notFound("Day not found");
  return view;
}

export async function updateProgram(env: Bindings, db: Db, eventId: string, dayId: string, userId: string, input: UpdateProgramInput) {
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
  return programView(env, db, eventId, dayId);
}

/** Deletes the day (its activities cascade), closes the gap in dayIndex and fits the experience's dates to the days left; the uploads it showed go too. */
export async function deleteProgram(env: Bindings, db: Db, eventId: string, dayId: string, userId: string): Promise<void> {
  await writeExperience(env, db, eventId, userId, async () => {
    const [days, dayActivities] = await db.batch([
      db.select().from(programs).where(eq(programs.eventId, eventId)).orderBy(asc(programs.dayIndex)),
      db
        .select({ image: activities.image })
        .from(activities)
        .where(and(eq(activities.programId, dayId), eq(activities.eventId, eventId))),
    ]);
    const day = days.find((d) => d.id === dayId);
    if (!day) throw notFound("Day not found");
    if (days.length === 1) throw badRequest(PROGRAM_MESSAGES.atLeastOneDay);
    const left = days.filter((d) => d.id !== dayId);
    const renumber = left.flatMap((d, i) =>
      d.dayIndex === i ? [] : [db.update(programs).set({ dayIndex: i }).where(eq(programs.id, d.id))],
    );
    // The experience now spans its remaining days, so its date range never shows a day that is gone.
    const remaining = left.map((d) => dateMs(d.date));
    return {
      statements: [db.delete(programs).where(eq(programs.id, dayId)), ...renumber],
      event: { startTime: new Date(Math.min(...remaining)), endTime: new Date(Math.max(...remaining) + DAY_MS) },
      freedFileIds: uploadedFileIds([day.image, ...dayActivities.map((a) => a.image)]),
      result: undefined,
    };
  });
}

/**
 * Appends a copy of the day after the last day (the experience grows by that day); its activities move
 * by the same whole number of days, so they keep their times of day. Uploaded images get their own copies.
 */
export async function cloneProgram(env: Bindings, db: Db, eventId: string, dayId: string, userId: string): Promise<ProgramView> {
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
    const newDate = nextDayDate(days, event.startTime);

    const shift = newDate - dateMs(source.date);
    const copier = await writer.copier([source.image, ...sourceActivities.map((a) => a.image)]);
    const id = crypto.randomUUID();
    const activityIds = new Map(sourceActivities.map((a) => [a.id, crypto.randomUUID()]));
    const newDay = {
      id,
      eventId,
      date: isoDate(newDate),
      dayIndex: days.length,
      name: `${source.name} (copy)`,
      subtitle: source.subtitle,
      description: source.description,
      image: copier.copy(source.image),
    };
    const newActivities = sourceActivities.map((a) => ({
      ...a,
      id: activityIds.get(a.id)!,
      programId: id,
      startTime: new Date(a.startTime.getTime() + shift),
      endTime: new Date(a.endTime.getTime() + shift),
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
      event: { endTime: new Date(Math.max(event.endTime.getTime(), newDate + DAY_MS)) },
      result: id,
    };
  });
  return programView(env, db, eventId, id);
}

/**
 * The date (ms) of a day appended after the last one (on the experience's start when it has none, as rows written
 * before days were required may), within the caps on an experience's length and distance.
 */
function nextDayDate(days: { date: string }[], start: Date): number {
  if (days.length >= MAX_EXPERIENCE_DAYS) throw badRequest(EVENT_MESSAGES.tooManyDays);
  const date = days.length > 0 ? Math.max(...days.map((d) => dateMs(d.date))) + DAY_MS : utcMidnight(start.getTime());
  if (isTooFarAhead(date)) throw badRequest(EVENT_MESSAGES.atMostOneYear);
  return date;
}

/** Appends an empty day after the last one, named after its place ('Day 4'); the experience grows by that day. */
export async function addProgram(env: Bindings, db: Db, eventId: string, userId: string): Promise<ProgramView> {
  const id = await writeExperience(env, db, eventId, userId, async ({ event }) => {
    const days = await db.select({ date: programs.date }).from(programs).where(eq(programs.eventId, eventId));
    const date = nextDayDate(days, event.startTime);
    const id = crypto.randomUUID();
    return {
      statements: [db.insert(programs).values({ id, eventId, date: isoDate(date), dayIndex: days.length, name: `Day ${days.length + 1}` })],
      event: { endTime: new Date(Math.max(event.endTime.getTime(), date + DAY_MS)) },
      result: id,
    };
  });
  return programView(env, db, eventId, id);
}

/**
 * Puts the days in the given order and gives day i the date start + i days; a day that changes date takes
 * its activities along by the same amount, so every activity stays on its day at its time of day.
 */
export async function reorderPrograms(
  env: Bindings,
  db: Db,
  eventId: string,
  userId: string,
  programIds: string[],
): Promise<ProgramView[]> {
  await writeExperience(env, db, eventId, userId, async ({ event }) => {
    const [days, spans] = await db.batch([
      db.select().from(programs).where(eq(programs.eventId, eventId)),
      db
        .select({ programId: activities.programId, first: min(activities.startTime), last: max(activities.endTime) })
        .from(activities)
        .where(eq(activities.eventId, eventId))
        .groupBy(activities.programId),
    ]);
    const byId = new Map(days.map((d) => [d.id, d]));
    if (programIds.length !== days.length || new Set(programIds).size !== days.length || !programIds.every((id) => byId.has(id))) {
      throw badRequest(PROGRAM_MESSAGES.reorder);
    }
    const start = utcMidnight(event.startTime.getTime());
    const endTime = Math.max(event.endTime.getTime(), start + days.length * DAY_MS);
    const spanOf = new Map(spans.map((s) => [s.programId, s]));
    const statements: BatchItem<"sqlite">[] = [];
    programIds.forEach((id, i) => {
      const day = byId.get(id)!;
      const date = start + i * DAY_MS;
      const shift = date - dateMs(day.date);
      if (day.dayIndex !== i || shift !== 0) {
        statements.push(
          db
            .update(programs)
            .set({ dayIndex: i, date: isoDate(date) })
            .where(eq(programs.id, id)),
        );
      }
      if (shift === 0) return;
      // An activity moved by an edit to another date than its day's could otherwise leave the experience.
      const span = spanOf.get(id);
      if (span?.first && span.last && (span.first.getTime() + shift < event.startTime.getTime() || span.last.getTime() + shift > endTime)) {
        throw badRequest(ACTIVITY_MESSAGES.withinExperience);
      }
      statements.push(
        db
          .update(activities)
          .set({ startTime: sql`${activities.startTime} + ${shift}`, endTime: sql`${activities.endTime} + ${shift}` })
          .where(eq(activities.programId, id)),
      );
    });
    return { statements, event: { endTime: new Date(endTime) }, result: undefined };
  });
  return programViews(env, db, eventId);
}

/** Shows the new picture on the day, then removes the old one if it was our own upload. */
export async function setProgramImage(
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
