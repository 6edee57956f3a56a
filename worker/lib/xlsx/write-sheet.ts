import { strToU8, zipSync } from "fflate";
import { safeCell } from "@worker/lib/csv/safe-cell";

// A one-sheet .xlsx written by hand (minimal SpreadsheetML, as Excel, Numbers, LibreOffice and Google Sheets open it):
// every cell an inline string (never a formula, never a number Excel would reformat), the header row bold and frozen.

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

const contentTypes =
  XML +
  `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
  `<Default Extension="xml" ContentType="application/xml"/>` +
  `<Override PartName="/xl/workbook.xml" ContentType="${TYPE}.spreadsheetml.sheet.main+xml"/>` +
  `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${TYPE}.spreadsheetml.worksheet+xml"/>` +
  `<Override PartName="/xl/styles.xml" ContentType="${TYPE}.spreadsheetml.styles+xml"/>` +
  `</Types>`;

const rootRels =
  XML + `<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const workbookRels =
  XML +
  `<Relationships xmlns="${PKG_REL}">` +
  `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/>` +
  `</Relationships>`;

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

/** A sheet name as Excel takes it: at most 31 characters, none of : \ / ? * [ ]. */
const sheetName = (name: string) =>
  name
    .replace(/[:\\/?*[\]]/g, " ")
    .trim()
    .slice(0, 31) || "Sheet1";

/** The longest line of a cell, in characters. */
const lineLength = (text: string) => Math.max(...text.split("\n").map((line) => line.length));

/** Column widths in characters: the longest line in the column and a margin, between 8 and 60. */
const widthsOf = (rows: string[][]) =>
  (rows[0] ?? []).map((_, c) => Math.min(60, Math.max(8, ...rows.map((cells) => lineLength(cells[c] ?? "") + 2))));

/** An .xlsx of a header and rows: each cell safe from formula injection, the header bold and frozen, widths fitted. */
export function writeSheet(name: string, header: string[], rows: string[][]): Uint8Array {
  const all = [header, ...rows].map((cells) => cells.map(safeCell));
  const cols = widthsOf(all)
    .map((width, i) => `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`)
    .join("");
  const body = all
    .map((cells, r) => {
      const style = r === 0 ? ' s="1"' : ' s="2"';
      const row = cells
        .map(
          (value, c) => `<c r="${columnName(c)}${r + 1}"${style} t="inlineStr"><is><t xml:space="preserve">${escape(value)}</t></is></c>`,
        )
        .join("");
      return `<row r="${r + 1}">${row}</row>`;
    })
    .join("");
  const sheet =
    XML +
    `<worksheet xmlns="${MAIN}" xmlns:r="${REL}">` +
    `<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>` +
    `<sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>${body}</sheetData></worksheet>`;
  const workbook =
    XML +
    `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="${escape(sheetName(name))}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
  return zipSync(
    {
      "[Content_Types].xml": strToU8(contentTypes),
      "_rels/.rels": strToU8(rootRels),
      "xl/workbook.xml": strToU8(workbook),
      "xl/_rels/workbook.xml.rels": strToU8(workbookRels),
      "xl/worksheets/sheet1.xml": strToU8(sheet),
      "xl/styles.xml": strToU8(styles),
    },
    { level: 6 },
  );
}
