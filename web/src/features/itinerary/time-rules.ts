// Spec 2 §5, time edits. Times are instants (ms), shown and typed on the activity's clock (`zone`: its own, else the
// experience's); every wall-clock reading goes through the shared time core, so no offset is ever worked out here.
import { ACTIVITY_MESSAGES, isClockTime } from "@worker/features/experiences/activities.schema";
import { isTooFarAhead } from "@worker/features/experiences/experiences.schema";
import {
  addDays,
  gapMessage,
  instantAt,
  instantAtOrAfterGap,
  localDate,
  localDateTime,
  offsetAt,
  overlapNote,
  startOfLocalDay,
} from "@worker/shared/time-zone";

export const HOUR_MS = 60 * 60 * 1000;
export const COMMIT_DEBOUNCE_MS = 950;
const STEP_MINUTES = 30;
const STEP_MS = STEP_MINUTES * 60_000;

export type TimeChange = { start: number; end: number } | { error: string };

/** The latest end a push may reach: 23:59:59 when editing an activity, 23:00 in the new-activity form. */
export type EndCap = "23:59:59" | "23:00";

/** The last moment of the local day `t` falls on, or its 23:00 in the form. */
function capOf(t: number, cap: EndCap, zone: string): number {
  const date = localDate(t, zone);
  const lastSecond = startOfLocalDay(addDays(date, 1), zone) - 1000;
  if (cap === "23:59:59") return lastSecond;
  const eleven = instantAt(date, "23:00", zone);
  return "gap" in eleven ? lastSecond : eleven.instant;
}

/**
 * A new start: never in the past; at or after the end, the end becomes start + 1 h, capped on that local day (spec 2 §5).
 * A start moved within the activity keeps its length, as calendars do: the end moves with it, up to that same cap (an
 * activity already ending past it, over midnight, keeps its end). `keepLength` false keeps the end instead: the editor
 * passes it once the end was typed there, as that end is what the person asked for.
 */
export function changeStart(
  current: { start: number; end: number },
  start: number,
  now: number,
  zone: string,
  cap: EndCap = "23:59:59",
  keepLength = true,
): TimeChange {
  if (start < now) return { error: /*i18n*/ "Start time cannot be in the past" };
  if (isTooFarAhead(start, now)) return { error: ACTIVITY_MESSAGES.atMostOneYear };
  const dayCap = capOf(start, cap, zone);
  const end =
    start >= current.end
      ? Math.min(start + HOUR_MS, dayCap)
      : keepLength
        ? Math.min(start + (current.end - current.start), Math.max(dayCap, current.end))
        : current.end;
  return { start, end };
}

/** A new end: never in the past; before the start, the start becomes end − 1 h, floored at 00:00 of that local day. */
export function changeEnd(current: { start: number; end: number }, end: number, now: number, zone: string): TimeChange {
  if (end < now) return { error: /*i18n*/ "End time cannot be in the past" };
  if (isTooFarAhead(end, now)) return { error: ACTIVITY_MESSAGES.atMostOneYear };
  const start = end < current.start ? Math.max(end - HOUR_MS, startOfLocalDay(localDate(end, zone), zone)) : current.start;
  return { start, end };
}

/**
 * The new-activity form's first range on the day `date` (YYYY-MM-DD, local): 09:00, or the next half hour of the
 * zone's clock when that is later today, one hour long and never past the form's 23:00 cap, so it stays on that day.
 */
export function defaultNewRange(date: string, now: number, zone: string): { start: number; end: number } {
  const nine = instantAtOrAfterGap(date, "09:00", zone);
  let soonest = nine;
  if (localDate(now, zone) === date) {
    // The next half hour of the wall clock (Kathmandu's is 45 minutes off UTC's), read back as an instant.
    const wall = Math.ceil((now + offsetAt(now, zone)) / STEP_MS) * STEP_MS;
    const next = new Date(wall).toISOString();
    soonest = next.slice(0, 10) === date ? instantAtOrAfterGap(date, next.slice(11, 16), zone) : capOf(nine, "23:00", zone);
  }
  const start = Math.min(Math.max(nine, soonest), capOf(nine, "23:00", zone) - HOUR_MS);
  return { start, end: start + HOUR_MS };
}

/** "HH:mm" (24 h) of an instant on the zone's clock. */
export const toHHmm = (t: number, zone: string) => localDateTime(t, zone).time;

/**
 * "HH:mm" (24 h) of a typed time of day, however a phone's keypad or a habit writes it: "9:30", "09:30", "21:30", "9.30",
 * "9h30", "930", "0915", "9:30 pm", "9 PM", "12 a.m."; null when the text is no time of day.
 */
export function readTimeOfDay(text: string): string | null {
  const typed = text.trim().toLowerCase();
  const twelveHour = /^(\d{1,2})(?:[:.h](\d{2}))?\s*([ap])\.?\s*m?\.?$/.exec(typed);
  if (twelveHour) {
    const hour = Number(twelveHour[1]);
    if (hour < 1 || hour > 12) return null;
    return clock((hour % 12) + (twelveHour[3] === "p" ? 12 : 0), Number(twelveHour[2] ?? "0"));
  }
  const separated = /^(\d{1,2})[:.h](\d{2})$/.exec(typed);
  if (separated) return clock(Number(separated[1]), Number(separated[2]));
  const digits = /^(\d{1,2})(\d{2})$/.exec(typed);
  return digits ? clock(Number(digits[1]), Number(digits[2])) : null;
}

const clock = (hour: number, minute: number) =>
  isClockTime(hour, minute) ? `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}` : null;

/**
 * Whether a typed time may still be the start of another one: "153" of "1530", "9:30" of "9:30 pm". A form that commits at
 * each keystroke reads such a text once the field is left, not a moment too early.
 */
export const mayGoOn = (text: string) => {
  const typed = text.trim();
  const separated = /^(\d{1,2})[:.h]\d{2}$/.exec(typed);
  return /^\d{3}$/.test(typed) || (separated !== null && Number(separated[1]) <= 12);
};

/** A typed time read on the local date of `near` in the zone. */
export type Reading = { instant: number; note: string | null } | { error: string } | null;

/**
 * The instant a typed time (any form `readTimeOfDay` reads) names on the zone's local date of `near`: null when it is no time of day; the gap's
 * words when the clocks skip it that day ('2:30 AM does not exist on Mar 14, 2027 in New York: clocks go forward');
 * the first of a time that happens twice, with the note that says so.
 */
export function atHHmm(near: number, text: string, zone: string): Reading {
  const time = readTimeOfDay(text);
  if (time === null) return null;
  const date = localDate(near, zone);
  const resolved = instantAt(date, time, zone);
  if ("gap" in resolved) return { error: gapMessage(date, time, zone) };
  return { instant: resolved.instant, note: resolved.overlap ? overlapNote(date, time, zone) : null };
}

/**
 * Why a typed time is refused, once it can be judged: a whole "hh:mm" that is no time of day ('25:99'), or any
 * other text when the field is left (`done`). Null while it is still being typed or when it is a time.
 */
export function timeTextError(text: string, done: boolean): string | null {
  const trimmed = text.trim();
  if (readTimeOfDay(trimmed) !== null) return null;
  return done || /^\d{1,2}[:.h]\d{2}$/.test(trimmed) ? ACTIVITY_MESSAGES.timeOfDay : null;
}

/** The picker's choices: every 30 minutes of the day. */
export const HALF_HOURS = Array.from({ length: 48 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, "0")}:${i % 2 ? "30" : "00"}`);
