import { DAY_MS } from "@worker/shared/time-zone";
import { DAY_WORDS, monthNumber, weekdayNumber } from "./heading-words";

// Lines that open a day of an agenda: 'Day 1', 'Day 2: Sintra', '12 March', 'March 12th, 2026', '12/03',
// '2026-03-12', 'Monday', 'Wednesday 12 March – Belém', and their French, German, Spanish, Portuguese and Italian
// forms: 'Jour 2', '2e jour', 'Tag 1', '1. Tag', 'Día 2', 'Dia 2', 'Giorno 3', 'Mardi 12 mars', 'Dienstag, 12. März',
// 'martes 12 de marzo de 2026', 'Terça-feira, 12 de março', 'Martedì 12 marzo', 'Lundi', 'Montag'.

export type DayHeading = { label: string; title: string } & (
  | { kind: "day"; number: number; word: string }
  | { kind: "date"; day: number; month: number; year: number | null; swapped: { day: number; month: number } | null }
  | { kind: "weekday"; weekday: number }
);

export interface DayRange {
  /** YYYY-MM-DD */
  startDate: string;
  days: number;
}

const WORD = String.raw`(\p{L}+)\.?`;
const NOT_WORD = String.raw`(?![\p{L}\d])`;
const ORDINAL = String.raw`(?:st|nd|rd|th|er|re|e|ème|eme|º|°|ª)?`;
const YEAR = String.raw`(?:,?\s+(?:de\s+)?(\d{4}))?`;
const NUMBER_WORDS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];
const DAY_WORD = `(${DAY_WORDS.join("|")})`;

const LEAD = /^\s*(?:#+\s*|[-–—•*·▪►]\s*)?/;
const DAY_N = new RegExp(String.raw`^${DAY_WORD}\s+(\d{1,3}|${NUMBER_WORDS.join("|")})${NOT_WORD}`, "iu");
// An ordinal needs its mark ('2e jour', '1. Tag', '2nd day'): '2 days in Lisbon' is no heading.
const N_DAY = new RegExp(String.raw`^(\d{1,3})(?:st|nd|rd|th|er|re|e|ème|eme|º|°|ª|\.)\s*${DAY_WORD}${NOT_WORD}`, "iu");
// 'Terça-feira' and 'Monday,': the weekday's word, its Portuguese '-feira', a dot after an abbreviation, a comma.
const WEEKDAY_START = /^(\p{L}+(?:-feira)?)\.?(?![\p{L}\d-])\s*,?\s*/iu;
const DATE_FORMS: {
  pattern: RegExp;
  read: (m: RegExpExecArray) => { day: number; month: number | null; year: number | null; numeric: boolean };
}[] = [
  { pattern: /^(\d{4})-(\d{2})-(\d{2})(?!\d)/, read: (m) => ({ year: +m[1]!, month: +m[2]!, day: +m[3]!, numeric: false }) },
  {
    // '12 March', '12th of March', 'le 12 mars', '12. März', '12 de marzo de 2026', 'il 12 marzo'.
    pattern: new RegExp(String.raw`^(?:(?:le|el|il|den|am)\s+)?(\d{1,2})${ORDINAL}\.?\s+(?:of\s+|de\s+)?${WORD}${NOT_WORD}${YEAR}`, "iu"),
    read: (m) => ({ day: +m[1]!, month: monthNumber(m[2]!), year: m[3] ? +m[3] : null, numeric: false }),
  },
  {
    pattern: new RegExp(String.raw`^${WORD}\s+(\d{1,2})(?:st|nd|rd|th)?(?!\d)${YEAR}`, "iu"),
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

const fullYear = (year: string) => (year.length === 2 ? 2000 + Number(year) : Number(year));
const title = (rest: string) => rest.replace(TITLE_SEPARATOR, "").trim();

function dayNumber(line: string): { number: number; word: string; label: string } | null {
  const dayN = DAY_N.exec(line);
  if (dayN) {
    const raw = dayN[2]!.toLowerCase();
    return { word: dayN[1]!, number: /^\d/.test(raw) ? Number(raw) : NUMBER_WORDS.indexOf(raw) + 1, label: dayN[0] };
  }
  const nDay = N_DAY.exec(line);
  return nDay ? { word: nDay[2]!, number: Number(nDay[1]), label: nDay[0] } : null;
}

/** The heading a line is, or null. A weekday alone opens a day only when nothing or a separator follows it. */
export function parseDayHeading(line: string): DayHeading | null {
  const text = line.replace(LEAD, "").trim();
  const numbered = dayNumber(text);
  if (numbered) return { kind: "day", ...numbered, title: title(text.slice(numbered.label.length)) };
  const weekdayMatch = WEEKDAY_START.exec(text);
  const weekday = weekdayMatch ? weekdayNumber(weekdayMatch[1]!) : null;
  const afterWeekday = weekdayMatch && weekday !== null ? text.slice(weekdayMatch[0].length) : text;
  for (const { pattern, read } of DATE_FORMS) {
    const match = pattern.exec(afterWeekday);
    if (!match) continue;
    const { day, month, year, numeric } = read(match);
    if (month === null) continue;
    const swapped = numeric && day <= 12 && day !== month ? { day: month, month: day } : null;
    if ((month < 1 || month > 12 || day < 1 || day > 31) && !swapped) continue;
    const labelEnd = text.length - afterWeekday.length + match[0].length;
    return { kind: "date", day, month, year, swapped, label: text.slice(0, labelEnd).trim(), title: title(text.slice(labelEnd)) };
  }
  if (!weekdayMatch || weekday === null) return null;
  const rest = afterWeekday.trim();
  const separated = /^(?:[:|–—-]|$)/.test(rest) || weekdayMatch[0].trimEnd().endsWith(",");
  if (!separated) return null;
  return { kind: "weekday", weekday, label: weekdayMatch[1]!, title: title(rest) };
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
