import { getDocumentProxy } from "unpdf";
import { badRequest } from "@worker/lib/errors";
import { GENERATION_MESSAGES } from "./generator.schema";
import { refuseInflationBomb } from "./pdf-inflation-cap";

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
type TextItem = { str?: string; hasEOL?: boolean; transform?: number[] };

async function pageText(pdf: PdfDocument, pageNumber: number) {
  const content = await (await pdf.getPage(pageNumber)).getTextContent();
  let text = "";
  let lastY: number | undefined;
  for (const item of content.items as TextItem[]) {
    if (item.str == null) continue;
    const y = item.transform?.[5];
    // A move to another baseline starts a new line even when pdf.js did not mark the end of the last one.
    if (lastY !== undefined && y !== undefined && Math.abs(y - lastY) > 1 && text !== "" && !text.endsWith("\n")) text += "\n";
    text += item.str + (item.hasEOL ? "\n" : "");
    if (y !== undefined) lastY = y;
  }
  return text;
}

const normalized = (pages: string[]) =>
  pages
    .join("\n")
    .replace(/[^\S\n]+/g, " ")
    .replace(/ ?\n ?/g, "\n")
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
 * The text of a PDF, line by line, page by page, capped at PDF_TEXT_CAPS. Refuses, with a 400 and its message,
 * an encrypted PDF, one whose streams inflate past PDF_INFLATION_CAP (checked before pdf.js sees it), one that cannot
 * be read, and one without any text. Stops between pages once `signal` has aborted.
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
