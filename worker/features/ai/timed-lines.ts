// Times of day at the start of an agenda line: '09:00 …', '10:30 - 12:00 …', '2:30 pm – 4 pm …', '9am …', '14h30 …'.

export interface TimedLine {
  /** HH:mm */
  start: string;
  /** HH:mm after start: an hour after it when the line gives only a start (the spec's default length). */
  end: string;
  /** The line after its times and their separator. */
  rest: string;
}

type Meridiem = "am" | "pm" | null;
interface ClockTime {
  hour: number;
  minute: number;
  meridiem: Meridiem;
}

const TIME = String.raw`(\d{1,2})(?:[:.h](\d{2}))?(?:\s*([ap])\.?m\.?)?`;
const BULLET = String.raw`^\s*(?:[-–—•*·▪►]\s*)?`;
const RANGE = String.raw`\s*(?:-|–|—|to|until|till)\s*`;
const AFTER = String.raw`(?:\s*[:|,–—-]\s*|\s+|$)`;
const TIMED = new RegExp(`${BULLET}${TIME}(?:${RANGE}${TIME})?(?=${AFTER})${AFTER}(.*)$`, "i");

function clock(hour: string | undefined, minute: string | undefined, letter: string | undefined): ClockTime | null {
  if (hour === undefined) return null;
  const meridiem: Meridiem = letter ? (letter.toLowerCase() === "a" ? "am" : "pm") : null;
  const h = Number(hour);
  const min = minute === undefined ? 0 : Number(minute);
  if (min > 59) return null;
  if (meridiem ? h < 1 || h > 12 : h > 24 || (h === 24 && min > 0)) return null;
  return { hour: h, minute: min, meridiem };
}

/** Minutes since midnight of a clock time read with this meridiem (none: 24-hour). */
function minutesOf({ hour, minute }: ClockTime, meridiem: Meridiem) {
  const h = meridiem === null ? hour : (hour % 12) + (meridiem === "pm" ? 12 : 0);
  return h * 60 + minute;
}

const MIDNIGHT = 24 * 60;
const LAST_MINUTE = MIDNIGHT - 1;

const formatMinutes = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** Both ends in minutes; a range's missing am/pm is taken from its other end ('10 - 11:30 am', '2:30 pm - 4'). */
function rangeMinutes(start: ClockTime, end: ClockTime | null): [number, number | null] {
  if (!end) return [minutesOf(start, start.meridiem), null];
  if (start.meridiem && end.meridiem) return [minutesOf(start, start.meridiem), minutesOf(end, end.meridiem)];
  if (end.meridiem) {
    const to = minutesOf(end, end.meridiem);
    const from = minutesOf(start, end.meridiem);
    return [from < to ? from : minutesOf(start, "am"), to];
  }
  if (start.meridiem) {
    const from = minutesOf(start, start.meridiem);
    const to = minutesOf(end, start.meridiem);
    return [from, to > from ? to : minutesOf(end, "pm")];
  }
  return [minutesOf(start, null), minutesOf(end, null)];
}

/**
 * The times a line starts with, or null when it starts with none. Nothing runs past midnight: a start alone
 * lasts an hour or until 23:59, an end at or before the start (a range past midnight) becomes 23:59, and a
 * start at 23:59 moves back a minute so the activity keeps a length.
 */
export function parseTimedLine(line: string): TimedLine | null {
  const match = TIMED.exec(line);
  if (!match) return null;
  const hasEnd = match[4] !== undefined;
  // A bare number is a time only as one end of a range whose other end is a clear time ('10 - 11:30 am').
  const bareStart = match[2] === undefined && match[3] === undefined;
  const bareEnd = match[5] === undefined && match[6] === undefined;
  if (bareStart && (!hasEnd || bareEnd)) return null;
  const start = clock(match[1], match[2], match[3]);
  const end = hasEnd ? clock(match[4], match[5], match[6]) : null;
  if (!start || (hasEnd && !end)) return null;
  let [from, to] = rangeMinutes(start, end);
  if (from >= MIDNIGHT) return null;
  from = Math.min(from, LAST_MINUTE - 1);
  to = to === null ? Math.min(from + 60, LAST_MINUTE) : to <= from ? LAST_MINUTE : Math.min(to, LAST_MINUTE);
  return { start: formatMinutes(from), end: formatMinutes(to), rest: (match[7] ?? "").trim() };
}
