import { asc, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "@worker/db/client";
import { activities, programs } from "@worker/db/schema";
import type { Bindings } from "@worker/env";
import { chunkedInserts, idChunks } from "@worker/lib/batch";
import { badRequest, conflict } from "@worker/lib/errors";
import { imageView } from "@worker/lib/files";
import { writeExperience, type ExperienceChange } from "@worker/domain/experience-write";
import { uploadedFileIds } from "@worker/domain/itinerary-images";
import type { EventRow } from "@worker/domain/permissions";
import { dateMs, DAY_MS, experienceDatesError, experienceRange, isoDate, utcMidnight, type UpdateEventInput } from "./events.schema";

/** How many activities a refusal names before it says 'and N more'. */
const NAMED_AT_MOST = 3;

/**
 * Changes any of the experience's own fields through the serialized experience write, so a date change and a
 * concurrent itinerary edit never interleave. New dates move and resize the itinerary (see planDates). Answers the
 * experience as written, built from the row the write checked, and the upload that is its cover (whose cached
 * copies the caller drops when it turns private).
 */
export async function updateEvent(env: Bindings, db: Db, eventId: string, userId: string, change: UpdateEventInput) {
  const { startIsoTime, endIsoTime, ...columns } = change;
  const { event, coverFileIds } = await writeExperience(env, db, eventId, userId, async ({ event: before }) => {
    const dates = startIsoTime || endIsoTime ? await planDates(db, before, startIsoTime, endIsoTime) : {};
    const set = { ...columns, ...dates.event, updatedAt: new Date() };
    return { ...dates, event: set, result: { event: { ...before, ...set }, coverFileIds: uploadedFileIds([before.image]) } };
  });
  return {
    event: {
      id: event.id,
      name: event.name,
      subtitle: event.subtitle,
      description: event.description,
      privacy: event.privacy,
      rsvpType: event.rsvpType,
      startTime: event.startTime.toISOString(),
      endTime: event.endTime.toISOString(),
      image: await imageView(env, event.image),
    },
    coverFileIds,
  };
}

/**
 * The start moves the whole itinerary: every day and activity shifts by the same whole number of days. The end sets
 * the length: days past it go if they are empty, and missing days are added empty after the last one. Activities
 * that would end up outside the new range refuse the change (409), named, and nothing is written. Sent alone, a new
 * start keeps the experience's length.
 */
async function planDates(
  db: Db,
  event: EventRow,
  startIsoTime?: string,
  endIsoTime?: string,
): Promise<Omit<ExperienceChange<undefined>, "result">> {
  const oldStart = utcMidnight(event.startTime.getTime());
  const nextStartIso = startIsoTime ?? event.startTime.toISOString();
  const nextEndIso = endIsoTime ?? new Date(utcMidnight(Date.parse(nextStartIso)) + (event.endTime.getTime() - oldStart)).toISOString();
  const error = experienceDatesError(nextStartIso, nextEndIso, Date.now(), event.startTime.getTime());
  if (error) throw badRequest(error.message);
  const { start, end } = experienceRange(nextStartIso, nextEndIso);
  const shift = start - oldStart;

  const [days, acts] = await db.batch([
    db.select().from(programs).where(eq(programs.eventId, event.id)).orderBy(asc(programs.dayIndex)),
    db
      .select({ name: activities.name, programId: activities.programId, startTime: activities.startTime, endTime: activities.endTime })
      .from(activities)
      .where(eq(activities.eventId, event.id))
      .orderBy(asc(activities.startTime), asc(activities.id)),
  ]);
  const inRange = (day: (typeof days)[number]) => dateMs(day.date) + shift >= start && dateMs(day.date) + shift < end;
  const kept = days.filter(inRange);
  const removed = days.filter((day) => !inRange(day));
  const dayNumber = new Map(days.map((day, i) => [day.id, i + 1]));
  const removedIds = new Set(removed.map((day) => day.id));
  const outside = acts.filter(
    (a) => removedIds.has(a.programId) || a.startTime.getTime() + shift < start || a.endTime.getTime() + shift > end,
  );
  if (outside.length > 0) throw conflict(outsideMessage(outside.map((a) => `'${a.name}' (Day ${dayNumber.get(a.programId)})`)));

  const statements: BatchItem<"sqlite">[] = idChunks([...removedIds]).map((ids) => db.delete(programs).where(inArray(programs.id, ids)));
  kept.forEach((day, i) => {
    if (day.dayIndex !== i) statements.push(db.update(programs).set({ dayIndex: i }).where(eq(programs.id, day.id)));
  });
  if (shift !== 0) {
    const modifier = `${shift / DAY_MS >= 0 ? "+" : ""}${shift / DAY_MS} days`;
    statements.push(
      db
        .update(programs)
        .set({ date: sql`date(${programs.date}, ${modifier})` })
        .where(eq(programs.eventId, event.id)),
      db
        .update(activities)
        .set({ startTime: sql`${activities.startTime} + ${shift}`, endTime: sql`${activities.endTime} + ${shift}` })
        .where(eq(activities.eventId, event.id)),
    );
  }
  const last = kept.at(-1);
  const firstNew = last ? dateMs(last.date) + shift + DAY_MS : start;
  const added = Array.from({ length: Math.max(0, (end - firstNew) / DAY_MS) }, (_, i) => ({
    id: crypto.randomUUID(),
    eventId: event.id,
    date: isoDate(firstNew + i * DAY_MS),
    dayIndex: kept.length + i,
    name: `Day ${kept.length + i + 1}`,
  }));
  statements.push(...chunkedInserts(db, programs, added));
  return {
    statements,
    event: { startTime: new Date(start), endTime: new Date(end) },
    freedFileIds: uploadedFileIds(removed.map((day) => day.image)),
  };
}

/** "'Dinner at Ramiro' (Day 3) would fall outside the new dates. Move or delete it first.", naming at most three. */
export function outsideMessage(names: string[]): string {
  const shown = names.slice(0, NAMED_AT_MOST);
  const more = names.length - shown.length;
  const list =
    more > 0
      ? `${shown.join(", ")} and ${more} more`
      : shown.length > 1
        ? `${shown.slice(0, -1).join(", ")} and ${shown.at(-1)}`
        : shown[0];
  return `${list} would fall outside the new dates. Move or delete ${names.length === 1 ? "it" : "them"} first.`;
}
