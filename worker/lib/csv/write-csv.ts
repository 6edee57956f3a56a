import { safeCell } from "./safe-cell";

const BOM = "\uFEFF";

/** RFC 4180: a field with a quote, a comma or a line break is quoted, its quotes doubled. */
const field = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/**
 * A CSV file of a header and rows, as Excel opens it: UTF-8 with a byte-order mark (else Excel reads it in the
 * machine's code page), CRLF line ends, RFC 4180 quoting, and every cell safe from formula injection.
 */
export const writeCsv = (header: string[], rows: (string | number)[][]) =>
  BOM +
  [header, ...rows]
    .map((cells) => cells.map((cell) => field(typeof cell === "number" ? String(cell) : safeCell(cell))).join(","))
    .join("\r\n") +
  "\r\n";
