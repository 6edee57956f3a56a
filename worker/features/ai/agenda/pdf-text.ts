import { getDocumentProxy } from "unpdf";
import { badRequest } from "@worker/lib/errors";
import { inflationRefusal, type PdfRefusal } from "@worker/lib/pdf/inflation-cap";
import { GENERATION_MESSAGES } from "../generator.schema";
import { CELL, pageLines, type PlacedPiece } from "./pdf-layout";

const REFUSED: Record<PdfRefusal, string> = {
  encrypted: GENERATION_MESSAGES.pdfEncrypted,
  tooLarge: GENERATION_MESSAGES.pdfContentTooLarge,
  unreadable: GENERATION_MESSAGES.pdfUnreadable,
};

/** Refuses with 400 and the reason in words a PDF that pdf.js must not read (lib/pdf/inflation-cap.ts): a decompression bomb, one it cannot follow, an encrypted one. */
export async function refuseInflationBomb(bytes: Uint8Array, signal?: AbortSignal): Promise<void> {
  const refusal = await inflationRefusal(bytes, signal);
  if (refusal) throw badRequest(REFUSED[refusal]);
}

/** What of a PDF reaches a generator at most: the cost of a generation is bounded by these, not by the upload. */
export const PDF_TEXT_CAPS = { pages: 30, characters: 50_000 } as const;

export interface PdfText {
  text: string;
  /** The document's page count, including pages beyond the cap. */
  pages: number;
  /** The pages read: reading stops at the page cap, or once the character cap is reached. */
  pagesRead: number;
  /** True when pages or characters beyond the caps were left out. */
  truncated: boolean;
}

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;
type TextItem = { str?: string; width?: number; height?: number; transform?: number[] };

/** A page's lines as its layout shows them (see pageLines): a table's row on one line, a second column after the first. */
async function pageText(pdf: PdfDocument, pageNumber: number) {
  const content = await (await pdf.getPage(pageNumber)).getTextContent();
  const pieces = (content.items as TextItem[]).flatMap(({ str, width, height, transform }): PlacedPiece[] => {
    if (str == null || !transform) return [];
    const size = Math.hypot(transform[2] ?? 0, transform[3] ?? 0) || height || 1;
    return [{ text: str, x: transform[4] ?? 0, y: transform[5] ?? 0, width: width ?? 0, size }];
  });
  return pageLines(pieces).join("\n");
}

// Spaces run together; a table's cell separator (CELL) is kept, without spaces around it.
const normalized = (pages: string[]) =>
  pages
    .join("\n")
    .replace(/[^\S\n\t]+/g, " ")
    .replace(/ ?\n ?/g, "\n")
    .replace(/ ?\t ?/g, CELL)
    .replace(/\n{3,}/g, "\n\n")
    .trim();

async function open(bytes: Uint8Array) {
  try {
    // pdf.js may detach the buffer it is given: it gets a copy. Its warnings about a broken file are ours to report, not to log.
    return await getDocumentProxy(bytes.slice(), { verbosity: 0 });
  } catch (error) {
    if (error instanceof Error && error.name === "PasswordException") throw badRequest(GENERATION_MESSAGES.pdfEncrypted);
    throw badRequest(GENERATION_MESSAGES.pdfUnreadable);
  }
}

/**
 * The text of a PDF, line by line (a table's cells apart by CELL, a second column after the first), page by page,
 * capped at PDF_TEXT_CAPS. Refuses, with a 400 and its message, an encrypted PDF, one whose streams inflate past
 * PDF_INFLATION_CAP (checked before pdf.js sees it), one that cannot be read, and one without any text. Stops between pages once `signal` has aborted.
 */
export async function readPdfText(bytes: Uint8Array, signal?: AbortSignal): Promise<PdfText> {
  await refuseInflationBomb(bytes, signal);
  const pdf = await open(bytes);
  try {
    const pages = pdf.numPages;
    const texts: string[] = [];
    let whole = "";
    try {
      // Pages past the character cap would be read only to be cut: reading stops once it is reached.
      for (let page = 1; page <= Math.min(pages, PDF_TEXT_CAPS.pages) && whole.length < PDF_TEXT_CAPS.characters; page++) {
        texts.push(await pageText(pdf, page));
        whole = normalized(texts);
        // Back to the event loop between pages, so other requests run meanwhile and a passed deadline is seen.
        await new Promise((resolve) => setTimeout(resolve, 0));
        signal?.throwIfAborted();
      }
    } catch (error) {
      if (signal?.aborted) throw error;
      throw badRequest(GENERATION_MESSAGES.pdfUnreadable);
    }
    if (whole === "") throw badRequest(GENERATION_MESSAGES.pdfEmpty);
    const text = whole.length > PDF_TEXT_CAPS.characters ? whole.slice(0, PDF_TEXT_CAPS.characters) : whole;
    return { text, pages, pagesRead: texts.length, truncated: pages > texts.length || text.length < whole.length };
  } finally {
    await pdf.loadingTask.destroy();
  }
}
