/**
 * Why a workbook was refused: `not-xlsx` when the bytes are not a readable .xlsx (the caller says so in its
 * own words), `refused` when a cap was crossed or the caller refused a row (the message says why, for the person who uploaded it).
 */
export class XlsxError extends Error {
  constructor(
    readonly kind: "not-xlsx" | "refused",
    message: string,
  ) {
    super(message);
    this.name = "XlsxError";
  }
}

export const notXlsx = (detail: string) => new XlsxError("not-xlsx", detail);
export const refuse = (message: string) => new XlsxError("refused", message);

/**
 * The caps that keep a hostile workbook from exhausting a Worker (128 MB of memory): every byte the reader
 * inflates counts against `inflatedBytes`, so a zip bomb stops as soon as it crosses it.
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
}

export const DEFAULT_XLSX_LIMITS: XlsxLimits = {
  inflatedBytes: 64 * 1024 * 1024,
  columns: 256,
  cellChars: 1_000,
  sharedStrings: 200_000,
  sharedStringChars: 8_000_000,
  zipEntries: 1_000,
};
