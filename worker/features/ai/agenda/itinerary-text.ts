import { wordsOf, type Lang, type Words } from "@worker/shared/words";
import { GENERATED_TEXT_MAX, MAX_GENERATED_ACTIVITIES_PER_DAY } from "../generator.schema";
import type { GeneratedActivity, GeneratedDay } from "../generators/generator";
import { activityFromText, clip } from "./activity-text";
import { type DayHeading, type DayRange, dayIndexOf, parseDayHeading } from "./day-headings";
import { agendaLines } from "./inline-times";
import { CELL } from "./pdf-layout";
import { headerRoles, tableActivity } from "./pdf-table";
import { parseTimedLine, type TimedLine } from "./timed-lines";

type Line = { text: string; heading: DayHeading | null; timed: TimedLine | null };

interface DayDraft {
  named: boolean;
  name: string;
  subtitle: string;
  notes: string[];
  activities: { activity: GeneratedActivity; source: string }[];
}

const classify = (text: string): Line => {
  const heading = parseDayHeading(text);
  return { text, heading, timed: heading ? null : parseTimedLine(text) };
};

/**
 * Where each heading's lines go: the day it names, or null (left out) when it names none of the range's days.
 * When headings exist but none names a day of the range (an agenda dated for other dates), they are taken in
 * order as the first, second, … day.
 */
function placeHeadings(headings: DayHeading[], range: DayRange): (number | null)[] {
  let cursor = 0;
  const placed = headings.map((heading) => {
    const index = dayIndexOf(heading, range, cursor);
    if (index !== null) cursor = index;
    return index;
  });
  if (placed.some((index) => index !== null)) return placed;
  return headings.map((_, order) => (order < range.days ? order : null));
}

/** A numbered heading in its own language and in digits ('Day two' → 'Day 2', 'JOUR 2' → 'Jour 2', '2e jour' → 'Jour 2'). */
const numberedLabel = (word: string, number: number) => `${word.charAt(0).toUpperCase()}${word.slice(1).toLowerCase()} ${number}`;

function headingNames(heading: DayHeading) {
  const label = heading.kind === "day" ? numberedLabel(heading.word, heading.number) : heading.label;
  return heading.title ? { named: true, name: heading.title, subtitle: label } : { named: true, name: label, subtitle: "" };
}

type Header = ReturnType<typeof headerRoles>;

/** What an activity the text gives no name is called. */
const UNNAMED_ACTIVITY = /*i18n*/ "Activity";

/** An activity from a line's words after its times, or from a table's row (its cells apart by CELL, under `header`). */
function addActivity(day: DayDraft, timed: TimedLine, text: string, source: string, header: Header, words: Words) {
  const unnamed = words._(UNNAMED_ACTIVITY);
  const { name, location, description, start, end } = text.includes(CELL)
    ? tableActivity({ ...timed, rest: text }, header, unnamed)
    : { ...timed, ...activityFromText(text, unnamed) };
  day.activities.push({ activity: { name, subtitle: "", description, location, start, end }, source: source.replaceAll(CELL, " – ") });
}

function finish(dayIndex: number, draft: DayDraft): GeneratedDay {
  const sorted = [...draft.activities].sort(
    (a, b) => a.activity.start.localeCompare(b.activity.start) || a.activity.end.localeCompare(b.activity.end),
  );
  const kept = sorted.slice(0, MAX_GENERATED_ACTIVITIES_PER_DAY);
  // Activities past a day's cap are kept as lines of its description rather than lost.
  const notes = [...draft.notes, ...sorted.slice(MAX_GENERATED_ACTIVITIES_PER_DAY).map((a) => a.source)];
  return {
    dayIndex,
    name: clip(draft.name, GENERATED_TEXT_MAX.dayName),
    subtitle: clip(draft.subtitle, GENERATED_TEXT_MAX.daySubtitle),
    description: clip(notes.join("\n"), GENERATED_TEXT_MAX.dayDescription),
    activities: kept.map(({ activity }) => ({
      ...activity,
      description: clip(activity.description, GENERATED_TEXT_MAX.activityDescription),
    })),
  };
}

