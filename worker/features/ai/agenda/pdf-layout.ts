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
// A table cell's next line is at most this many font sizes under the last (its rows stand further apart).
const WRAPPED_LINE = 1.5;
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

interface Cell {
  x: number;
  end: number;
  y: number;
  size: number;
  text: string;
}

/** A row's cells, left to right: its pieces joined as words, a gap of a font size or more starting another cell. */
function cellsOf(row: PlacedPiece[]): Cell[] {
  const cells: Cell[] = [];
  row.forEach((piece, i) => {
    const before = row[i - 1];
    const last = cells.at(-1);
    const gap = before ? piece.x - end(before) : Infinity;
    const size = Math.max(piece.size, before?.size ?? 0);
    if (!last || gap >= size * CELL_GAP) cells.push({ x: piece.x, end: end(piece), y: piece.y, size: piece.size, text: piece.text });
    else Object.assign(last, { end: end(piece), text: `${last.text}${gap > size * WORD_GAP ? " " : ""}${piece.text}` });
  });
  return cells.map((cell) => ({ ...cell, text: cell.text.replace(/\s+/g, " ").trim() }));
}

const lineOfCells = (cells: Cell[]) =>
  cells
    .map((cell) => cell.text)
    .filter((text) => text !== "")
    .join(CELL);

const lineOf = (row: PlacedPiece[]) => lineOfCells(cellsOf(row));

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

/**
 * The rows of a column with each table cell's wrapped lines joined to it: a row just under a row of cells (within
 * WRAPPED_LINE font sizes), empty in that row's first column and opening no agenda line, continues the cells above
 * ('Opening keynote: the year' / 'ahead for the team'), each of its pieces in the cell above that starts left of it.
 */
function withWrappedCells(rows: Cell[][]): Cell[][] {
  const joined: Cell[][] = [];
  for (const row of rows) {
    const above = joined.at(-1);
    const first = row[0]!;
    const wraps =
      above !== undefined &&
      above.length >= 2 &&
      first.x >= above[0]!.end &&
      above[0]!.y - first.y <= first.size * WRAPPED_LINE &&
      !opensAgendaLine(lineOfCells(row));
    if (!wraps) {
      joined.push(row);
      continue;
    }
    for (const cell of row) {
      const target = above.findLast((candidate) => candidate.x <= cell.x + cell.size) ?? above[0]!;
      target.text = `${target.text} ${cell.text}`;
    }
    // The next wrapped line is measured from this one.
    for (const cell of above) cell.y = first.y;
  }
  return joined;
}

/** A page's lines, column after column, each row of a column one line, a table's cells joined by CELL. */
export function pageLines(pieces: PlacedPiece[]): string[] {
  const drawn = pieces.filter((piece) => piece.text.trim() !== "");
  if (drawn.length === 0) return [];
  return columnsOf(drawn).flatMap((column) => withWrappedCells(rowsOf(column).map(cellsOf)).map(lineOfCells));
}
