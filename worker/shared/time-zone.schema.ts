import { z } from "zod";
import { canonicalTimeZone, cityOf, formatDate, formatTime, instantAt, intlTag, offsetAt } from "./time-zone";
import type { Words } from "./words";

// Shared with the web forms: how the API reads a zone name and a date-time that may or may not carry its offset.

export const TIME_ZONE_MESSAGE = /*i18n*/ "Time zone must be a time zone name such as Europe/Lisbon";

/** An IANA zone name, answered in its canonical spelling ('europe/lisbon' → 'Europe/Lisbon'); anything else is refused in words. */
export const timeZoneSchema = z
  .string({ error: TIME_ZONE_MESSAGE })
  .trim()
  .max(64, TIME_ZONE_MESSAGE)
  .transform((name, ctx) => {
    const zone = canonicalTimeZone(name);
    if (zone) return zone;
    ctx.issues.push({ code: "custom", message: TIME_ZONE_MESSAGE, input: name });
    return z.NEVER;
  })
  .meta({ description: "An IANA time zone name, such as Europe/Lisbon or America/New_York (answered in its canonical spelling)." });

/** How a zone is answered: its canonical IANA name. */
export const timeZoneViewSchema = z.string().meta({ description: "An IANA time zone name, such as Europe/Lisbon." });

/** A moment as the API was sent it: an instant (ISO with `Z` or an offset), or a wall-clock time to read in a zone. */
export type When = { instant: number } | { date: string; time: string; ms: number };

const LOCAL = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?$/;

/**
 * Reads a date or date-time the schema accepted: with `Z` or an offset it is an instant; without one it is a wall-clock
 * time, and a plain date is its 00:00.
 */
export function readWhen(value: string): When {
  const local = LOCAL.exec(value);
  if (!local) return { instant: Date.parse(value) };
  const ms = Number(local[3] ?? 0) * 1000 + Number((local[4] ?? "").padEnd(3, "0"));
  return { date: local[1]!, time: local[2] ?? "00:00", ms };
}

/** Why a wall-clock time cannot be used (time-zone.ts's gapMessage), as a message and values the reader's language words. */
const GAP_MESSAGE = /*i18n*/ "{time} does not exist on {date} in {city}: clocks go forward";

/** A gap's values, each in the reader's formats when the message is worded: '2:30 AM' and 'Mar 14, 2027' in English. */
export function gapValues(date: string, time: string, zone: string) {
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  return {
    time: (i18n: Words) =>
      intlTag(i18n.locale) === "en-US"
        ? `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, "0")} ${hour < 12 ? "AM" : "PM"}`
        : formatTime(Date.UTC(2000, 0, 1, hour, minute), "UTC", i18n),
    date: (i18n: Words) => formatDate(date, i18n),
    city: cityOf(zone),
  };
}

/** The instant a moment names in `zone`; a wall-clock time the clocks skip there is the gap's message (and values) instead. */
export function resolveWhen(when: When, zone: string): { instant: number } | { error: string; values: ReturnType<typeof gapValues> } {
  if ("instant" in when) return when;
  const resolved = instantAt(when.date, when.time, zone);
  if ("gap" in resolved) return { error: GAP_MESSAGE, values: gapValues(when.date, when.time, zone) };
  return { instant: resolved.instant + when.ms };
}

/** A moment on the zone's wall clock, as ms since the epoch of a clock that reads UTC: what compares local dates and times. */
export function wallMs(when: When, zone: string): number {
  if ("instant" in when) return when.instant + offsetAt(when.instant, zone);
  return Date.parse(`${when.date}T${when.time}:00Z`) + when.ms;
}

/** An ISO 8601 date-time, with `Z` or an offset (an instant) or without one (a wall-clock time read in the zone it belongs to). */
export const dateTimeText = (message: string) => z.iso.datetime({ offset: true, local: true, error: message });
