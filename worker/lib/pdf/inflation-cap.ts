import { CannotFollow, holdsName } from "./pdf-stream-dictionary";
import { Budget, Source, TooLarge } from "./pdf-stream-scanner";

/**
 * How many bytes a PDF's streams may decode to, all layers of all streams together, before pdf.js is given the file.
 * pdf.js holds what it decodes (each filter layer in a buffer of its own) and runs in the Worker's 128 MB isolate,
 * next to the upload itself (up to 20 MB, held twice). Pictures count too: pdf.js decodes a picture only to draw it,
 * but which streams are pictures is the file's word, and a page's content may claim to be one.
 */
export const PDF_INFLATION_CAP = 64 * 1024 * 1024;

/** The file is handed to the scan a piece at a time, so it returns to the event loop between pieces. */
const PIECE = 64 * 1024;

/** Why a PDF is not given to pdf.js. */
export type PdfRefusal = "encrypted" | "tooLarge" | "unreadable";

/**
 * Why a PDF must be refused before pdf.js reads it, or null: "tooLarge" when its streams would decode past
 * PDF_INFLATION_CAP (a decompression bomb: a 1 MB deflate stream can inflate to 1 GB), before pdf.js reads it.
 * Each stream is found by its `stream` keyword (its /Length is not trusted), decoded as pdf.js would (pdf-decoders.ts)
 * and counted, never kept; what a stream decodes to is searched for streams too, since pdf.js reads streams written
 * inside an object stream. A PDF the scan cannot follow is "unreadable", and an encrypted one "encrypted": its streams
 * cannot be seen without decrypting them.
 */
export async function inflationRefusal(bytes: Uint8Array, signal?: AbortSignal): Promise<PdfRefusal | null> {
  if (holdsName(bytes, "Encrypt")) return "encrypted";
  const budget = new Budget(PDF_INFLATION_CAP, signal);
  const file = new Source(budget, 0);
  try {
    for (let at = 0; at < bytes.length; at += PIECE) {
      await file.push(bytes.subarray(at, at + PIECE));
      budget.scanned(PIECE);
      await budget.pace();
    }
  } catch (error) {
    if (error instanceof TooLarge) return "tooLarge";
    if (error instanceof CannotFollow) return "unreadable";
    throw error;
  }
  return null;
}
