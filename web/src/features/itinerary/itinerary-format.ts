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

/** How long an activity lasts that stands alone rather than beside those it overlaps. */
const STANDS_ALONE_MS = 6 * 60 * 60 * 1000;

/** Activities at the same time (one alone, or several that overlap), under the time that heads them. */
export interface TimeBlock {
  time: string;
  activities: [Activity, ...Activity[]];
}

/**
 * The day's activities in blocks of those whose times overlap (a 14:00–15:30 workshop and a 14:30–16:00 one; a third
 * joins when it overlaps either), each block and its activities in the order they start. A lone activity is headed by
 * its start ("09:00 AM WET"); a block of several by the time they span, on its first activity's clock or the reader's.
 * One that starts as another ends is not beside it: a guest may attend both (the sign-ups' rule of overlap). One of six
 * hours or more (a free afternoon, a day at leisure) stands alone, and closes the block before it: it would otherwise
 * hold everything beside it.
 */
export function parallelBlocks(activities: Activity[], seenFrom: string | null): TimeBlock[] {
  const blocks: { activities: [Activity, ...Activity[]]; end: number }[] = [];
  let open: (typeof blocks)[number] | null = null;
  for (const activity of [...activities].sort(byStart)) {
    const [start, end] = [Date.parse(activity.startDateTime), Date.parse(activity.endDateTime)];
    const long = end - start >= STANDS_ALONE_MS;
    if (open && !long && start < open.end) {
      open.activities.push(activity);
      open.end = Math.max(open.end, end);
    } else {
      const block: (typeof blocks)[number] = { activities: [activity], end };
      blocks.push(block);
      open = long ? null : block;
    }
  }
  return blocks.map(({ activities: block, end }) => {
    const [first] = block;
    const time =
      block.length === 1 ? startText(first, seenFrom) : formatTimeRange(Date.parse(first.startDateTime), end, first.timeZone, seenFrom);
    return { time, activities: block };
  });
}
