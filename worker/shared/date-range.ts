// Shared with the web (no imports): the Worker's share page and previews word an experience's dates as the app does.
// Dates of experiences are shown in UTC, as the spec groups and labels times in UTC.

export const DAY_MS = 24 * 60 * 60 * 1000;

const dayFormat = new Intl.DateTimeFormat("en-US", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const shortDay = new Intl.DateTimeFormat("en-US", { day: "numeric", month: "short", timeZone: "UTC" });

/**
 * "Mar 12 – Mar 14, 2027"; "Dec 30, 2026 – Jan 2, 2027" across years; "Mar 12, 2027" for one day.
 * Spec 2 §9: the range shows the end date minus one day (the end is exclusive midnight).
 */
export function formatDateRange(startIso: string, endIso: string): string {
  const start = new Date(startIso);
  const end = new Date(Math.max(start.getTime(), new Date(endIso).getTime() - DAY_MS));
  if (start.toISOString().slice(0, 10) === end.toISOString().slice(0, 10)) return dayFormat.format(start);
  const sameYear = start.getUTCFullYear() === end.getUTCFullYear();
  return `${sameYear ? shortDay.format(start) : dayFormat.format(start)} – ${dayFormat.format(end)}`;
}

/** "3-day itinerary · Mar 12 – Mar 14, 2027"; the end is exclusive, so the last day is the one before it. */
export function itinerarySummary(start: Date, end: Date): string {
  const days = Math.max(1, Math.round((end.getTime() - start.getTime()) / DAY_MS));
  return `${days}-day itinerary · ${formatDateRange(start.toISOString(), end.toISOString())}`;
}
