import { zlibSync } from "fflate";
import { describe, expect, it } from "vitest";
import { AppError } from "@worker/lib/errors";
import { GB, layeredZlib, pdfBomb, zerosZlib } from "@worker/test/pdf-bomb";
import { assemble, encryptedPdf, pdfWithContents, pdfWithLines, streamObject, textContent, type PdfObject } from "@worker/test/pdf";
import { GENERATION_MESSAGES } from "./generator.schema";
import { PDF_INFLATION_CAP, refuseInflationBomb } from "./pdf-inflation-cap";
import { ascii85, bytesOf, lzwEncode, lzwZeros, pngUp, runLengthZeros } from "./pdf-inflation-cap.test-support";
import { readPdfText } from "./pdf-text";

const MB = 1024 * 1024;
const TOO_LARGE = { status: 400, message: GENERATION_MESSAGES.pdfContentTooLarge };
const UNREADABLE = { status: 400, message: GENERATION_MESSAGES.pdfUnreadable };

async function outcome(bytes: Uint8Array) {
  const error = await refuseInflationBomb(bytes).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (error === null) return "read";
  expect(error).toBeInstanceOf(AppError);
  return { status: (error as AppError).status, message: (error as AppError).message };
}

/** A one-page PDF whose page's content is `content`, after a page that reads as usual. */
const withPage = (content: PdfObject) => pdfWithContents([textContent(["Day 1", "09:00 Breakfast"]), content]);

/** An object stream holding one object, number 10: `object`, as its data. */
const objectStream = (object: Uint8Array, extra = "", encode = (data: Uint8Array) => zlibSync(data)) => {
  const data = new Uint8Array([...bytesOf("10 0 "), ...object]);
  return streamObject(`/Type /ObjStm /N 1 /First 5 /Filter /FlateDecode ${extra}`, encode(data));
};

/** A stream object's text and bytes, as it would sit in an object stream. */
const streamBytes = (entries: string, data: Uint8Array) =>
  new Uint8Array([...bytesOf(`<< ${entries} /Length ${data.length} >>\nstream\n`), ...data, ...bytesOf("\nendstream")]);

