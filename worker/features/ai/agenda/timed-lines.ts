// Times of day at the start of an agenda line: '09:00 …', '10:30 - 12:00 …', '2:30 pm – 4 pm …', '9am …', '14h30 …',
// '15h …', '9 Uhr …', 'from 10 to 12 …', 'de 10h à 12h …', 'von 9 bis 11 Uhr …'.

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

// An hour, its minutes after ':', '.' or 'h', then am/pm or a 24-hour mark ('h', 'Uhr').
const TIME = String.raw`(\d{1,2})(?:[:.h](\d{2}))?(?:\s*([ap])\.?m\.?|\s*(h|uhr)(?![\p{L}\d]))?`;
const BULLET = String.raw`^\s*(?:[-–—•*·▪►]\s*)?`;
// 'from', 'at' and their French, German, Spanish, Portuguese and Italian words before the first time.
const FROM_WORDS = "from|de|du|des|von|ab|dalle|dalla|das|desde|dès";
const AT_WORDS = "at|à|um|alle|às|a\\s+las|a\\s+la";
const PREFIX = String.raw`(?:(${FROM_WORDS})\s+|(?:${AT_WORDS})\s+)?`;
const RANGE = String.raw`(?:\s*[-–—]\s*|\s+(?:to|until|till|à|a|au|bis|al|alle|até|ao)\s+)`;
const AFTER = String.raw`(?:\s*[:|,–—-]\s*|\s+|$)`;
const TIMED = new RegExp(`${BULLET}${PREFIX}${TIME}(?:${RANGE}${TIME})?(?=${AFTER})${AFTER}(.*)$`, "iu");

function clock(hour: string | undefined, minute: string | undefined, letter: string | undefined): ClockTime | null {
  if (hour === undefined) return null;
  // A 24-hour mark ('15h', '9 Uhr') reads like no mark: the hour is on the 24-hour clock.
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
  const [, from, startHour, startMinute, startLetter, startMark, endHour, endMinute, endLetter, endMark, rest] = match;
  const hasEnd = endHour !== undefined;
  // A bare number is a time only as one end of a range whose other end is a clear time ('10 - 11:30 am'), or in a
  // range that says 'from' ('from 10 to 12').
  const bareStart = startMinute === undefined && startLetter === undefined && startMark === undefined;
  const bareEnd = endMinute === undefined && endLetter === undefined && endMark === undefined;
  if (bareStart && (!hasEnd || (bareEnd && from === undefined))) return null;
  const start = clock(startHour, startMinute, startLetter);
  const end = hasEnd ? clock(endHour, endMinute, endLetter) : null;
  if (!start || (hasEnd && !end)) return null;
  let [fromMinutes, to] = rangeMinutes(start, end);
  if (fromMinutes >= MIDNIGHT) return null;
  fromMinutes = Math.min(fromMinutes, LAST_MINUTE - 1);
  to = to === null ? Math.min(fromMinutes + 60, LAST_MINUTE) : to <= fromMinutes ? LAST_MINUTE : Math.min(to, LAST_MINUTE);
  return { start: formatMinutes(fromMinutes), end: formatMinutes(to), rest: (rest ?? "").trim() };
}
