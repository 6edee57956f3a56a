import { parseDayHeading } from "./day-headings";
import { parseTimedLine } from "./timed-lines";

// A prompt written as sentences ('Day 1: 10:00 walking tour of Ribeira, 15:00 port wine tasting. Day 2: 09:30 Douro
// valley cruise, 19:00 farewell dinner at DOP') as the agenda lines it states, one heading or activity a line.

// Where another day may start within a line: after a sentence's or a clause's end.
const CLAUSE_END = /[.;,!?]\s+|\s+[–—]\s+/g;
// Where another activity may start within a day: a comma, a semicolon, a sentence's end, or 'then' / 'and' in any of
// the six languages. The separator is kept, so a piece without a time goes back as it was written.
const CONNECTOR = String.raw`(?:(?:then|and|puis|et|ensuite|dann|und|danach|luego|y|después|despues|depois|e|poi|quindi|ed)\s+)`;
const PIECE_SEPARATOR = new RegExp(String.raw`(\s*[,;]\s+${CONNECTOR}*|\.\s+${CONNECTOR}*|\s+${CONNECTOR}+)`, "iu");
const SENTENCE_END = /^\.\s/;
const LABEL_SEPARATOR = /^\s*(?:[:|,.]|[–—-])?\s*/;
// The longest text a heading and the time after it are looked for in ('Quarta-feira, 12 de setembro de 2026: 10:00').
const HEADING_READ = 80;
// A trailing time is looked for in a piece's last few words ('port wine tasting at 3pm', 'cruise (09:30 - 12:00)').
const TRAILING_WORDS = 6;

interface Unit {
  time: string;
  text: string;
}

const trimEnd = (text: string) => text.replace(/[\s.;,]+$/u, "");

/** The time a piece starts with ('15:00 port wine tasting'), or ends with ('port wine tasting at 3pm'), or null. */
function unitOf(piece: string): Unit | null {
  const text = trimEnd(piece);
  if (parseTimedLine(text)) return { time: "", text };
  const starts = [...text.matchAll(/\s+/g)].map((space) => space.index + space[0].length).slice(-TRAILING_WORDS);
  for (const start of starts) {
    const suffix = text.slice(start).replace(/^\(|\)$/g, "");
    const timed = parseTimedLine(suffix);
    const before = text.slice(0, start).replace(/\s*[–—(,@-]?\s*$/u, "");
    // A number alone at the end is read as a time only when it looks like one: 'Price: 12.50' is no 12:50.
    const clear = /^\D/.test(text.slice(start)) || /:|\d\s*(?:h|[ap]\.?m|uhr)/i.test(suffix);
    if (timed && timed.rest === "" && before !== "" && clear) return { time: suffix, text: before };
  }
  return null;
}

const lineOf = (unit: Unit) => (unit.time ? `${unit.time} ${unit.text}` : unit.text);

/**
 * The lines of a day's text: each timed piece opens an activity's line, an untimed piece after a comma or 'and' stays
 * in the line before it, one after a sentence's end starts a line of its own. Null when no piece has a time.
 */
function splitAtTimes(body: string): { lead: string; lines: string[] } | null {
  const parts = body.split(PIECE_SEPARATOR);
  const pieces = parts.filter((_, i) => i % 2 === 0).map((piece) => ({ piece, unit: unitOf(piece) }));
  if (!pieces.some(({ unit }) => unit)) return null;
  // Each line's text is gathered in parts and joined once: a long line costs no more than its length.
  const lines: { time: string; parts: string[] }[] = [];
  const lead: string[] = [];
  pieces.forEach(({ piece, unit }, index) => {
    const separator = index === 0 ? "" : parts[index * 2 - 1]!;
    const current = lines.at(-1);
    if (unit) lines.push({ time: unit.time, parts: [unit.text] });
    else if (current && !SENTENCE_END.test(separator)) current.parts.push(separator, piece);
    else if (current || SENTENCE_END.test(separator)) lines.push({ time: "", parts: [piece] });
    else lead.push(separator, piece);
  });
  return {
    lead: trimEnd(lead.join("")),
    lines: lines.map((line) => lineOf({ time: line.time, text: trimEnd(line.parts.join("")) })).filter((line) => line !== ""),
  };
}

/** Where the heading a chunk starts with ends, or null when it does not start with one. */
function headingEnd(chunk: string, midLine: boolean) {
  const heading = parseDayHeading(chunk);
  if (!heading) return null;
  const end = chunk.indexOf(heading.label) + heading.label.length;
  // Within a line, a heading must be followed by a separator, a time or nothing ('… dinner. Day 2: 09:30 cruise').
  const after = chunk.slice(end);
  if (midLine && !(after.trim() === "" || /^\s*[:|,–—-]/.test(after) || parseTimedLine(after))) return null;
  return end;
}

/**
 * A line cut before every day heading it holds after its first clause. A heading right after a bare heading is the
 * same day's ('Day 1 – Tuesday 12 March', 'Donnerstag, 12. März'), not another.
 */
function chunksOf(line: string): string[] {
  const starts = [0];
  for (const end of line.matchAll(CLAUSE_END)) {
    const start = end.index + end[0].length;
    // Only a heading's length of text is read at each clause's end, so a long line costs no more than its length.
    if (headingEnd(line.slice(start, start + HEADING_READ), true) === null) continue;
    const since = starts.at(-1)!;
    if (end.index - since <= HEADING_READ && parseDayHeading(line.slice(since, end.index))?.title === "") continue;
    starts.push(start);
  }
  return starts.map((start, i) => line.slice(start, starts[i + 1]).replace(/[\s,;–—]+$/u, ""));
}

/**
 * One line of a prompt or a document as agenda lines: a day heading on a line of its own (its first words before any
 * time as its title), then one line per stated activity with its time in front. A line stating no time is kept as it is.
 */
export function agendaLines(line: string): string[] {
  return chunksOf(line).flatMap((chunk) => {
    const end = headingEnd(chunk, false);
    const head = end === null ? "" : chunk.slice(0, end);
    const body = end === null ? chunk : chunk.slice(end).replace(LABEL_SEPARATOR, "");
    const split = splitAtTimes(body);
    if (!split) return [chunk];
    const heading = head && (split.lead ? `${head}: ${split.lead}` : head);
    return [...(heading ? [heading] : split.lead ? [split.lead] : []), ...split.lines];
  });
}
