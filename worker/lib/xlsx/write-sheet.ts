import { strToU8, zipSync } from "fflate";

// A one-sheet .xlsx written by hand (minimal SpreadsheetML, as Excel, Numbers, LibreOffice and Google Sheets open it):
// the exports' files, and the tests', benches' and Upload File template's (scripts/make-guest-template.mjs). Plain Node
// imports it by its path (bench/, scripts/), so it imports no `@worker/…` alias and holds only erasable TypeScript.

/** A cell: text, a number, or null for none (left out of the sheet, as Excel leaves empty cells out). */
export type Cell = string | number | null;

export interface SheetOptions {
  /** The tab's name; Excel's rules are applied (at most 31 characters, none of : \ / ? * [ ]). "Sheet1" by default. */
  name?: string;
  /** Text in the shared-string table, written after the sheet as Excel does (the default), or inline in each cell. */
  strings?: "shared" | "inline";
  /** Row 1 as a header: bold, or bold and frozen above the rows scrolling under it. */
  header?: "bold" | "frozen";
  /** Column widths in characters, or fitted: the longest line in each column and a margin, between 8 and 60. */
  widths?: number[] | "fit";
  /** The rows under row 1 wrapped and aligned to the top. */
  wrap?: boolean;
}

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships";
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const TYPE = "application/vnd.openxmlformats-officedocument";

/** Characters XML 1.0 cannot hold at all (control characters other than tab, line feed and carriage return). */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

const escape = (text: string) =>
  text
    .replace(NOT_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/\r/g, "&#13;");

/** `A`, `B`, ... `Z`, `AA` for a 0-based column. */
const columnName = (column: number): string =>
  (column < 26 ? "" : columnName(Math.floor(column / 26) - 1)) + String.fromCharCode(65 + (column % 26));

const contentTypes = (shared: boolean) =>
  XML +
  `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
  `<Default Extension="xml" ContentType="application/xml"/>` +
  `<Override PartName="/xl/workbook.xml" ContentType="${TYPE}.spreadsheetml.sheet.main+xml"/>` +
  `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${TYPE}.spreadsheetml.worksheet+xml"/>` +
  `<Override PartName="/xl/styles.xml" ContentType="${TYPE}.spreadsheetml.styles+xml"/>` +
  (shared ? `<Override PartName="/xl/sharedStrings.xml" ContentType="${TYPE}.spreadsheetml.sharedStrings+xml"/>` : "") +
  `</Types>`;

const rootRels =
  XML + `<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const workbookRels = (shared: boolean) =>
  XML +
  `<Relationships xmlns="${PKG_REL}">` +
  `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/>` +
  (shared ? `<Relationship Id="rId3" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` : "") +
  `</Relationships>`;

/** Cell styles: 0 plain, 1 bold (a header), 2 wrapped and aligned to the top. */
const styles =
  XML +
  `<styleSheet xmlns="${MAIN}">` +
  `<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>` +
  `<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>` +
  `<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>` +
  `<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
  `<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>` +
  `<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>` +
  `<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" applyAlignment="1"><alignment wrapText="1" vertical="top"/></xf></cellXfs>` +
  `<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>` +
  `</styleSheet>`;

const FROZEN_HEADER = `<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>`;

/** A sheet name as Excel takes it: at most 31 characters, none of : \ / ? * [ ]. */
const sheetName = (name: string) =>
  name
    .replace(/[:\\/?*[\]]/g, " ")
    .trim()
    .slice(0, 31) || "Sheet1";

/** The longest line of a cell, in characters. */
const lineLength = (cell: Cell) =>
  Math.max(
    ...String(cell ?? "")
      .split("\n")
      .map((line) => line.length),
  );

/** Column widths in characters: the longest line in the column and a margin, between 8 and 60. */
const fittedWidths = (rows: Cell[][]) =>
  (rows[0] ?? []).map((_, c) => Math.min(60, Math.max(8, ...rows.map((cells) => lineLength(cells[c] ?? null) + 2))));

const colsOf = (widths: number[]) =>
  widths.length ? `<cols>${widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join("")}</cols>` : "";

/** An .xlsx of these rows, row 1 first. The same rows always make the same bytes (a committed template does not churn). */
export function writeSheet(rows: Cell[][], options: SheetOptions = {}): Uint8Array {
  const shared = options.strings !== "inline";
  const table = new Map<string, number>();
  const cell = (value: Cell, ref: string, style: string) => {
    if (value === null) return "";
    if (typeof value === "number") return `<c r="${ref}"${style}><v>${value}</v></c>`;
    if (!shared) return `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${escape(value)}</t></is></c>`;
    if (!table.has(value)) table.set(value, table.size);
    return `<c r="${ref}"${style} t="s"><v>${table.get(value)}</v></c>`;
  };
  const body = rows
    .map((cells, r) => {
      const style = r === 0 ? (options.header ? ' s="1"' : "") : options.wrap ? ' s="2"' : "";
      return `<row r="${r + 1}">${cells.map((value, c) => cell(value, `${columnName(c)}${r + 1}`, style)).join("")}</row>`;
    })
    .join("");
  const widths = options.widths === "fit" ? fittedWidths(rows) : (options.widths ?? []);
  const sheet =
    XML +
    `<worksheet xmlns="${MAIN}" xmlns:r="${REL}">${options.header === "frozen" ? FROZEN_HEADER : ""}` +
    `<sheetFormatPr defaultRowHeight="15"/>${colsOf(widths)}<sheetData>${body}</sheetData></worksheet>`;
  const workbook =
    XML +
    `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="${escape(sheetName(options.name ?? ""))}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
  const strings =
    XML +
    `<sst xmlns="${MAIN}" count="${table.size}" uniqueCount="${table.size}">` +
    `${[...table.keys()].map((s) => `<si><t xml:space="preserve">${escape(s)}</t></si>`).join("")}</sst>`;
  return zipSync(
    {
      "[Content_Types].xml": strToU8(contentTypes(shared)),
      "_rels/.rels": strToU8(rootRels),
      "xl/workbook.xml": strToU8(workbook),
      "xl/_rels/workbook.xml.rels": strToU8(workbookRels(shared)),
      "xl/worksheets/sheet1.xml": strToU8(sheet),
      "xl/styles.xml": strToU8(styles),
      ...(shared ? { "xl/sharedStrings.xml": strToU8(strings) } : {}),
    },
    // A fixed date: the file's parts carry no time of their own.
    { level: 6, mtime: "2026-01-01T00:00:00Z" },
  );
}
