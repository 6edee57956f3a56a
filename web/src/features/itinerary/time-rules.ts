// Spec 2 §5, time edits. All times are instants (ms); days are UTC days, as activities are grouped in UTC.
import { ACTIVITY_MESSAGES, isClockTime } from "@worker/features/activities/activities.schema";
import { isTooFarAhead } from "@worker/features/events/events.schema";
import { DAY_MS } from "@web/lib/dates";

export const HOUR_MS = 60 * 60 * 1000;
export const COMMIT_DEBOUNCE_MS = 950;
const STEP_MINUTES = 30;
const STEP_MS = STEP_MINUTES * 60_000;

export type TimeChange = { start: number; end: number } | { error: string };

const startOfDay = (t: number) => Math.floor(t / DAY_MS) * DAY_MS;
/** The latest end a push may reach: 23:59:59 when editing an activity, 23:00 in the new-activity form. */
export type EndCap = "23:59:59" | "23:00";
const capOf = (t: number, cap: EndCap) => startOfDay(t) + (cap === "23:00" ? 23 * HOUR_MS : DAY_MS - 1000);

/** A new start: never in the past; at or after the end, the end becomes start + 1 h, capped on that day. */
export function changeStart(current: { start: number; end: number }, start: number, now: number, cap: EndCap = "23:59:59"): TimeChange {
  if (start < now) return { error: "Start time cannot be in the past" };
  if (isTooFarAhead(start, now)) return { error: ACTIVITY_MESSAGES.atMostOneYear };
  const end = start >= current.end ? Math.min(start + HOUR_MS, capOf(start, cap)) : current.end;
  return { start, end };
}

/** A new end: never in the past; before the start, the start becomes end − 1 h, floored at 00:00 of that day. */
export function changeEnd(current: { start: number; end: number }, end: number, now: number): TimeChange {
  if (end < now) return { error: "End time cannot be in the past" };
  if (isTooFarAhead(end, now)) return { error: ACTIVITY_MESSAGES.atMostOneYear };
  const start = end < current.start ? Math.max(end - HOUR_MS, startOfDay(end)) : current.start;
  return { start, end };
}

/**
 * The new-activity form's first range on `day`: 09:00, or the next half hour when that is later today,
 * one hour long and never past the form's 23:00 cap, so it always falls on the chosen day.
 */
export function defaultNewRange(day: number, now: number): { start: number; end: number } {
  const dayStart = startOfDay(day);
  const soonest = startOfDay(now) === dayStart ? Math.ceil(now / STEP_MS) * STEP_MS : dayStart;
  const start = Math.min(Math.max(dayStart + 9 * HOUR_MS, soonest), capOf(dayStart, "23:00") - HOUR_MS);
  return { start, end: start + HOUR_MS };
}

/** "HH:mm" (24 h) of an instant, in UTC. */
export const toHHmm = (t: number) => new Date(t).toISOString().slice(11, 16);

/** The instant at "HH:mm" or "H:mm" (24 h, UTC) on the UTC day of `day`; null when the text is not a time of day. */
export function atHHmm(day: number, text: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match || !isClockTime(Number(match[1]), Number(match[2]))) return null;
  return startOfDay(day) + Number(match[1]) * HOUR_MS + Number(match[2]) * 60_000;
}

/**
 * Why a typed time is refused, once it can be judged: a whole "hh:mm" that is no time of day ('25:99'), or any
 * other text when the field is left (`done`). Null while it is still being typed or when it is a time.
 */
export function timeTextError(text: string, done: boolean): string | null {
  const trimmed = text.trim();
  if (atHHmm(0, trimmed) !== null) return null;
  return done || /^\d{1,2}:\d{2}$/.test(trimmed) ? ACTIVITY_MESSAGES.timeOfDay : null;
}

/** The picker's choices: every 30 minutes of the day. */
export const HALF_HOURS = Array.from({ length: 48 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, "0")}:${i % 2 ? "30" : "00"}`);
