import { firstSheet } from "./first-sheet";
import { InflateBudget } from "./inflate-entry";
import { DEFAULT_XLSX_LIMITS, type XlsxLimits } from "./limits";
import { readSharedStrings } from "./shared-strings";
import { readWorksheet, type SheetRow } from "./worksheet";
import { readZipDirectory } from "./zip-directory";

/**
 * Reads the first sheet of an .xlsx held in memory, streaming its rows to `onRow`. Only the parts needed
 * are inflated (the workbook and its relationships, the shared strings, that one sheet), each in steps
 * against one budget of inflated bytes. The shared strings are read before the sheet whatever their place
 * in the archive (Excel writes them after the sheets). Throws an XlsxError (see limits.ts) for a file that
 * is not an .xlsx or that crosses a cap; `onRow` may throw one to stop the read.
 */
export function readFirstSheet(bytes: Uint8Array, onRow: (row: SheetRow) => void, limits: XlsxLimits = DEFAULT_XLSX_LIMITS): void {
  const entries = readZipDirectory(bytes, limits.zipEntries);
  const budget = new InflateBudget(limits.inflatedBytes);
  const sheet = firstSheet(entries, budget, limits);
  const sharedStrings = readSharedStrings(entries.get("xl/sharedStrings.xml"), budget, limits);
  readWorksheet(sheet, sharedStrings, budget, limits, onRow);
}
