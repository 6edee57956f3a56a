import { DAY_MS } from "@worker/features/events/events.schema";

// Lines that open a day of an agenda: 'Day 1', 'Day 2: Sintra', '12 March', 'March 12th, 2026', '12/03',
// '2026-03-12', 'Monday', 'Wednesday 12 March – Belém'.

export type DayHeading = { label: string; title: string } & (
  | { kind: "day"; number: number }
  | { kind: "date"; day: number; month: number; year: number | null; swapped: { day: number; month: number } | null }
  | { kind: "weekday"; weekday: number }
);

export interface DayRange {
  /** YYYY-MM-DD */
  startDate: string;
  days: number;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const MONTH = String.raw`(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;
const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];
const WEEKDAY = String.raw`(sunday|monday|tuesday|wednesday|thursday|friday|saturday|sun|mon|tues?|wed|thu(?:rs?)?|fri|sat)\.?`;
const ORDINAL = String.raw`(?:st|nd|rd|th)?`;
const YEAR = String.raw`(?:,?\s+(\d{4}))?`;
const NUMBER_WORDS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];

const LEAD = /^\s*(?:#+\s*|[-–—•*·▪►]\s*)?/;
const DAY_N = new RegExp(String.raw`^day\s+(\d{1,3}|${NUMBER_WORDS.join("|")})\b`, "i");
const WEEKDAY_START = new RegExp(String.raw`^${WEEKDAY}(?![\p{L}\d])\s*,?\s*`, "iu");
const DATE_FORMS: {
  pattern: RegExp;
  read: (m: RegExpExecArray) => { day: number; month: number; year: number | null; numeric: boolean };
}[] = [
  { pattern: /^(\d{4})-(\d{2})-(\d{2})(?!\d)/, read: (m) => ({ year: +m[1]!, month: +m[2]!, day: +m[3]!, numeric: false }) },
  {
    pattern: new RegExp(String.raw`^(\d{1,2})${ORDINAL}\s+(?:of\s+)?${MONTH}(?![\p{L}])${YEAR}`, "iu"),
    read: (m) => ({ day: +m[1]!, month: monthNumber(m[2]!), year: m[3] ? +m[3] : null, numeric: false }),
  },
  {
    pattern: new RegExp(String.raw`^${MONTH}\s+(\d{1,2})${ORDINAL}(?!\d)${YEAR}`, "iu"),
    read: (m) => ({ month: monthNumber(m[1]!), day: +m[2]!, year: m[3] ? +m[3] : null, numeric: false }),
  },
  // A dot only with a year: '12.30' is a time.
  {
    pattern: /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})(?!\d)/,
    read: (m) => ({ day: +m[1]!, month: +m[2]!, year: fullYear(m[3]!), numeric: true }),
  },
  {
    pattern: /^(\d{1,2})\/(\d{1,2})(?:\/(\d{2}|\d{4}))?(?![\d/])/,
    read: (m) => ({ day: +m[1]!, month: +m[2]!, year: m[3] ? fullYear(m[3]) : null, numeric: true }),
  },
];
const TITLE_SEPARATOR = /^\s*(?:[:|,.]|[–—-](?!\s*\d))?\s*/;

function monthNumber(name: string) {
  return MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
}
const fullYear = (year: string) => (year.length === 2 ? 2000 + Number(year) : Number(year));
const weekdayNumber = (name: string) => WEEKDAYS.indexOf(name.slice(0, 3).toLowerCase());

const title = (rest: string) => rest.replace(TITLE_SEPARATOR, "").trim();

/** The heading a line is, or null. A weekday alone opens a day only when nothing or a separator follows it. */
export function parseDayHeading(line: string): DayHeading | null {
  const text = line.replace(LEAD, "").trim();
  const dayN = DAY_N.exec(text);
  if (dayN) {
    const raw = dayN[1]!.toLowerCase();
    const number = /^\d/.test(raw) ? Number(raw) : NUMBER_WORDS.indexOf(raw) + 1;
    return { kind: "day", number, label: dayN[0], title: title(text.slice(dayN[0].length)) };
  }
  const weekday = WEEKDAY_START.exec(text);
  const afterWeekday = weekday ? text.slice(weekday[0].length) : text;
  for (const { pattern, read } of DATE_FORMS) {
    const match = pattern.exec(afterWeekday);
    if (!match) continue;
    const { day, month, year, numeric } = read(match);
    const swapped = numeric && day <= 12 && day !== month ? { day: month, month: day } : null;
    if ((month < 1 || month > 12 || day < 1 || day > 31) && !swapped) continue;
    const labelEnd = text.length - afterWeekday.length + match[0].length;
    return { kind: "date", day, month, year, swapped, label: text.slice(0, labelEnd).trim(), title: title(text.slice(labelEnd)) };
  }
  if (!weekday) return null;
  const rest = afterWeekday.trim();
  const separated = /^(?:[:|–—-]|$)/.test(rest) || weekday[0].trimEnd().endsWith(",");
  if (!separated) return null;
  return { kind: "weekday", weekday: weekdayNumber(weekday[1]!), label: weekday[1]!, title: title(rest) };
}

const utcDay = (date: string) => Date.parse(`${date}T00:00:00Z`);

function offsetOf(range: DayRange, year: number, month: number, day: number) {
  const time = Date.UTC(year, month - 1, day);
  if (new Date(time).getUTCDate() !== day || month < 1 || month > 12) return null;
  const offset = Math.round((time - utcDay(range.startDate)) / DAY_MS);
  return offset >= 0 && offset < range.days ? offset : null;
}

/**
 * The 0-based day of the range a heading names, or null when it names none of them. A date without a year is
 * the next one on or after the start; a numeric date is read day/month first, month/day when only that fits;
 * a weekday is the first such day from `from` on (agendas run forward), else the first in the range.
 */
export function dayIndexOf(heading: DayHeading, range: DayRange, from = 0): number | null {
  if (heading.kind === "day") return heading.number >= 1 && heading.number <= range.days ? heading.number - 1 : null;
  if (heading.kind === "weekday") {
    const start = new Date(utcDay(range.startDate)).getUTCDay();
    const order = [...Array(range.days).keys()];
    const fromOn = [...order.slice(Math.min(from, range.days)), ...order.slice(0, Math.min(from, range.days))];
    return fromOn.find((index) => (start + index) % 7 === heading.weekday) ?? null;
  }
  const startYear = new Date(utcDay(range.startDate)).getUTCFullYear();
  for (const { day, month } of [heading, heading.swapped].filter((d) => d !== null)) {
    for (const year of heading.year === null ? [startYear, startYear + 1] : [heading.year]) {
      const offset = offsetOf(range, year, month, day);
      if (offset !== null) return offset;
    }
  }
  return null;
}
