import { parse } from "csv-parse/sync";
import { expect } from "vitest";
import { readFirstSheet } from "@worker/lib/xlsx/read-first-sheet";

// The exports' files read back (worker/lib/export-file.ts): a CSV by a CSV parser, an .xlsx by our own reader.

interface FileAnswer {
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** A CSV export's rows, its header first, once its byte-order mark and CRLF ends are checked. */
export async function csvRows(response: FileAnswer): Promise<string[][]> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = new TextDecoder().decode(bytes.slice(3));
  expect(text.endsWith("\r\n")).toBe(true);
  return parse(text, { relax_column_count: false }) as string[][];
}

/** An .xlsx export's rows, its header first, each as wide as the header (an empty cell as ''). */
export async function sheetRows(response: FileAnswer): Promise<string[][]> {
  const rows: string[][] = [];
  let width = 0;
  readFirstSheet(new Uint8Array(await response.arrayBuffer()), ({ cells }) => {
    width ||= cells.size;
    rows.push(Array.from({ length: width }, (_, column) => cells.get(column) ?? ""));
  });
  return rows;
}
