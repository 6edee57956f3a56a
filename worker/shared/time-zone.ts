// Shared with the web (imports only ./locales and ./words, which import nothing): the one place where an instant meets a wall clock. The Worker, the share page's
// HTML, the e-mails and the app all read and word times through these functions, so they never disagree. Only Intl is
// used (the zone rules are the runtime's own tz data): no offset tables, no polyfill in the page's bundle.
// Words come in the reader's language (docs/languages.md): each word function takes a `lang` last, a locale ('de') or
// its translator (the Worker's `c.var.i18n`); without one it words in the page's language (words.ts's setPageLocale), else English.

import { intlLocale } from "./locales";
import { wordsOf, type Lang, type Words } from "./words";

/** What an experience or an activity has when none was given: nothing stored before zones existed moves. */
export const DEFAULT_TIME_ZONE = "UTC";

const MINUTE_MS = 60_000;
/** A day of 24 hours, for UTC date arithmetic (a zone's local day may be 23 or 25 hours: see addDays). */
export const DAY_MS = 24 * 60 * MINUTE_MS;

const partsFormats = new Map<string, Intl.DateTimeFormat>();

/** A cached formatter of every field of a wall clock in `zone`, or null for a name that is not a time zone. */
function partsFormat(zone: string): Intl.DateTimeFormat | null {
  let format = partsFormats.get(zone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat("en-US", {
        timeZone: zone,
        hourCycle: "h23",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
      });
    } catch {
      return null;
    }
    partsFormats.set(zone, format);
  }
  return format;
}

/** The zone's canonical IANA name ('europe/lisbon' → 'Europe/Lisbon'), or null when it is not one. */
export function canonicalTimeZone(name: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return null;
  const format = partsFormat(name);
  return format ? format.resolvedOptions().timeZone : null;
}

/** @public For the web's zone picker. */
export const isTimeZone = (name: string) => canonicalTimeZone(name) !== null;

interface Fields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function fieldsAt(instant: number, zone: string): Fields {
  const parts = partsFormat(zone)!.formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)!.value);
  return { year: get("year"), month: get("month"), day: get("day"), hour: get("hour"), minute: get("minute"), second: get("second") };
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const dateOf = (f: Pick<Fields, "year" | "month" | "day">) =>
  `${f.year < 0 ? "-" : ""}${pad(Math.abs(f.year), 4)}-${pad(f.month)}-${pad(f.day)}`;

/** How far the zone's wall clock is ahead of UTC at `instant`, in ms (whole seconds; Lisbon in summer: 3,600,000). */
export function offsetAt(instant: number, zone: string): number {
  const f = fieldsAt(instant, zone);
  const wall = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
  return wall - (instant - (((instant % 1000) + 1000) % 1000));
}

/** The zone's local date (YYYY-MM-DD) and time (HH:mm) at `instant`. */
export function localDateTime(instant: number, zone: string): { date: string; time: string } {
  const f = fieldsAt(instant, zone);
  return { date: dateOf(f), time: `${pad(f.hour)}:${pad(f.minute)}` };
}

export const localDate = (instant: number, zone: string) => localDateTime(instant, zone).date;

/** A YYYY-MM-DD date moved by whole days (calendar arithmetic: no zone is involved). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const moved = new Date(Date.UTC(year, month - 1, day + days));
  return dateOf({ year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() });
}

/** Whole days from one YYYY-MM-DD date to another. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * The instant a wall-clock time names in a zone. `gap`: the time does not exist (clocks went forward past it);
 * `overlap`: it exists twice (clocks went back) and the first occurrence is answered.
 */
export type Resolved = { instant: number; overlap: boolean } | { gap: true };

export function instantAt(date: string, time: string, zone: string): Resolved {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // A zone changes its offset at most once in a day around any moment: the offsets a day before and after are the
  // only ones this wall time can have. Each that reads back as the same wall time is an occurrence of it.
  const offsets = new Set([offsetAt(wall - DAY_MS, zone), offsetAt(wall + DAY_MS, zone), offsetAt(wall, zone)]);
  const occurrences = [...offsets]
    .map((offset) => wall - offset)
    .filter((instant) => {
      const f = fieldsAt(instant, zone);
      return Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute) === wall;
    })
    .sort((a, b) => a - b);
  const unique = [...new Set(occurrences)];
  if (unique.length === 0) return { gap: true };
  return { instant: unique[0]!, overlap: unique.length > 1 };
}

/**
 * The instant of a wall-clock time read from text that cannot be asked again (a generated agenda): a time the clocks
 * skip is read as the clock shows it after the jump (02:30 on a night New York goes from 02:00 to 03:00 is 03:30), the
 * first of a repeated one is taken.
 */
export function instantAtOrAfterGap(date: string, time: string, zone: string): number {
  const resolved = instantAt(date, time, zone);
  if (!("gap" in resolved)) return resolved.instant;
  const wall = Date.parse(`${date}T${time}:00Z`);
  return wall - offsetAt(wall - DAY_MS, zone);
}

