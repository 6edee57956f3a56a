import type { ActivityView as Activity, LocationView } from "@worker/features/itinerary/itinerary.schema";

const timeFormat = new Intl.DateTimeFormat("en-US", { hour: "2-digit", minute: "2-digit", hour12: true, timeZone: "UTC" });
const dayFormat = new Intl.DateTimeFormat("en-US", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });

/** "09:30 AM", in UTC as the spec groups activities. */
export const formatTime = (iso: string) => timeFormat.format(new Date(iso));
export const formatDay = (isoDate: string) => dayFormat.format(new Date(`${isoDate}T00:00:00Z`));
/** "Day 2 · Wed, Mar 13": a day's place in the trip and its date. */
export const dayLabel = (day: { dayIndex: number; date: string }) => `Day ${day.dayIndex + 1} · ${formatDay(day.date)}`;

export const locationText = (location: LocationView | null) =>
  !location ? "" : typeof location === "string" ? location : location.structuredFormat.mainText.text;

export const EMPTY_DAY_TEXT = "No activities scheduled for this day yet. Take some time to relax and explore!";

/** Activities grouped by start time, in order. */
export function groupByStartTime(activities: Activity[]): { time: string; activities: Activity[] }[] {
  const sorted = [...activities].sort((a, b) => a.startDateTime.localeCompare(b.startDateTime) || a.name.localeCompare(b.name));
  const groups: { time: string; activities: Activity[] }[] = [];
  for (const activity of sorted) {
    const time = formatTime(activity.startDateTime);
    const last = groups[groups.length - 1];
    if (last && last.time === time) last.activities.push(activity);
    else groups.push({ time, activities: [activity] });
  }
  return groups;
}
