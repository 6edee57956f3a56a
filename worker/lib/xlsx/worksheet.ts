import { columnOf, rowNumberOf } from "./cell-ref";
import type { InflateBudget } from "./inflate-entry";
import { notXlsx, refuse, type XlsxLimits } from "./limits";
import { readXmlPart } from "./xml-parts";
import type { ZipEntry } from "./zip-directory";

/** A row that holds at least one value: its number in the sheet (1-based) and its non-empty cells by 0-based column. */
export interface SheetRow {
  number: number;
  cells: Map<number, string>;
}

interface Cell {
  column: number;
  type: string;
  raw: string;
}

/**
 * Streams the rows of a worksheet to `onRow` as they are read. Values: shared strings (t="s") from the
 * table, inline strings (t="inlineStr", <is><t>), booleans as TRUE/FALSE, formula errors as empty, and
 * everything else (numbers, dates as serials, formula text results) as written. Empty cells (styled
 * only) are skipped, and so are rows without a value.
 */
export function readWorksheet(
  entry: ZipEntry,
  sharedStrings: string[],
  budget: InflateBudget,
  limits: XlsxLimits,
  onRow: (row: SheetRow) => void,
): void {
  let row: SheetRow | null = null;
  let lastRow = 0;
  let nextColumn = 0;
  let cell: Cell | null = null;
  let reading: "value" | "inline" | null = null;
  let phonetic = 0;

  const append = (text: string) => {
    cell!.raw += text;
    if (cell!.raw.length > limits.cellChars)
      throw refuse(/*i18n*/ "A cell in row {row} holds more than {max, number} characters", { row: row!.number, max: limits.cellChars });
  };
  const valueOf = ({ type, raw }: Cell) => {
    if (raw === "") return "";
    if (type === "s") {
      const text = /^\d{1,9}$/.test(raw.trim()) ? sharedStrings[Number(raw)] : undefined;
      if (text === undefined) throw notXlsx(`shared string ${raw.slice(0, 20)} does not exist`);
      return text;
    }
    if (type === "b") return raw === "1" ? "TRUE" : raw === "0" ? "FALSE" : "";
    if (type === "e") return "";
    return raw;
  };

  readXmlPart(entry, budget, limits, {
    open(name, attributes) {
      if (name === "row") {
        const r = attributes.r;
        lastRow = r === undefined ? lastRow + 1 : rowNumberOf(r);
        row = { number: lastRow, cells: new Map() };
        nextColumn = 0;
      } else if (name === "c" && row) {
        const r = attributes.r;
        const column = r === undefined ? nextColumn : columnOf(r);
        nextColumn = column + 1;
        cell = { column, type: attributes.t ?? "n", raw: "" };
      } else if (name === "v" && cell) reading = "value";
      else if (name === "rPh") phonetic++;
      else if (name === "t" && cell?.type === "inlineStr" && phonetic === 0) reading = "inline";
    },
    close(name) {
      if (name === "v" || name === "t") reading = null;
      else if (name === "rPh") phonetic--;
      else if (name === "c" && cell && row) {
        const value = valueOf(cell);
        if (value !== "") {
          if (cell.column >= limits.columns)
            throw refuse(/*i18n*/ "Row {row} has values beyond column {columns}; keep the guest list in the first {columns} columns", {
              row: row.number,
              columns: limits.columns,
            });
          row.cells.set(cell.column, value);
        }
        cell = null;
      } else if (name === "row" && row) {
        if (row.cells.size > 0) onRow(row);
        row = null;
      }
    },
    text(text) {
      if (reading && cell && (reading === "inline" || cell.type !== "inlineStr")) append(text);
    },
  });
}
