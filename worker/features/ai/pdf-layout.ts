import { parseDayHeading } from "./day-headings";
import { parseTimedLine } from "./timed-lines";

// A page's lines rebuilt from where its text is drawn, not from the order it is drawn in: a table's row is one line
// whose cells are joined by a tab ('09:00\tOpening keynote\tMain Hall'), and a page set in two columns of agenda is
// read down its left column, then down its right one, though a row of the page holds a line of each.

/** A piece of a page's text with its baseline's left end (x, y, in points from the bottom left), width and font size. */
export interface PlacedPiece {
  text: string;
  x: number;
  y: number;
  width: number;
  size: number;
}

/** The tab between a table's cells in a line of text. */
export const CELL = "\t";

// Cells stand apart by at least a font size; words by a fraction of one.
const CELL_GAP = 1;
const WORD_GAP = 0.1;
// A piece wider than this share of the text's width (a title, a paragraph) crosses a column gap rather than closing it.
const WIDE = 0.45;
// A side of a gap is a column of agenda when this many of its lines open a day or start with a time.
const COLUMN_LINES = 2;

const end = (piece: PlacedPiece) => piece.x + piece.width;

/** The pieces in rows, top to bottom, each row left to right: a piece within half a font size of a row's baseline is on it. */
function rowsOf(pieces: PlacedPiece[]): PlacedPiece[][] {
  const rows: PlacedPiece[][] = [];
  for (const piece of [...pieces].sort((a, b) => b.y - a.y || a.x - b.x)) {
    const row = rows.at(-1);
    if (row && Math.abs(row[0]!.y - piece.y) <= Math.max(row[0]!.size, piece.size) / 2) row.push(piece);
    else rows.push([piece]);
  }
  return rows.map((row) => row.sort((a, b) => a.x - b.x));
}

function lineOf(row: PlacedPiece[]) {
  let line = "";
  row.forEach((piece, i) => {
    const gap = i === 0 ? 0 : piece.x - end(row[i - 1]!);
    const size = Math.max(piece.size, row[i - 1]?.size ?? 0);
    line += gap >= size * CELL_GAP ? CELL : gap > size * WORD_GAP ? " " : "";
    line += piece.text;
  });
  return line.replace(/ *\t */g, CELL).trim();
}

const opensAgendaLine = (line: string) => parseDayHeading(line) !== null || parseTimedLine(line) !== null;

/** The x of every gap between pieces at least a font size wide, left to right, wide pieces left out. */
function gaps(pieces: PlacedPiece[]) {
  const left = Math.min(...pieces.map((piece) => piece.x));
  const span = Math.max(...pieces.map(end)) - left;
  const narrow = pieces.filter((piece) => piece.width <= span * WIDE).sort((a, b) => a.x - b.x);
  const found: number[] = [];
  let reach = -Infinity;
  for (const piece of narrow) {
    if (reach > -Infinity && piece.x - reach >= piece.size * CELL_GAP) found.push((reach + piece.x) / 2);
    reach = Math.max(reach, end(piece));
  }
  return found;
}

/**
 * The page's columns, left to right: a gap splits it when the lines right of it, read on their own, open days or
 * start with times (a second column of agenda), not when they hold a table's other cells ('Main Hall').
 */
function columnsOf(pieces: PlacedPiece[]): PlacedPiece[][] {
  for (const gap of gaps(pieces)) {
    const left = pieces.filter((piece) => piece.x < gap);
    const right = pieces.filter((piece) => piece.x >= gap);
    const agenda = (side: PlacedPiece[]) => rowsOf(side).filter((row) => opensAgendaLine(lineOf(row))).length;
    if (agenda(right) >= COLUMN_LINES && agenda(left) >= 1) return [...columnsOf(left), ...columnsOf(right)];
  }
  return [pieces];
}

/** A page's lines, column after column, each row of a column one line, a table's cells joined by CELL. */
export function pageLines(pieces: PlacedPiece[]): string[] {
  const drawn = pieces.filter((piece) => piece.text.trim() !== "");
  if (drawn.length === 0) return [];
  return columnsOf(drawn).flatMap((column) => rowsOf(column).map(lineOf));
}
