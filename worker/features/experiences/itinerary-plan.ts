import { asc, eq } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { activities, programs } from "@worker/db/schema";
import type { EventRow } from "@worker/domain/permissions";
import { conflict, type MessageValues, type WordedValue } from "@worker/lib/errors";
import { fillMessage } from "@worker/shared/fill-message";
import { localDate, startOfLocalDay } from "@worker/shared/time-zone";
import { activityZone, type DayRow } from "./itinerary-views";

// An experience's days and activities read once and changed in memory (a new zone, new dates), then written as the
// difference: what a settings change decides before its one serialized write.

/** How many activities a refusal names before it says 'and N more'. */
const NAMED_AT_MOST = 3;

export interface PlannedActivity {
  id: string;
  name: string;
  programId: string;
  startTime: number;
  endTime: number;
  /** Its own zone; null follows the experience's. */
  timeZone: string | null;
  groups: string[];
}

export interface ItineraryPlan {
  eventId: string;
  zone: string;
  /** The first local date and the one after the last (exclusive). */
  startDate: string;
  endDate: string;
  days: DayRow[];
  /** As stored, by id: the difference is taken against these. */
  stored: Map<string, PlannedActivity>;
  activities: PlannedActivity[];
}

/** What a plan reads of each activity: enough to move it and to tell that it moved. */
export const plannedColumns = {
  id: activities.id,
  name: activities.name,
  programId: activities.programId,
  startTime: activities.startTime,
  endTime: activities.endTime,
  timeZone: activities.timeZone,
  groups: activities.groups,
};

export async function readItineraryPlan(db: Db, event: EventRow): Promise<ItineraryPlan> {
  const [days, rows] = await db.batch([
    db.select().from(programs).where(eq(programs.eventId, event.id)).orderBy(asc(programs.dayIndex)),
    db
      .select(plannedColumns)
      .from(activities)
      .where(eq(activities.eventId, event.id))
      .orderBy(asc(activities.startTime), asc(activities.id)),
  ]);
  const planned = rows.map((row) => ({ ...row, startTime: row.startTime.getTime(), endTime: row.endTime.getTime() }));
  return {
    eventId: event.id,
    zone: event.timeZone,
    startDate: localDate(event.startTime.getTime(), event.timeZone),
    endDate: localDate(event.endTime.getTime(), event.timeZone),
    days,
    stored: new Map(planned.map((activity) => [activity.id, activity])),
    activities: planned.map((activity) => ({ ...activity })),
  };
}

/** The zone an activity of the plan is read in. */
export const zoneOf = (plan: ItineraryPlan, activity: PlannedActivity) => activityZone(activity, plan.zone);

/** The instants the plan's dates begin and end at, in its zone. */
export const planRange = (plan: ItineraryPlan) => ({
  start: startOfLocalDay(plan.startDate, plan.zone),
  end: startOfLocalDay(plan.endDate, plan.zone),
});

/** An activity as a refusal names it; in ICU a quote is written twice ('' reads '), one alone would quote `{name}`. */
const ACTIVITY_LABEL = /*i18n*/ "''{name}'' (Day {day})";

/** "'Dinner at Ramiro' (Day 3)": an activity as a refusal names it, by the day it is on now, in the reader's words. */
export function activityLabel(plan: ItineraryPlan, activity: PlannedActivity): WordedValue {
  const day = plan.days.findIndex((d) => d.id === plan.stored.get(activity.id)!.programId) + 1;
  return (i18n) => i18n._(ACTIVITY_LABEL, { name: activity.name, day });
}

/** Refuses (409) when activities of the plan lie outside its dates, naming them. */
export function refuseOutside(plan: ItineraryPlan, outside: PlannedActivity[]) {
  if (outside.length === 0) return;
  const { message, values } = outsideWords(outside.map((a) => activityLabel(plan, a)));
  throw conflict(message, values);
}

/** The plan's activities that start before its first midnight or end after its last. */
export function activitiesOutside(plan: ItineraryPlan): PlannedActivity[] {
  const { start, end } = planRange(plan);
  return plan.activities.filter((a) => a.startTime < start || a.endTime > end);
}

/** The 409's sentences, by how many activities it names (at most three, then how many more). */
const OUTSIDE_MESSAGES = {
  one: /*i18n*/ "{first} would fall outside the new dates. Move or delete it first.",
  two: /*i18n*/ "{first} and {second} would fall outside the new dates. Move or delete them first.",
  three: /*i18n*/ "{first}, {second} and {third} would fall outside the new dates. Move or delete them first.",
  more: /*i18n*/ "{first}, {second}, {third} and {more} more would fall outside the new dates. Move or delete them first.",
} as const;

/** The catalog message naming the activities `names` (worded, or English already) and its values. */
function outsideWords<Name extends MessageValues[string]>(names: Name[]): { message: string; values: Record<string, Name | number> } {
  const [first = "" as Name, second = "" as Name, third = "" as Name] = names;
  const more = names.length - NAMED_AT_MOST;
  if (more > 0) return { message: OUTSIDE_MESSAGES.more, values: { first, second, third, more } };
  if (names.length === 3) return { message: OUTSIDE_MESSAGES.three, values: { first, second, third } };
  if (names.length === 2) return { message: OUTSIDE_MESSAGES.two, values: { first, second } };
  return { message: OUTSIDE_MESSAGES.one, values: { first } };
}

/** "'Dinner at Ramiro' (Day 3) would fall outside the new dates. Move or delete it first.", naming at most three. */
export function outsideMessage(names: string[]): string {
  const { message, values } = outsideWords(names);
  return fillMessage(message, values);
}
