import { describe, expect, it } from "vitest";
import { PNG } from "@worker/test/files";
import { emptyPdf, encryptedPdf, pdfWithLines, pdfWithPlacedText } from "@worker/test/pdf";
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

  it("reads a table's rows (time | session | room) as one line each, its cells apart by a tab", async () => {
    const row = (y: number, time: string, session: string, room: string) => [
      { x: 72, y, text: time },
      { x: 170, y, text: session },
      { x: 420, y, text: room },
    ];
    const pdf = pdfWithPlacedText([
      [
        { x: 72, y: 760, text: "Day 1 – Thursday 12 March" },
        ...row(730, "Time", "Session", "Room"),
        ...row(710, "09:00 - 10:00", "Opening keynote", "Main Hall"),
        ...row(690, "10:30", "Pricing, onboarding, AI features", "Room B"),
      ],
    ]);
    const { text } = await readPdfText(pdf);
    expect(text.split("\n")).toEqual([
      "Day 1 – Thursday 12 March",
      "Time\tSession\tRoom",
      "09:00 - 10:00\tOpening keynote\tMain Hall",
      "10:30\tPricing, onboarding, AI features\tRoom B",
    ]);
  });

  it("reads a session name wrapped onto a second line of its cell as one name, in its row", async () => {
    const pdf = pdfWithPlacedText([
      [
        { x: 72, y: 740, text: "09:00 - 10:00" },
        { x: 170, y: 740, text: "Opening keynote: the year" },
        { x: 420, y: 740, text: "Main Hall," },
        { x: 170, y: 726, text: "ahead for the team" },
        { x: 420, y: 726, text: "level 2" },
        { x: 72, y: 700, text: "10:30" },
        { x: 170, y: 700, text: "Coffee" },
        { x: 420, y: 700, text: "Foyer" },
        { x: 72, y: 660, text: "Bring your badge." },
      ],
    ]);
    const { text } = await readPdfText(pdf);
    expect(text.split("\n")).toEqual([
      "09:00 - 10:00\tOpening keynote: the year ahead for the team\tMain Hall, level 2",
      "10:30\tCoffee\tFoyer",
      "Bring your badge.",
    ]);
  });

  it("reads a two-column page down its left column, then down its right one, though each row was drawn across both", async () => {
    const left = ["Day 1", "09:00 Breakfast", "10:00 Walking tour", "Bring shoes."];
    const right = ["Day 2", "09:30 Douro cruise", "13:00 Lunch on board", "19:00 Farewell dinner"];
    const pdf = pdfWithPlacedText([
      [
        { x: 72, y: 770, text: "Porto Leadership Retreat – agenda for both days" },
        ...left.flatMap((text, i) => [
          { x: 72, y: 740 - i * 20, text },
          { x: 320, y: 740 - i * 20, text: right[i]! },
        ]),
      ],
    ]);
    const { text } = await readPdfText(pdf);
    expect(text.split("\n")).toEqual(["Porto Leadership Retreat – agenda for both days", ...left, ...right]);
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
