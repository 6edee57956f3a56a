import { UnzipInflate } from "fflate";
import { notXlsx, refuse, XlsxError } from "./limits";
import type { ZipEntry } from "./zip-directory";

/** Compressed bytes handed to the inflater at a time: deflate expands at most ~1,032x, so one step inflates at most ~4 MB. */
const STEP = 4 * 1024;

/** How many inflated bytes the whole workbook may still produce; shared by every part the reader opens. */
export class InflateBudget {
  constructor(private remaining: number) {}

  spend(bytes: number) {
    this.remaining -= bytes;
    if (this.remaining < 0) throw refuse(/*i18n*/ "The file unpacks to far more data than a guest list holds; it was not read");
  }
}

/**
 * Inflates one entry a step at a time and hands its text to `onText` as it comes, so no part is ever held
 * whole and the budget stops a zip bomb on the step that crosses it.
 */
export function streamEntryText(entry: ZipEntry, budget: InflateBudget, onText: (text: string) => void): void {
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
  const decode = (chunk?: Uint8Array) => {
    try {
      return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      throw notXlsx(`${entry.name} is not UTF-8`);
    }
  };
  const take = (chunk: Uint8Array) => {
    budget.spend(chunk.length);
    onText(decode(chunk));
  };
  if (entry.method === 0) {
    for (let at = 0; at < entry.data.length; at += STEP) take(entry.data.subarray(at, at + STEP));
  } else if (entry.method === 8) {
    if (entry.data.length === 0) throw notXlsx(`empty deflate stream in ${entry.name}`);
    const inflater = new UnzipInflate();
    inflater.ondata = (error, chunk) => {
      // fflate hands its own failures here, and those thrown from this handler too (it catches around push).
      if (error) throw error instanceof XlsxError ? error : notXlsx(`corrupt deflate data in ${entry.name}`);
      take(chunk);
    };
    for (let at = 0; at < entry.data.length; at += STEP) inflater.push(entry.data.subarray(at, at + STEP), at + STEP >= entry.data.length);
  } else {
    throw notXlsx(`compression method ${entry.method}`);
  }
  onText(decode());
}
