import { conflict } from "@worker/lib/errors";
import { instantAt, localDate, localDateTime } from "@worker/shared/time-zone";
import { gapValues } from "@worker/shared/time-zone.schema";
import type { UpdateExperienceInput } from "./experiences.schema";
import { activitiesOutside, activityLabel, refuseOutside, type ItineraryPlan, type PlannedActivity } from "./itinerary-plan";

export type TimeZoneMode = NonNullable<UpdateExperienceInput["timeZoneMode"]>;

const MINUTE_MS = 60_000;

/**
 * Moves the plan to another zone. The experience keeps its local dates: its start and end become the new zone's
 * midnights of them. Activities with a zone of their own keep it and their moments. The others follow the experience:
 * - KEEP_WALL_CLOCK: each keeps its local date and time, read again on the new zone's clock (09:00 stays 09:00). A time
 *   the new zone's clocks skip refuses the whole change (409) naming the activity and the gap; a repeated one takes the
 *   first.
 * - KEEP_MOMENTS: each keeps its instant and moves to the day of its local start date in the new zone; one whose date
 *   there is no day of the itinerary refuses the change (409), named.
 * Either way an activity left outside the experience's new start and end refuses it too. Nothing is written here.
 */
export function changeTimeZone(plan: ItineraryPlan, zone: string, mode: TimeZoneMode) {
  if (zone === plan.zone) return;
  const from = plan.zone;
  plan.zone = zone;
  const following = plan.activities.filter((activity) => activity.timeZone === null);
  const lost: PlannedActivity[] = [];
  if (mode === "KEEP_WALL_CLOCK") {
    for (const activity of following) {
      activity.startTime = sameWallClock(plan, activity, activity.startTime, from, zone);
      activity.endTime = sameWallClock(plan, activity, activity.endTime, from, zone);
    }
  } else {
    const dayOn = new Map(plan.days.map((day) => [day.date, day.id]));
    for (const activity of following) {
      const day = dayOn.get(localDate(activity.startTime, zone));
      if (day) activity.programId = day;
      else lost.push(activity);
    }
  }
  refuseOutside(plan, [...lost, ...activitiesOutside(plan).filter((activity) => !lost.includes(activity))]);
}

/** The instant showing on `to`'s clock what `instant` shows on `from`'s; refused with the gap's words when `to` skips that time. */
function sameWallClock(plan: ItineraryPlan, activity: PlannedActivity, instant: number, from: string, to: string): number {
  const { date, time } = localDateTime(instant, from);
  const resolved = instantAt(date, time, to);
  if ("gap" in resolved)
    throw conflict(/*i18n*/ "{activity} cannot keep its time: {time} does not exist on {date} in {city}: clocks go forward", {
      activity: activityLabel(plan, activity),
      ...gapValues(date, time, to),
    });
  return resolved.instant + (((instant % MINUTE_MS) + MINUTE_MS) % MINUTE_MS);
}
