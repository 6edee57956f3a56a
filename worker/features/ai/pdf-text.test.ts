import { describe, expect, it } from "vitest";
import { PNG } from "@worker/test/files";
import { emptyPdf, encryptedPdf, pdfWithLines } from "@worker/test/pdf";
import { AppError } from "@worker/lib/errors";
import { GENERATION_MESSAGES } from "./generator.schema";
import { PDF_TEXT_CAPS, readPdfText } from "./pdf-text";

async function refusal(bytes: Uint8Array) {
  const error = await readPdfText(bytes).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return { status: (error as AppError).status, message: (error as AppError).message };
}

describe("readPdfText: the text a generator may read from a PDF", () => {
  it("reads each line of each page on its own line, parentheses, backslashes and dashes included", async () => {
    const pdf = pdfWithLines([
      ["Day 1 (Arrival)", "09:00 Breakfast at the hotel"],
      ["Day 2", "2:30 pm – 4 pm Boat tour \\ river"],
    ]);
    const { text, pages, truncated } = await readPdfText(pdf);
    expect(text.split("\n")).toEqual(["Day 1 (Arrival)", "09:00 Breakfast at the hotel", "Day 2", "2:30 pm – 4 pm Boat tour \\ river"]);
    expect(pages).toBe(2);
    expect(truncated).toBe(false);
  });

  it(`reads at most ${PDF_TEXT_CAPS.pages} pages of a 40-page PDF and says it was truncated`, async () => {
    const pdf = pdfWithLines(Array.from({ length: 40 }, (_, i) => [`Page ${i + 1} heading`, `Line of page ${i + 1}`]));
    const { text, pages, pagesRead, truncated } = await readPdfText(pdf);
    expect(pages).toBe(40);
    expect(pagesRead).toBe(PDF_TEXT_CAPS.pages);
    expect(truncated).toBe(true);
    expect(text).toContain(`Page ${PDF_TEXT_CAPS.pages} heading`);
    expect(text).not.toContain(`Page ${PDF_TEXT_CAPS.pages + 1} heading`);
  });

  it(`cuts the text at ${PDF_TEXT_CAPS.characters.toLocaleString("en")} characters and says it was truncated`, async () => {
    const line = "x".repeat(99);
    const pdf = pdfWithLines(Array.from({ length: 20 }, () => Array.from({ length: 30 }, () => line)));
    const { text, truncated } = await readPdfText(pdf);
    expect(text.length).toBe(PDF_TEXT_CAPS.characters);
    expect(truncated).toBe(true);
  });

  it("stops reading pages once the character cap is reached: a 30-page PDF is read only to the page that reaches it", async () => {
    const page = Array.from({ length: 40 }, () => "y".repeat(100));
    const onePage = (await readPdfText(pdfWithLines([page]))).text.length;
    // k pages joined by newlines reach the cap once k × (onePage + 1) − 1 ≥ the cap.
    const needed = Math.ceil((PDF_TEXT_CAPS.characters + 1) / (onePage + 1));
    expect(needed).toBeLessThan(30);

    const { text, pages, pagesRead, truncated } = await readPdfText(pdfWithLines(Array.from({ length: 30 }, () => page)));
    expect(pages).toBe(30);
    expect(pagesRead).toBe(needed);
    expect(text.length).toBe(PDF_TEXT_CAPS.characters);
    expect(truncated).toBe(true);
  });

  it(`refuses a PNG's bytes with 400 '${GENERATION_MESSAGES.pdfUnreadable}'`, async () => {
    expect(await refusal(PNG)).toEqual({ status: 400, message: GENERATION_MESSAGES.pdfUnreadable });
  });

  it(`refuses a corrupt PDF (its bytes cut short) with 400 '${GENERATION_MESSAGES.pdfUnreadable}'`, async () => {
    const whole = pdfWithLines([["09:00 Breakfast"]]);
    expect(await refusal(whole.slice(0, 60))).toEqual({ status: 400, message: GENERATION_MESSAGES.pdfUnreadable });
  });

  it(`refuses a PDF without text with 400 '${GENERATION_MESSAGES.pdfEmpty}'`, async () => {
    expect(await refusal(emptyPdf())).toEqual({ status: 400, message: GENERATION_MESSAGES.pdfEmpty });
  });

  it(`refuses a password-protected PDF with 400 '${GENERATION_MESSAGES.pdfEncrypted}'`, async () => {
    expect(await refusal(encryptedPdf())).toEqual({ status: 400, message: GENERATION_MESSAGES.pdfEncrypted });
  });
});
