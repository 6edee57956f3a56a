import type { MessageValues } from "@worker/lib/errors";
import { i18nFor } from "@worker/lib/i18n";
import { SOURCE_LOCALE } from "@worker/shared/locales";

/**
 * Why a workbook was refused: `not-xlsx` when the bytes are not a readable .xlsx (the caller says so in its
 * own words), `refused` when a cap was crossed or the caller refused a row (the message says why, for the person who uploaded it).
 * A refusal's `source` is the catalog message (its English, with `values`): `badRequest(error.source, error.values)`
 * words it in the uploader's language; `message` is that English, filled in.
 */
export class XlsxError extends Error {
  readonly source: string;
  constructor(
    readonly kind: "not-xlsx" | "refused",
    message: string,
    readonly values?: MessageValues,
  ) {
    super(values ? i18nFor(SOURCE_LOCALE)._(message, values) : message);
    this.source = message;
    this.name = "XlsxError";
  }
}

export const notXlsx = (detail: string) => new XlsxError("not-xlsx", detail);
/** A refusal: `message` is marked where it is written (`refuse(/*i18n*\/ "At most {max} rows", { max })`). */
export const refuse = (message: string, values?: MessageValues) => new XlsxError("refused", message, values);

/**
 * The caps that keep a hostile workbook from exhausting a Worker (128 MB of memory): every byte the reader
 * inflates counts against `inflatedBytes`, so a zip bomb stops as soon as it crosses it; and since the XML
 * parser keeps an object per open element and per attribute, and holds a tag or a text whole until it
 * ends, the structure is capped too (`depth`, `attributes`, `markupChars`), whatever the byte count.
 */
export interface XlsxLimits {
  /** Bytes inflated across every part the reader opens. */
  inflatedBytes: number;
  /** Cells beyond this column (1-based) are refused. */
  columns: number;
  /** Characters of one cell or one shared string. */
  cellChars: number;
  /** Entries of the shared-string table, and their characters in all. */
  sharedStrings: number;
  sharedStringChars: number;
  /** Entries of the zip's central directory. */
  zipEntries: number;
  /** Elements open at once; a SpreadsheetML sheet nests about 6 deep (worksheet, sheetData, row, c, is, r, t). */
  depth: number;
  /** Attributes of one element; Excel writes at most a handful. */
  attributes: number;
  /** Characters as written from one `<` to the next: a tag with its attributes, and the text that follows it. */
  markupChars: number;
}

export const DEFAULT_XLSX_LIMITS: XlsxLimits = {
  // A 10,000-row guest list with long names and tags inflates to ~4.3 MB; wider sheets (20 columns) to ~12 MB.
  inflatedBytes: 32 * 1024 * 1024,
  columns: 256,
  cellChars: 1_000,
  sharedStrings: 200_000,
  sharedStringChars: 8_000_000,
  zipEntries: 1_000,
  depth: 32,
  attributes: 64,
  markupChars: 64 * 1024,
};