/**
 * The first instant of a local date: its midnight, or where the clock lands after a gap that swallowed midnight
 * (clock changes fall on whole quarter hours).
 */
export function startOfLocalDay(date: string, zone: string): number {
  for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
    const resolved = instantAt(date, `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`, zone);
    if (!("gap" in resolved)) return resolved.instant;
  }
  throw new Error(`${date} has no time in ${zone}`);
}

/** The same wall-clock time `days` later in the zone (09:00 stays 09:00 across a clock change); a gap moves it forward. */
export function shiftKeepingWallClock(instant: number, days: number, zone: string): number {
  const { date, time } = localDateTime(instant, zone);
  const resolved = instantAt(addDays(date, days), time, zone);
  if (!("gap" in resolved)) return resolved.instant;
  return instant + days * DAY_MS;
}

/** The tag Intl formats a locale with: English (and the pseudo-locale) as en-US, the spec's '09:00 AM' and 'Mar 14, 2027'. */
export function intlTag(locale: string): string {
  const tag = intlLocale(locale || "en");
  return tag === "en" ? "en-US" : tag;
}

const ENGLISH = "en-US";
const tagFor = (lang?: Lang) => intlTag(wordsOf(lang).locale);

const formats = new Map<string, Intl.DateTimeFormat>();
function format(key: string, zone: string, tag: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `${key}|${zone}|${tag}`;
  let cached = formats.get(id);
  if (!cached) {
    cached = new Intl.DateTimeFormat(tag, { ...options, timeZone: zone });
    formats.set(id, cached);
  }
  return cached;
}

/** The city of a zone name, as people say it: 'America/New_York' → 'New York', 'UTC' → 'UTC'. @public (the web shows times with it) */
export const cityOf = (zone: string) => (zone.split("/").pop() ?? zone).replace(/_/g, " ");

/** '09:00 AM' on the zone's wall clock in English, the locale's own clock elsewhere ('09:00' in German). @public (the web shows times with it) */
export function formatTime(instant: number, zone: string, lang?: Lang): string {
  const tag = tagFor(lang);
  const options: Intl.DateTimeFormatOptions = tag === ENGLISH ? { hour: "2-digit", minute: "2-digit", hour12: true } : clockOptions(tag);
  return format("time", zone, tag, options).format(new Date(instant));
}

const hourCycles = new Map<string, string | undefined>();
/** A clock of the locale's own cycle: a 24-hour one with two-digit hours ('09:00' in German), else its '9:00 PM' form. */
function clockOptions(tag: string): Intl.DateTimeFormatOptions {
  if (!hourCycles.has(tag)) hourCycles.set(tag, new Intl.DateTimeFormat(tag, { hour: "numeric" }).resolvedOptions().hourCycle);
  const cycle = hourCycles.get(tag);
  return cycle === "h23" || cycle === "h24"
    ? { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }
    : { hour: "numeric", minute: "2-digit" };
}

/** The zone's common abbreviation at `instant` in the locale ('EST', 'BST', 'UTC'; 'MEZ' in German), or null. */
function abbreviation(instant: number, zone: string, tag: string): string | null {
  const name = format("zone", zone, tag, { timeZoneName: "short" })
    .formatToParts(new Date(instant))
    .find((part) => part.type === "timeZoneName")?.value;
  return name && /^[A-Z]{2,5}$/.test(name) ? name : null;
}

/** 'Lisbon time' in the reader's words (the city stays the IANA name's: Intl names no zone's city). */
const cityTime = (zone: string, i18n: Words) => i18n._("{city} time", { city: cityOf(zone) });

/**
 * The zone's name at that instant, as a reader knows it: its abbreviation where it has a common one ('EST', 'BST',
 * 'UTC'), else its city ('Lisbon time'), never an offset alone.
 */
export function zoneLabel(instant: number, zone: string, lang?: Lang): string {
  const i18n = wordsOf(lang);
  return abbreviation(instant, zone, intlTag(i18n.locale)) ?? cityTime(zone, i18n);
}

/** A zone as a form names it: 'New York time (EST)', or 'Lisbon time' where that is already its label at `instant`. */
export function zoneName(instant: number, zone: string, lang?: Lang): string {
  const i18n = wordsOf(lang);
  const short = abbreviation(instant, zone, intlTag(i18n.locale));
  const city = cityOf(zone);
  if (!short) return cityTime(zone, i18n);
  return short === city ? short : i18n._("{city} time ({abbreviation})", { city, abbreviation: short });
}

/** '09:00 AM EST' or '09:00 AM Lisbon time': a time that says which clock it is on. */
export const formatTimeInZone = (instant: number, zone: string, lang?: Lang) =>
  `${formatTime(instant, zone, lang)} ${zoneLabel(instant, zone, lang)}`;

/** 'Wed, Mar 13' of a YYYY-MM-DD date ('Sa., 13. März' in German). */
export const formatDay = (date: string, lang?: Lang) =>
  format("day", "UTC", tagFor(lang), { weekday: "short", day: "numeric", month: "short" }).format(new Date(`${date}T00:00:00Z`));