/** The text's agenda lines (see agendaLines), spaces run together, a table's cells kept apart by CELL. */
const linesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) =>
      line
        .replace(/[^\S\t]+/g, " ")
        .replace(/ ?\t ?/g, CELL)
        .trim(),
    )
    .flatMap(agendaLines)
    .filter((line) => line !== "")
    .map(classify);

/** Whether a line is the agenda's preamble: before its first heading, with no time, no table's header row. */
const inPreamble = (line: Line, index: number, firstHeading: number) => index < firstHeading && !line.timed && !headerRoles(line.text);

/**
 * What an agenda says before its first day heading ('Lisbon city break', an introduction): the experience's
 * description rather than its first day's. Empty when the text has no heading (then all of it is the first day's).
 */
export function agendaPreamble(text: string): string {
  const lines = linesOf(text);
  const firstHeading = lines.findIndex((line) => line.heading);
  return lines
    .filter((line, index) => inPreamble(line, index, firstHeading))
    .map((line) => line.text.replaceAll(CELL, " – "))
    .join("\n");
}

/** A day's name where the text gives none ('Day 2'), in the reader's words. */
export const unnamedDay = (dayIndex: number, lang?: Lang) => wordsOf(lang)._(/*i18n*/ "Day {number}", { number: dayIndex + 1 });

/**
 * Reads an agenda's text into the days of a range: headings open days, timed lines become activities (a time
 * alone on its line takes the next line as its text), every other line joins its day's description. Timed lines
 * before the first heading belong to the first day, the others are the preamble (agendaPreamble), no day's;
 * lines under a heading outside the range are left out. Answers only the days the text says something about. The
 * names it gives (an unnamed day, an unnamed activity) are in `lang`, English without one.
 */
export function itineraryFromText(text: string, range: DayRange, lang?: Lang): GeneratedDay[] {
  const words = wordsOf(lang);
  const lines = linesOf(text);
  const firstHeading = lines.findIndex((line) => line.heading);
  const placements = placeHeadings(
    lines.flatMap((line) => (line.heading ? [line.heading] : [])),
    range,
  );
  const drafts = new Map<number, DayDraft>();
  const draftOf = (index: number) => {
    let draft = drafts.get(index);
    if (!draft) drafts.set(index, (draft = { named: false, name: unnamedDay(index, words), subtitle: "", notes: [], activities: [] }));
    return draft;
  };

  let current: number | null = 0;
  let headingsSeen = 0;
  let header: Header = null;
  for (let i = 0; i < lines.length; i++) {
    const { text: line, heading, timed } = lines[i]!;
    if (heading) {
      current = placements[headingsSeen++] ?? null;
      if (current === null) continue;
      const draft = draftOf(current);
      const titleTimes = heading.title ? parseTimedLine(heading.title) : null;
      if (!draft.named) Object.assign(draft, headingNames(titleTimes ? { ...heading, title: "" } : heading));
      else if (!titleTimes) draft.notes.push(line);
      if (titleTimes) addActivity(draft, titleTimes, titleTimes.rest, line, header, words);
      continue;
    }
    // A table's header row says what its columns hold: it is no note of the day.
    if (!timed && headerRoles(line)) {
      header = headerRoles(line);
      continue;
    }
    if (current === null || inPreamble(lines[i]!, i, firstHeading)) continue;
    const draft = draftOf(current);
    if (!timed) {
      draft.notes.push(line.replaceAll(CELL, " – "));
      continue;
    }
    const next = lines[i + 1];
    if (timed.rest === "" && next && !next.heading && !next.timed) {
      addActivity(draft, timed, next.text, `${line} ${next.text}`, header, words);
      i++;
    } else addActivity(draft, timed, timed.rest, line, header, words);
  }
  return [...drafts.entries()].sort(([a], [b]) => a - b).map(([index, draft]) => finish(index, draft));
}
