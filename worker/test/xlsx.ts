import { strToU8, strFromU8, unzipSync, Zip, ZipDeflate, zipSync } from "fflate";
import { type Cell, type SheetOptions, writeSheet } from "@worker/lib/xlsx/write-sheet";

// The tests' .xlsx files, written by the exports' writer (worker/lib/xlsx/write-sheet.ts), and files that only look
// like one. The guest lists themselves are in ./guest-rows.ts, which the benches and scripts import too.

export { GUEST_HEADER, GUEST_TEMPLATE, guestRows } from "./guest-rows";

/** A guest list's .xlsx: its tab is named Guests, text in the shared-string table unless `strings` says inline. */
export const xlsxBytes = (rows: Cell[][], options: SheetOptions = {}) => writeSheet(rows, { name: "Guests", ...options });

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The same, as the file guests.xlsx. */
export const xlsxFile = (rows: Cell[][], options: SheetOptions = {}) =>
  new File([xlsxBytes(rows, options) as Uint8Array<ArrayBuffer>], "guests.xlsx", { type: XLSX_TYPE });

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
  const { "xl/worksheets/sheet1.xml": empty, ...parts } = unzipSync(xlsxBytes([], { strings: "inline" }));
  for (const [name, bytes] of Object.entries(parts)) {
    const part = new ZipDeflate(name);
    zip.add(part);
    part.push(bytes, true);
  }
  const [start, end] = strFromU8(empty!).split("</sheetData>");
  const sheet = new ZipDeflate("xl/worksheets/sheet1.xml", { level: 9 });
  zip.add(sheet);
  sheet.push(strToU8(start!));
  const block = strToU8('<row r="2" s="1" customFormat="1"><c r="A2" s="1"/></row>'.repeat(16_384));
  for (let written = 0; written < inflatedMb * 1024 * 1024; written += block.length) sheet.push(block);
  sheet.push(strToU8(`</sheetData>${end}`), true);
  zip.end();
  return new File(chunks as Uint8Array<ArrayBuffer>[], "bomb.xlsx", { type: XLSX_TYPE });
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** A Word document: a zip with no worksheet in it. */
export const docxBytes = () =>
  zipSync({
    "[Content_Types].xml": strToU8(XML + `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`),
    "word/document.xml": strToU8(
      XML + `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>`,
    ),
  });
