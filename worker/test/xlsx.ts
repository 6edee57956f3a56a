import { strToU8, Zip, ZipDeflate, zipSync } from "fflate";

// Minimal SpreadsheetML, as Excel and LibreOffice open it; the tests' .xlsx files and the Upload File
// template (scripts/make-guest-template.mjs) are both written here. Only erasable TypeScript: Node runs it as is.

export type CellValue = string | number | null;

export interface SheetOptions {
  /** Text in the shared-string table (as Excel writes it, after the sheet), or inline in each cell. */
  strings?: "shared" | "inline";
  /** The first row in bold, as a header. */
  boldHeader?: boolean;
  /** Column widths in characters. */
  widths?: number[];
}

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships";
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** `A`, `B`, ... `Z`, `AA` for a 0-based column. */
const columnName = (column: number): string =>
  (column < 26 ? "" : columnName(Math.floor(column / 26) - 1)) + String.fromCharCode(65 + (column % 26));

const contentTypes = (shared: boolean) =>
  XML +
  `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
  `<Default Extension="xml" ContentType="application/xml"/>` +
  `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
  `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
  `<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>` +
  (shared
    ? `<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>`
    : "") +
  `</Types>`;

const rootRels =
  XML + `<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const workbook =
  XML + `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Guests" sheetId="1" r:id="rId1"/></sheets></workbook>`;

const workbookRels = (shared: boolean) =>
  XML +
  `<Relationships xmlns="${PKG_REL}">` +
  `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/>` +
  (shared ? `<Relationship Id="rId3" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` : "") +
  `</Relationships>`;

const styles =
  XML +
  `<styleSheet xmlns="${MAIN}">` +
  `<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>` +
  `<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>` +
  `<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>` +
  `<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
  `<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>` +
  `<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>` +
  `</styleSheet>`;

const worksheetStart = (widths: number[] = []) =>
  XML +
  `<worksheet xmlns="${MAIN}" xmlns:r="${REL}">` +
  (widths.length
    ? `<cols>${widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join("")}</cols>`
    : "") +
  `<sheetData>`;
const WORKSHEET_END = `</sheetData></worksheet>`;

/** The parts of a one-sheet workbook; `sheet` is written before the shared strings, as Excel orders them. */
function workbookParts(sheet: Uint8Array, sharedStrings: string | null): Record<string, Uint8Array> {
  const shared = sharedStrings !== null;
  return {
    "[Content_Types].xml": strToU8(contentTypes(shared)),
    "_rels/.rels": strToU8(rootRels),
    "xl/workbook.xml": strToU8(workbook),
    "xl/_rels/workbook.xml.rels": strToU8(workbookRels(shared)),
    "xl/worksheets/sheet1.xml": sheet,
    "xl/styles.xml": strToU8(styles),
    ...(shared ? { "xl/sharedStrings.xml": strToU8(sharedStrings) } : {}),
  };
}

/** An .xlsx of these rows (row 1 first); a null cell is left out of the sheet, as Excel leaves empty cells out. */
export function xlsxBytes(rows: CellValue[][], options: SheetOptions = {}): Uint8Array {
  const shared = options.strings !== "inline";
  const table = new Map<string, number>();
  const cell = (value: CellValue, ref: string, style: string) => {
    if (value === null) return "";
    if (typeof value === "number") return `<c r="${ref}"${style}><v>${value}</v></c>`;
    if (!shared) return `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${escape(value)}</t></is></c>`;
    if (!table.has(value)) table.set(value, table.size);
    return `<c r="${ref}"${style} t="s"><v>${table.get(value)}</v></c>`;
  };
  const body = rows
    .map((cells, r) => {
      const style = r === 0 && options.boldHeader ? ' s="1"' : "";
      return `<row r="${r + 1}">${cells.map((value, c) => cell(value, `${columnName(c)}${r + 1}`, style)).join("")}</row>`;
    })
    .join("");
  const sheet = strToU8(worksheetStart(options.widths) + body + WORKSHEET_END);
  const strings = shared
    ? XML +
      `<sst xmlns="${MAIN}" count="${table.size}" uniqueCount="${table.size}">${[...table.keys()].map((s) => `<si><t xml:space="preserve">${escape(s)}</t></si>`).join("")}</sst>`
    : null;
  // A fixed date, so the same rows always make the same bytes (the committed template does not churn).
  return zipSync(workbookParts(sheet, strings), { level: 6, mtime: "2026-01-01T00:00:00Z" });
}

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export const xlsxFile = (rows: CellValue[][], options: SheetOptions & { name?: string } = {}) =>
  new File([xlsxBytes(rows, options) as Uint8Array<ArrayBuffer>], options.name ?? "guests.xlsx", { type: XLSX_TYPE });

export const GUEST_HEADER = ["Email", "First name", "Last name", "Tags"];

/** A header and `count` guests, guest1@example.com onwards. */
export const guestRows = (count: number, prefix = "guest"): CellValue[][] => [
  GUEST_HEADER,
  ...Array.from({ length: count }, (_, i) => [`${prefix}${i + 1}@example.com`, `First${i + 1}`, `Last${i + 1}`, "vip, day 1"]),
];

/**
 * A zip bomb shaped as a real workbook: its sheet is `inflatedMb` MB of styled empty rows (no values, so no
 * row cap stops it first), deflated as it is written so the test never holds the inflated sheet.
 */
export function zipBombFile(inflatedMb = 200): File {
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    chunks.push(chunk);
  });
  for (const [name, bytes] of Object.entries(workbookParts(new Uint8Array(0), null))) {
    if (name === "xl/worksheets/sheet1.xml") continue;
    const part = new ZipDeflate(name);
    zip.add(part);
    part.push(bytes, true);
  }
  const sheet = new ZipDeflate("xl/worksheets/sheet1.xml", { level: 9 });
  zip.add(sheet);
  sheet.push(strToU8(worksheetStart()));
  const block = strToU8('<row r="2" s="1" customFormat="1"><c r="A2" s="1"/></row>'.repeat(16_384));
  for (let written = 0; written < inflatedMb * 1024 * 1024; written += block.length) sheet.push(block);
  sheet.push(strToU8(WORKSHEET_END), true);
  zip.end();
  return new File(chunks as Uint8Array<ArrayBuffer>[], "bomb.xlsx", { type: XLSX_TYPE });
}

/** A Word document: a zip with no worksheet in it. */
export const docxBytes = () =>
  zipSync({
    "[Content_Types].xml": strToU8(XML + `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`),
    "word/document.xml": strToU8(
      XML + `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>`,
    ),
  });

/** The Upload File tab's template (scripts/make-guest-template.mjs writes it to web/public/templates/). */
export const GUEST_TEMPLATE = {
  rows: [GUEST_HEADER, ["jane.doe@example.com", "Jane", "Doe", "VIP, Day 1"]] as CellValue[][],
  options: { boldHeader: true, widths: [32, 16, 16, 24] } satisfies SheetOptions,
};