describe(`refuseInflationBomb: a PDF whose streams decode past ${PDF_INFLATION_CAP / MB} MB is refused before pdf.js reads it`, () => {
  it(`refuses a PDF whose 1 GB FlateDecode stream (1 MB in the file) would inflate past the cap with '${GENERATION_MESSAGES.pdfContentTooLarge}'`, async () => {
    const bomb = pdfBomb(GB);
    expect(bomb.length).toBeLessThan(1.1 * MB);
    expect(await outcome(bomb)).toEqual(TOO_LARGE);
  });

  it("refuses a 4 GB stream the same way (4 MB in the file)", async () => {
    expect(await outcome(pdfBomb(4 * GB))).toEqual(TOO_LARGE);
  });

  it("counts every layer of a filter chain: two FlateDecode layers (1 KB in the file, 1 GB out) are refused", async () => {
    const bomb = pdfBomb(GB, 2);
    expect(bomb.length).toBeLessThan(4096);
    expect(await outcome(bomb)).toEqual(TOO_LARGE);
  });

  it("adds the layers up: 40 MB inflating from 40 MB of zlib data is 80 MB, past the cap, though each layer is under it", async () => {
    const stored = zlibSync(new Uint8Array(40 * MB), { level: 0 });
    expect(await outcome(withPage(streamObject("/Filter [/FlateDecode /FlateDecode]", zlibSync(stored))))).toEqual(TOO_LARGE);
    expect(await outcome(withPage(streamObject("/Filter /FlateDecode", zlibSync(stored))))).toBe("read");
  });

  it("adds the streams up: 40 pages of 2 MB each are refused, 20 are read", async () => {
    const pages = (count: number) => Array.from({ length: count }, () => streamObject("/Filter /FlateDecode", zerosZlib(2 * MB)));
    expect(await outcome(pdfWithContents(pages(40)))).toEqual(TOO_LARGE);
    expect(await outcome(pdfWithContents(pages(20)))).toBe("read");
  });

  it("reads a stream just under the cap and refuses one just over it", async () => {
    expect(await outcome(withPage(streamObject("/Filter /FlateDecode", zerosZlib(PDF_INFLATION_CAP - MB))))).toBe("read");
    expect(await outcome(withPage(streamObject("/Filter /FlateDecode", zerosZlib(PDF_INFLATION_CAP + MB))))).toEqual(TOO_LARGE);
  });

  it("does not trust /Length: a bomb whose /Length says 10 bytes is refused", async () => {
    expect(await outcome(withPage({ dictionary: "<< /Filter /FlateDecode /Length 10 >>", data: zerosZlib(GB) }))).toEqual(TOO_LARGE);
  });

  it("reads on past an 'endstream' written inside the compressed data", async () => {
    const hidden = bytesOf("\nendstream\nendobj\n");
    const stored = [0, hidden.length, 0, ~hidden.length & 0xff, 0xff, ...hidden]; // a stored deflate block, not final
    const bomb = zerosZlib(GB);
    const data = new Uint8Array([...bomb.subarray(0, 2), ...stored, ...bomb.subarray(2)]);
    expect(await outcome(withPage(streamObject("/Filter /FlateDecode", data)))).toEqual(TOO_LARGE);
  });

  it("looks inside object streams: pdf.js reads a stream written in one, and a 1 GB one there is refused", async () => {
    const nested = streamBytes("/Filter /FlateDecode", zerosZlib(GB));
    expect(await outcome(withPage(objectStream(nested)))).toEqual(TOO_LARGE);
  });

  it("undoes a PNG predictor before looking inside: a bomb hidden by one in an object stream is refused", async () => {
    const nested = streamBytes("/Filter /FlateDecode", zerosZlib(GB));
    const predicted = objectStream(nested, "/DecodeParms << /Predictor 12 /Columns 7 >>", (data) => zlibSync(pngUp(data, 7)));
    expect(await outcome(withPage(predicted))).toEqual(TOO_LARGE);
  });

  it("decodes LZWDecode: a 1 GB LZW stream (400 KB) is refused, an LZW page is read, by pdf.js too", async () => {
    expect(await outcome(withPage(streamObject("/Filter /LZWDecode", lzwZeros(GB))))).toEqual(TOO_LARGE);
    const page = bytesOf("BT /F1 12 Tf 72 760 Td (09:00 Breakfast at the hotel, then the tile museum) Tj ET");
    const lzwPage = withPage(streamObject("/Filter /LZWDecode", lzwEncode(page)));
    expect(await outcome(lzwPage)).toBe("read");
    expect((await readPdfText(lzwPage)).text).toContain("09:00 Breakfast at the hotel, then the tile museum");
  });

  it("decodes RunLengthDecode: 128 MB of runs (2 MB) are refused", async () => {
    expect(await outcome(withPage(streamObject("/Filter /RunLengthDecode", runLengthZeros(128 * MB))))).toEqual(TOO_LARGE);
  });

  it("decodes ASCII85 before FlateDecode: a wrapped bomb is refused, a wrapped page is read", async () => {
    expect(await outcome(withPage(streamObject("/Filter [/ASCII85Decode /FlateDecode]", ascii85(zerosZlib(GB)))))).toEqual(TOO_LARGE);
    const page = bytesOf("BT /F1 12 Tf 72 760 Td (10:30 Boat tour) Tj ET");
    const wrapped = withPage(streamObject("/Filter [/A85 /Fl]", ascii85(zlibSync(page))));
    expect(await outcome(wrapped)).toBe("read");
    expect((await readPdfText(wrapped)).text).toContain("10:30 Boat tour");
  });

  it("reads filter names however they are escaped: /Flate#44ecode is FlateDecode", async () => {
    expect(await outcome(withPage(streamObject("/Filter /Flate#44ecode", zerosZlib(GB))))).toEqual(TOO_LARGE);
  });

  it("leaves pictures be: a JPEG's stream is not decoded, whatever its bytes", async () => {
    const jpeg = new Uint8Array(4 * MB).fill(0xff);
    expect(await outcome(withPage(streamObject("/Type /XObject /Subtype /Image /Filter /DCTDecode", jpeg)))).toBe("read");
  });

  it(`refuses as unreadable ('${GENERATION_MESSAGES.pdfUnreadable}') what it cannot follow: filters by reference, BrotliDecode, a comment before 'stream'`, async () => {
    expect(await outcome(withPage(streamObject("/Filter 3 0 R", zerosZlib(MB))))).toEqual(UNREADABLE);
    expect(await outcome(withPage(streamObject("/Filter /BrotliDecode", new Uint8Array(64))))).toEqual(UNREADABLE);
    expect(await outcome(withPage({ dictionary: "<< /Filter /FlateDecode >> % a comment", data: zerosZlib(GB) }))).toEqual(UNREADABLE);
  });

  it(`refuses an encrypted PDF, whose streams cannot be seen, with '${GENERATION_MESSAGES.pdfEncrypted}', however /Encrypt is spelled`, async () => {
    expect(await outcome(encryptedPdf())).toEqual({ status: 400, message: GENERATION_MESSAGES.pdfEncrypted });
    const escaped = assemble(["<< /Type /Catalog >>", "<< /Filter /Standard >>"], "/Encr#79pt 2 0 R ");
    expect(await outcome(escaped)).toEqual({ status: 400, message: GENERATION_MESSAGES.pdfEncrypted });
  });

  it("reads a normal agenda, with the word 'stream' in its text and a '%' on the line", async () => {
    expect(await outcome(pdfWithLines([["Day 1", "09:00 Keynote (100% online, live", "stream) with Q&A"], ["Day 2"]]))).toBe("read");
  });

  it("returns to the event loop while it works: timers set meanwhile fire before a 4 GB bomb is refused", async () => {
    let ticks = 0;
    let refused = false;
    const tick = () => {
      ticks++;
      if (!refused) setTimeout(tick, 0);
    };
    setTimeout(tick, 0);
    expect(await outcome(pdfBomb(4 * GB))).toEqual(TOO_LARGE);
    refused = true;
    expect(ticks).toBeGreaterThan(10);
  });

  it("stops once its signal has aborted", async () => {
    const stopped = await refuseInflationBomb(pdfBomb(4 * GB), AbortSignal.abort()).catch((error: unknown) => error);
    expect(stopped).toBeInstanceOf(DOMException);
  });
});

describe("layeredZlib, the bombs' maker", () => {
  it("makes zlib data of the size asked, layer by layer", () => {
    expect(layeredZlib(10 * MB, 1).length).toBeLessThan(11_000);
    expect(layeredZlib(10 * MB, 2).length).toBeLessThan(200);
  });
});