/** 'Mar 14, 2027' of a YYYY-MM-DD date ('14. März 2027' in German). @public (the web shows times with it) */
export const formatDate = (date: string, lang?: Lang) =>
  format("date", "UTC", tagFor(lang), { day: "numeric", month: "short", year: "numeric" }).format(new Date(`${date}T00:00:00Z`));

/** '2:30 AM' of an HH:mm time in English ('02:30' in German). */
function formatClock(time: string, tag: string): string {
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  if (tag !== ENGLISH) return format("clock", "UTC", tag, clockOptions(tag)).format(new Date(Date.UTC(2000, 0, 1, hour, minute)));
  return `${hour % 12 === 0 ? 12 : hour % 12}:${pad(minute)} ${hour < 12 ? "AM" : "PM"}`;
}

/** Why a wall-clock time cannot be used: '2:30 AM does not exist on Mar 14, 2027 in New York: clocks go forward'. */
export function gapMessage(date: string, time: string, zone: string, lang?: Lang): string {
  const i18n = wordsOf(lang);
  const values = { time: formatClock(time, intlTag(i18n.locale)), date: formatDate(date, i18n), city: cityOf(zone) };
  return i18n._("{time} does not exist on {date} in {city}: clocks go forward", values);
}

/** What the editor says of a time that happens twice: the first is kept. @public (the web shows times with it) */
export function overlapNote(date: string, time: string, zone: string, lang?: Lang): string {
  const i18n = wordsOf(lang);
  const values = { time: formatClock(time, intlTag(i18n.locale)), date: formatDate(date, i18n), city: cityOf(zone) };
  return i18n._("{time} happens twice on {date} in {city} (clocks go back): the first is used", values);
}

// ── Seen from another clock (the web's 'Your time') ──────────────────────────

/** '+1 day', '−1 day', '+2 days': how far the date on one clock lies from the venue's date at the same moment. */
const dayShiftWords = (days: number, i18n: Words) =>
  days > 0
    ? i18n._("{days, plural, one {+# day} other {+# days}}", { days })
    : i18n._("{days, plural, one {−# day} other {−# days}}", { days: -days });

/** Days from the date on `zone`'s clock to the date on `seenFrom`'s at the same instant (−1, 0 or +1). */
const dayShift = (instant: number, zone: string, seenFrom: string) => daysBetween(localDate(instant, zone), localDate(instant, seenFrom));

/**
 * A time of `zone` (the experience's, or an activity's own) as a reader asked to see it: on that zone's clock ('09:00 AM
 * EST'), or with `seenFrom` on that other clock, saying how far its date lies from the venue's ('11:00 PM PST −1 day').
 */
export function formatTimeSeen(instant: number, zone: string, seenFrom: string | null = null, lang?: Lang): string {
  const i18n = wordsOf(lang);
  if (!seenFrom) return formatTimeInZone(instant, zone, i18n);
  const shift = dayShift(instant, zone, seenFrom);
  const time = formatTimeInZone(instant, seenFrom, i18n);
  return shift ? `${time} ${dayShiftWords(shift, i18n)}` : time;
}

/**
 * '09:00 AM – 10:30 AM EST': a start and an end that share their label and their day shift say them once
 * ('10:00 PM – 11:30 PM PST −1 day'); otherwise each end says its own ('11:30 PM PST −1 day – 12:30 AM PST').
 */
export function formatTimeRange(start: number, end: number, zone: string, seenFrom: string | null = null, lang?: Lang): string {
  const i18n = wordsOf(lang);
  const clock = seenFrom ?? zone;
  const shift = seenFrom ? dayShift(start, zone, seenFrom) : 0;
  const sameShift = !seenFrom || dayShift(end, zone, seenFrom) === shift;
  if (!sameShift || zoneLabel(start, clock, i18n) !== zoneLabel(end, clock, i18n))
    return i18n._("{start} – {end}", {
      start: formatTimeSeen(start, zone, seenFrom, i18n),
      end: formatTimeSeen(end, zone, seenFrom, i18n),
    });
  const range = i18n._("{start} – {end}", { start: formatTime(start, clock, i18n), end: formatTimeInZone(end, clock, i18n) });
  return shift ? `${range} ${dayShiftWords(shift, i18n)}` : range;
}

/** 'Mar 12, 2027, 09:00 AM WET': a moment with its date, on the zone's clock (when a bulletin was posted). */
export function formatDateTimeInZone(instant: number, zone: string, lang?: Lang): string {
  const i18n = wordsOf(lang);
  return i18n._("{date}, {time}", { date: formatDate(localDate(instant, zone), i18n), time: formatTimeInZone(instant, zone, i18n) });
}

/** The zone's wall clock at `instant` as an API reads a local date-time: '2027-03-12T09:00' ('…T23:59:59' when it has seconds). */
export function localIso(instant: number, zone: string): string {
  const f = fieldsAt(instant, zone);
  return `${dateOf(f)}T${pad(f.hour)}:${pad(f.minute)}${f.second ? `:${pad(f.second)}` : ""}`;
}
