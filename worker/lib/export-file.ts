import { safeCell } from "@worker/lib/csv/safe-cell";
import { writeCsv } from "@worker/lib/csv/write-csv";
import { writeSheet } from "@worker/lib/xlsx/write-sheet";
import { EXPORT_MEDIA_TYPES, type ExportFormat } from "@worker/shared/export-format";

/** A table to hand over as a file: its name without the extension, its header and its rows (text, or a number kept as one). */
export interface ExportTable {
  name: string;
  header: string[];
  rows: (string | number)[][];
}

/** Characters no file system keeps in a name: / \ : * ? " < > | and the control characters. */
// eslint-disable-next-line no-control-regex
const NOT_IN_FILE_NAMES = /[/\\:*?"<>|\u0000-\u001F\u007F]+/g;

/** A file name as every system keeps it, at most 150 characters. */
const fileName = (name: string) => name.replace(NOT_IN_FILE_NAMES, " ").replace(/\s+/g, " ").trim().slice(0, 150) || "export";

/**
 * RFC 6266 with RFC 5987: an ASCII `filename` for old clients (other characters as `_`), and the real name, UTF-8 and
 * percent-encoded, in `filename*`, which every current browser prefers.
 */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7E]/g, "_").replace(/["\\%]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * The table as an .xlsx: text as inline strings (never a number Excel would reformat: a phone number stays as typed),
 * numbers (a rating) as numbers, so SUM and AVERAGE count them; the header bold and frozen.
 */
const xlsxOf = (table: ExportTable) =>
  writeSheet(
    [table.header, ...table.rows].map((cells) => cells.map((cell) => (typeof cell === "number" ? cell : safeCell(cell)))),
    { name: table.name, strings: "inline", header: "frozen", widths: "fit", wrap: true },
  );

/** The table as a download: CSV (UTF-8 with BOM, CRLF) or .xlsx, every cell safe from formula injection; never cached. */
export function exportResponse(format: ExportFormat, table: ExportTable): Response {
  const name = `${fileName(table.name)}.${format}`;
  const body = format === "csv" ? writeCsv(table.header, table.rows) : xlsxOf(table);
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": format === "csv" ? `${EXPORT_MEDIA_TYPES.csv}; charset=utf-8` : EXPORT_MEDIA_TYPES.xlsx,
      "Content-Disposition": contentDisposition(name),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
