import { addDays, daysBetween, formatDate, intlTag, localDate } from "./time-zone";
import { wordsOf, type Lang } from "./words";

// Shared with the web: the Worker's share page, the e-mails and the app word an experience's dates alike, as the
// experience's local dates in its own zone, in the reader's language (`lang`, as time-zone.ts's word functions take it).

const shortDays = new Map<string, Intl.DateTimeFormat>();
/** 'Mar 12' of a YYYY-MM-DD date ('12. März' in German). */
function shortDay(date: string, tag: string): string {
  let format = shortDays.get(tag);
  if (!format) shortDays.set(tag, (format = new Intl.DateTimeFormat(tag, { day: "numeric", month: "short", timeZone: "UTC" })));
  return format.format(new Date(`${date}T00:00:00Z`));
}

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
export function formatDateRange(startIso: string, endIso: string, zone: string, lang?: Lang): string {
  const i18n = wordsOf(lang);
  const { first, last } = localRange(startIso, endIso, zone);
  if (first === last) return formatDate(first, i18n);
  const sameYear = first.slice(0, 4) === last.slice(0, 4);
  const start = sameYear ? shortDay(first, intlTag(i18n.locale)) : formatDate(first, i18n);
  return i18n._("{start} – {end}", { start, end: formatDate(last, i18n) });
}

/** "3-day itinerary · Mar 12 – Mar 14, 2027", counted in local days of `zone`; the end is exclusive, so the last day is the one before it. */
export function itinerarySummary(start: Date, end: Date, zone: string, lang?: Lang): string {
  const i18n = wordsOf(lang);
  const { first, last } = localRange(start.toISOString(), end.toISOString(), zone);
  const days = daysBetween(first, addDays(last, 1));
  const range = formatDateRange(start.toISOString(), end.toISOString(), zone, i18n);
  return i18n._("{days, plural, one {#-day itinerary · {range}} other {#-day itinerary · {range}}}", { days, range });
}
