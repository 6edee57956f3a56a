import type { I18n } from "@lingui/core";
import { eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "@worker/db/client";
import { programs } from "@worker/db/schema";
import { changesLogged, experienceChanges, movedActivities } from "@worker/domain/change-log";
import { editChanges } from "@worker/domain/edit-log";
import { writeExperience, type ExperienceChange } from "@worker/domain/experience-write";
import { uploadedFileIds } from "@worker/domain/itinerary-images";
import type { EventRow } from "@worker/domain/permissions";
import type { Bindings } from "@worker/env";
import { chunkedInserts, idChunks } from "@worker/lib/batch";
import { badRequest } from "@worker/lib/errors";
import { imageView } from "@worker/lib/files";
import { asLocale } from "@worker/shared/locales";
import { addDays, daysBetween, shiftKeepingWallClock } from "@worker/shared/time-zone";
import { activityMoveStatements, type ActivityMove } from "./activity-moves";
import { changeTimeZone, type TimeZoneMode } from "./change-time-zone";
import { settleDetailsEdit } from "./details-conflicts";
import { experienceDatesError, experienceRange, type UpdateExperienceInput } from "./experiences.schema";
import { activitiesOutside, planRange, readItineraryPlan, refuseOutside, zoneOf, type ItineraryPlan } from "./itinerary-plan";

type DatesChange = Pick<UpdateExperienceInput, "startIsoTime" | "endIsoTime">;

type ZoneChange = { zone: string; mode: TimeZoneMode };

/**
 * Changes any of the experience's own fields through the serialized experience write, so a date or zone change and
 * a concurrent itinerary edit never interleave. A new venue is logged for the guests (its `location` row). A new zone
 * re-reads or re-files the activities (see changeTimeZone), then new dates, read in the new zone, move and resize the
 * itinerary (see moveDates): one read, one write. Answers
 * the experience as written, built from the row the write checked, and the upload that is its cover (whose cached
 * copies the caller drops when it turns private).
 */
export async function updateExperience(env: Bindings, db: Db, eventId: string, userId: string, change: UpdateExperienceInput, i18n: I18n) {
  const { startIsoTime, endIsoTime, timeZone, timeZoneMode = "KEEP_WALL_CLOCK", base, ...sent } = change;
  const { event, coverFileIds } = await writeExperience(env, db, eventId, userId, async ({ event: before }) => {
    const columns = await settleDetailsEdit(db, before, userId, sent, base, i18n);
    const zone = timeZone && timeZone !== before.timeZone ? { zone: timeZone, mode: timeZoneMode } : null;
    const name = columns.name ?? before.name;
    const dates = startIsoTime || endIsoTime || zone ? await planItinerary(db, before, { startIsoTime, endIsoTime }, zone, name) : {};
    const venue = experienceChanges(before, { ...before, name, venue: columns.venue }, Date.now());
    const edits = editChanges({ type: "experience", id: before.id, label: name }, before, columns);
    const set = { ...columns, ...(zone ? { timeZone: zone.zone } : {}), ...dates.event, updatedAt: new Date() };
    return {
      ...dates,
      changes: [...(dates.changes ?? []), ...venue, ...edits],
      event: set,
      result: { event: { ...before, ...set }, coverFileIds: uploadedFileIds([before.image]) },
    };
  });
  // A capacity grown or cleared promotes from the waitlist in D1's trigger, which logs whom.
  if (sent.capacity !== undefined) await changesLogged(env, eventId);
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
      timeZone: event.timeZone,
      image: await imageView(env, event.image),
      capacity: event.capacity,
      venue: event.venue,
      language: asLocale(event.language),
    },
    coverFileIds,
  };
}

/**
 * Reads the itinerary, applies the change in memory, and answers the statements that write the difference, with its
 * change-log rows: the experience's dates and zone, and the activities whose times moved (see movedActivities).
 */
