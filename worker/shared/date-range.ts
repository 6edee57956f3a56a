import { addDays, daysBetween, localDate } from "./time-zone";

// Shared with the web: the Worker's share page, the e-mails and the app word an experience's dates alike, as the
// experience's local dates in its own zone.

const dayFormat = new Intl.DateTimeFormat("en-US", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const shortDay = new Intl.DateTimeFormat("en-US", { day: "numeric", month: "short", timeZone: "UTC" });
const ofDate = (date: string) => new Date(`${date}T00:00:00Z`);

/** The first local date and the last (inclusive) of an experience from its start and its exclusive end, in its zone. */
function localRange(startIso: string, endIso: string, zone: string): { first: string; last: string } {
  const first = localDate(Date.parse(startIso), zone);
  // The end is the midnight after the last day: the instant before it is on the last day.
  const last = localDate(Date.parse(endIso) - 1, zone);
  return { first, last: last < first ? first : last };
}

/**
 * "Mar 12 – Mar 14, 2027"; "Dec 30, 2026 – Jan 2, 2027" across years; "Mar 12, 2027" for one day: the experience's
 * local dates in `zone`. Spec 2 §9: the range shows the end date minus one day (the end is exclusive midnight).
 */
export function formatDateRange(startIso: string, endIso: string, zone: string): string {
  const { first, last } = localRange(startIso, endIso, zone);
  if (first === last) return dayFormat.format(ofDate(first));
  const sameYear = first.slice(0, 4) === last.slice(0, 4);
  return `${sameYear ? shortDay.format(ofDate(first)) : dayFormat.format(ofDate(first))} – ${dayFormat.format(ofDate(last))}`;
}

/** "3-day itinerary · Mar 12 – Mar 14, 2027", counted in local days of `zone`; the end is exclusive, so the last day is the one before it. */
export function itinerarySummary(start: Date, end: Date, zone: string): string {
  const { first, last } = localRange(start.toISOString(), end.toISOString(), zone);
  const days = daysBetween(first, addDays(last, 1));
  return `${days}-day itinerary · ${formatDateRange(start.toISOString(), end.toISOString(), zone)}`;
}
