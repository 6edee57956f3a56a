import { i18n } from "@web/lib/i18n";
import type { ActivityView as Activity } from "@worker/shared/itinerary.schema";
import { formatDay, formatTimeRange, formatTimeSeen } from "@worker/shared/time-zone";

// Every time is worded by the shared time core (worker/shared/time-zone.ts), on the activity's own clock (its zone, else
// the experience's) or, with `seenFrom`, on the reader's: the share page's HTML and the e-mails word them the same way.

/** "Day 2 · Wed, Mar 13": a day's place in the trip and its local date, which no reader's clock changes. */
export const dayLabel = (day: { dayIndex: number; date: string }) =>
  i18n._("Day {number} · {date}", { number: day.dayIndex + 1, date: formatDay(day.date) });

/** "09:00 AM EST", or seen from the reader's clock "11:00 PM Tokyo time +1 day". */
export const startText = (activity: Activity, seenFrom: string | null) =>
  formatTimeSeen(Date.parse(activity.startDateTime), activity.timeZone, seenFrom);

/** "09:00 AM – 10:30 AM EST". */
export const timesText = (activity: Activity, seenFrom: string | null) =>
  formatTimeRange(Date.parse(activity.startDateTime), Date.parse(activity.endDateTime), activity.timeZone, seenFrom);

export const EMPTY_DAY_TEXT = /*i18n*/ "No activities scheduled for this day yet. Take some time to relax and explore!";

/** Activities in the order they happen (then by name). */
export const byStart = (a: Activity, b: Activity) =>
  Date.parse(a.startDateTime) - Date.parse(b.startDateTime) || a.name.localeCompare(b.name);

/** Activities grouped by their start as the reader sees it ("09:00 AM WET"), in order; the day stays the API's. */
export function groupByStartTime(activities: Activity[], seenFrom: string | null): { time: string; activities: Activity[] }[] {
  const groups: { time: string; activities: Activity[] }[] = [];
  for (const activity of [...activities].sort(byStart)) {
    const time = startText(activity, seenFrom);
    const last = groups[groups.length - 1];
    if (last && last.time === time) last.activities.push(activity);
    else groups.push({ time, activities: [activity] });
  }
  return groups;
}