async function planItinerary(
  db: Db,
  event: EventRow,
  dates: DatesChange,
  zone: ZoneChange | null,
  name: string,
): Promise<Omit<ExperienceChange<undefined>, "result">> {
  const plan = await readItineraryPlan(db, event);
  if (zone) changeTimeZone(plan, zone.zone, zone.mode);
  const moved = dates.startIsoTime || dates.endIsoTime ? moveDates(db, plan, dates) : { statements: [], freedFileIds: [] };
  const { start, end } = planRange(plan);
  const now = Date.now();
  const after = { id: event.id, name, startTime: start, endTime: end, timeZone: plan.zone };
  const activityMoved = plan.activities.map((activity) => ({ before: plan.stored.get(activity.id)!, after: activity }));
  const logged = [...experienceChanges(event, after, now), ...movedActivities(activityMoved, event.timeZone, now, plan.zone)];
  return {
    statements: [...moved.statements, ...activityMoveStatements(db, activityMoves(plan))],
    changes: logged,
    event: { startTime: new Date(start), endTime: new Date(end) },
    freedFileIds: moved.freedFileIds,
  };
}

/** What moved: each activity whose day or times differ from what is stored. */
function activityMoves(plan: ItineraryPlan): ActivityMove[] {
  return plan.activities.flatMap((activity) => {
    const stored = plan.stored.get(activity.id)!;
    const move = {
      id: activity.id,
      programId: activity.programId,
      startBy: activity.startTime - stored.startTime,
      endBy: activity.endTime - stored.endTime,
    };
    return move.programId === stored.programId && move.startBy === 0 && move.endBy === 0 ? [] : [move];
  });
}

/**
 * The start moves the whole itinerary: every day moves by the same whole number of days, and every activity with it on
 * its zone's wall clock (09:00 stays 09:00 across a clock change). The end sets the length: days past it go if they are
 * empty, and missing days are added empty after the last one. Activities that would end up outside the new range
 * refuse the change (409), named, and nothing is written. Sent alone, a new start keeps the experience's length.
 * Dates are read in the plan's zone. Changes the plan's activities and dates; answers the days' statements.
 */
function moveDates(db: Db, plan: ItineraryPlan, { startIsoTime, endIsoTime }: DatesChange) {
  const zone = plan.zone;
  const length = daysBetween(plan.startDate, plan.endDate);
  const nextStartIso = startIsoTime ?? plan.startDate;
  const nextEndIso = endIsoTime ?? addDays(experienceRange(nextStartIso, nextStartIso, zone).startDate, length);
  const error = experienceDatesError(nextStartIso, nextEndIso, Date.now(), planRange(plan).start, zone);
  if (error) throw badRequest(error.message);
  const { startDate, endDate } = experienceRange(nextStartIso, nextEndIso, zone);
  const shift = daysBetween(plan.startDate, startDate);

  const inRange = (day: { date: string }) => addDays(day.date, shift) >= startDate && addDays(day.date, shift) < endDate;
  const kept = plan.days.filter(inRange);
  const removed = plan.days.filter((day) => !inRange(day));
  const removedIds = new Set(removed.map((day) => day.id));
  for (const activity of plan.activities) {
    activity.startTime = shiftKeepingWallClock(activity.startTime, shift, zoneOf(plan, activity));
    activity.endTime = shiftKeepingWallClock(activity.endTime, shift, zoneOf(plan, activity));
  }
  plan.startDate = startDate;
  plan.endDate = endDate;
  const onRemovedDays = plan.activities.filter((a) => removedIds.has(a.programId));
  refuseOutside(plan, [...onRemovedDays, ...activitiesOutside(plan).filter((a) => !removedIds.has(a.programId))]);

  const statements: BatchItem<"sqlite">[] = idChunks([...removedIds]).map((ids) => db.delete(programs).where(inArray(programs.id, ids)));
  kept.forEach((day, i) => {
    if (day.dayIndex !== i) statements.push(db.update(programs).set({ dayIndex: i }).where(eq(programs.id, day.id)));
  });
  if (shift !== 0) {
    // Dates are calendar days: moving them involves no zone.
    statements.push(
      db
        .update(programs)
        .set({ date: sql`date(${programs.date}, ${`${shift >= 0 ? "+" : ""}${shift} days`})` })
        .where(eq(programs.eventId, plan.eventId)),
    );
  }
  const last = kept.at(-1);
  const firstNew = last ? addDays(last.date, shift + 1) : startDate;
  const added = Array.from({ length: Math.max(0, daysBetween(firstNew, endDate)) }, (_, i) => ({
    id: crypto.randomUUID(),
    eventId: plan.eventId,
    date: addDays(firstNew, i),
    dayIndex: kept.length + i,
    name: `Day ${kept.length + i + 1}`,
  }));
  statements.push(...chunkedInserts(db, programs, added));
  return { statements, freedFileIds: uploadedFileIds(removed.map((day) => day.image)) };
}
