import { zlibSync } from "fflate";
import { describe, expect, it } from "vitest";
import { AppError } from "@worker/lib/errors";
import { PDF_INFLATION_CAP } from "@worker/lib/pdf/inflation-cap";
import {
  pdfWithLines,
  pdfWithPlacedText,
  type PlacedText,
  assemble,
  encryptedPdf,
  pdfWithContents,
  streamObject,
  textContent,
  type PdfObject,
} from "@worker/test/pdf";
import { GB, layeredZlib, pdfBomb, zerosZlib } from "@worker/test/pdf-bomb";
import { readPdfText, refuseInflationBomb } from "../agenda/pdf-text";
import { generatedItinerarySchema, promptPrefill, GENERATION_MESSAGES } from "../generator.schema";
import { ascii85, bytesOf, lzwEncode, lzwZeros, pngUp, runLengthZeros } from "../pdf-inflation-cap.test-support";
import type { GenerationInput } from "./generator";
import { offlineGenerator } from "./offline-generator";

// 2026-03-11 is a Wednesday.
const input = (fields: Partial<GenerationInput>): GenerationInput => ({
  prompt: "",
  startDate: "2026-03-11",
  days: 3,
  documentText: null,
  timeZone: "UTC",
  language: "en",
  ...fields,
});
const generate = async (fields: Partial<GenerationInput>) => {
  const days = await offlineGenerator.generate(input(fields), new AbortController().signal);
  expect(generatedItinerarySchema(fields.days ?? 3).safeParse(days).success).toBe(true);
  return days;
};
const schedule = (days: Awaited<ReturnType<typeof generate>>) =>
  days.map((day) => day.activities.map((a) => `${a.start}-${a.end} ${a.name}`));

describe("the offline generator", () => {
  it("places a 3-day PDF agenda with 24 h and 12 h times and ranges on the right days and times", async () => {
    const pdf = pdfWithLines([
      ["Lisbon city break", "Wednesday 11 March – Arrival", "15:00 Check-in, Hotel Avenida Palace", "7:30 pm Dinner at Cervejaria Ramiro"],
      [
        "12 March",
        "09:00 Breakfast at the hotel",
        "10:30 - 12:00 Museum visit, National Tile Museum",
        "Bring comfortable shoes.",
        "2:30 pm – 4 pm Boat tour @ Tagus river",
      ],
      ["Day 3: Sintra", "9am Coffee", "11 am - 1:30 pm Pena Palace, Sintra – guided tour", "Train back in the evening."],
    ]);
    const { text } = await readPdfText(pdf);
    const days = await generate({ prompt: "A long weekend in Lisbon", documentText: text });

    expect(days.map((d) => [d.dayIndex, d.name, d.subtitle])).toEqual([
      [0, "Arrival", "Wednesday 11 March"],
      [1, "12 March", ""],
      [2, "Sintra", "Day 3"],
    ]);
    expect(schedule(days)).toEqual([
      ["15:00-16:00 Check-in", "19:30-20:30 Dinner at Cervejaria Ramiro"],
      ["09:00-10:00 Breakfast at the hotel", "10:30-12:00 Museum visit", "14:30-16:00 Boat tour"],
      ["09:00-10:00 Coffee", "11:00-13:30 Pena Palace"],
    ]);
    expect(days[1]!.activities[1]).toMatchObject({ location: "National Tile Museum" });
    expect(days[1]!.activities[2]).toMatchObject({ location: "Tagus river" });
    expect(days[2]!.activities[1]).toMatchObject({ location: "Sintra", description: "guided tour" });
    // 'Lisbon city break', before the first day, is the experience's description (agendaPreamble), no day's.
    expect(days.map((d) => d.description)).toEqual(["", "Bring comfortable shoes.", "Train back in the evening."]);
  });

  it("reads a PDF agenda set as a table (time | session | room): each row its time, its session the name, its room the location", async () => {
    const row = (y: number, ...cells: string[]): PlacedText[] => cells.map((text, i) => ({ x: [72, 170, 420][i]!, y, text }));
    const pdf = pdfWithPlacedText([
      [
        { x: 72, y: 760, text: "Day 1 – Wednesday 11 March" },
        ...row(730, "Time", "Session", "Room"),
        ...row(710, "09:00 - 10:00", "Opening keynote", "Main Hall"),
        ...row(690, "10:30 - 12:00", "Pricing, onboarding, AI features", "Room B"),
        { x: 72, y: 650, text: "Day 2 – Thursday 12 March" },
        ...row(630, "9am", "Workshops at the Ritz", "Studio 2"),
      ],
    ]);
    const days = await generate({ documentText: (await readPdfText(pdf)).text });
    expect(days.map((d) => [d.name, d.subtitle])).toEqual([
      ["Wednesday 11 March", "Day 1"],
      ["Thursday 12 March", "Day 2"],
      ["Day 3", ""],
    ]);
    expect(days.map((d) => d.activities.map((a) => [a.start, a.end, a.name, a.location]))).toEqual([
      [
        ["09:00", "10:00", "Opening keynote", "Main Hall"],
        ["10:30", "12:00", "Pricing, onboarding, AI features", "Room B"],
      ],
      [["09:00", "10:00", "Workshops at the Ritz", "Studio 2"]],
      [],
    ]);
    expect(days[0]!.description).toBe("");
  });

  it("reads a table's columns by its header: 'Start | End | Speaker | Session | Venue'", async () => {
    const columns = [72, 130, 190, 300, 460];
    const row = (y: number, ...cells: string[]): PlacedText[] => cells.map((text, i) => ({ x: columns[i]!, y, text }));
    const pdf = pdfWithPlacedText([
      [
        { x: 72, y: 760, text: "Jour 2" },
        ...row(730, "Start", "End", "Speaker", "Session", "Venue"),
        ...row(710, "14h30", "16h", "Ana Silva", "Visite du musée", "Musée d'Orsay"),
      ],
    ]);
    const [, day] = await generate({ documentText: (await readPdfText(pdf)).text });
    expect(day).toMatchObject({
      name: "Jour 2",
      activities: [{ start: "14:30", end: "16:00", name: "Visite du musée", location: "Musée d'Orsay", description: "Ana Silva" }],
    });
  });

  it("reads a PDF agenda set in two columns, drawn row by row across both, as its two days", async () => {
    const left = ["Jour 1", "10h Visite de la Ribeira", "15h30 Dégustation de porto"];
    const right = ["Jour 2", "09:30 Croisière sur le Douro", "19:00 Dîner d'adieu"];
    const pdf = pdfWithPlacedText([
      left.flatMap((text, i) => [
        { x: 60, y: 740 - i * 20, text },
        { x: 320, y: 740 - i * 20, text: right[i]! },
      ]),
    ]);
    const days = await generate({ documentText: (await readPdfText(pdf)).text });
    expect(schedule(days)).toEqual([
      ["10:00-11:00 Visite de la Ribeira", "15:30-16:30 Dégustation de porto"],
      ["09:30-10:30 Croisière sur le Douro", "19:00-20:00 Dîner d'adieu"],
      [],
    ]);
  });

  it("answers every day of the experience, the days the agenda leaves out empty", async () => {
    const days = await generate({ days: 4, documentText: "Day 2\n09:00 Walk" });
    expect(days.map((d) => [d.name, d.activities.length])).toEqual([
      ["Day 1", 0],
      ["Day 2", 1],
      ["Day 3", 0],
      ["Day 4", 0],
    ]);
  });

  it("plans a morning, lunch, afternoon and evening for each day from a prompt alone, the same each time", async () => {
    const prompt = "Three days in Lisbon: tiles, fado and seafood";
    const days = await generate({ prompt });
    expect(days).toEqual(await generate({ prompt }));
    expect(days).toHaveLength(3);
    for (const day of days) {
      expect(day.activities.map((a) => `${a.start}-${a.end}`)).toEqual(["09:00-11:30", "12:30-14:00", "15:00-17:30", "19:30-21:30"]);
      expect(day.activities.every((a) => a.location === "Lisbon")).toBe(true);
    }
    expect(days[0]!.name).toBe("Day 1: Tiles and fado");
    expect(days[0]!.activities.map((a) => a.name)).toEqual(["Tiles in Lisbon", "Lunch in Lisbon", "Fado in Lisbon", "Evening: seafood"]);
    expect(days[1]!.activities[0]!.name).not.toBe(days[0]!.activities[0]!.name);
  });

  it("reads the times of a prompt without a document as an agenda, the days it leaves open planned as usual", async () => {
    const days = await generate({ prompt: "Day 2\n10:00 - 11:00 Yoga on the beach" });
    expect(schedule(days)[1]).toEqual(["10:00-11:00 Yoga on the beach"]);
    expect(days[0]!.activities).toHaveLength(4);
    expect(days[2]!.activities).toHaveLength(4);
  });

  it("reads 'Day 1: 10:00 walking tour of Ribeira, 15:00 port wine tasting. Day 2: …' as exactly those days and activities", async () => {
    const prompt =
      "Three days in Porto. Day 1: 10:00 walking tour of Ribeira, 15:00 port wine tasting. Day 2: 09:30 Douro valley cruise, 19:00 farewell dinner at DOP";
    const days = await generate({ prompt });
    expect(schedule(days).slice(0, 2)).toEqual([
      ["10:00-11:00 Walking tour of Ribeira", "15:00-16:00 Port wine tasting"],
      ["09:30-10:30 Douro valley cruise", "19:00-20:00 Farewell dinner at DOP"],
    ]);
    expect(days[1]!.activities[1]).toMatchObject({ location: "DOP" });
    expect(days[0]!.activities.map((a) => a.location)).toEqual(["", ""]);
    // The day the prompt leaves open gets suggestions, from its words that state no time.
    expect(days[2]!.activities).toHaveLength(4);
    expect(days[2]!.activities[0]!.location).toBe("Porto");
    const names = days.flatMap((day) => day.activities.map((a) => a.name)).join(" | ");
    expect(names).not.toMatch(/Evening: port|Wine in Porto|Ribeira in Porto|Cruise in Porto/);
  });

  it.each([
    ["Day 1: walking tour at 10am, port wine tasting at 3:30 pm", ["10:00-11:00 Walking tour", "15:30-16:30 Port wine tasting"]],
    ["Jour 1 : 14h30 visite du musée puis 18h apéritif", ["14:30-15:30 Visite du musée", "18:00-19:00 Apéritif"]],
    [
      "Tag 1: 9 Uhr Stadtführung, 10.30 Kaffee und von 14 bis 16 Uhr Museum",
      ["09:00-10:00 Stadtführung", "10:30-11:30 Kaffee", "14:00-16:00 Museum"],
    ],
    ["Day 1: 10:00-12:00 workshop, from 13 to 14 lunch; 15h tour", ["10:00-12:00 Workshop", "13:00-14:00 Lunch", "15:00-16:00 Tour"]],
  ])("reads the prompt '%s' as its stated times", async (prompt, first) => {
    const days = await generate({ prompt });
    expect(schedule(days)[0]).toEqual(first);
  });

  it("plans from an untimed document's words, keeping its day names and notes", async () => {
    const days = await generate({ documentText: "Day 1: Old town\nWalk through Alfama and see the cathedral.\nDay 2: Coast" });
    expect(days.map((d) => d.name)).toEqual(["Old town", "Coast", expect.stringMatching(/^Day 3: /)]);
    expect(days[0]!.description).toBe("Walk through Alfama and see the cathedral.");
    expect(days.every((d) => d.activities.length === 4)).toBe(true);
  });

  it("plans the generic day from the New Experience modal's prefilled prompt alone, none of its words taken for topics", async () => {
    const days = await generate({ prompt: promptPrefill("2026-03-11", "2026-03-13") });
    expect(days).toEqual(await generate({ prompt: "" }));
    expect(days[0]!.name).toBe("Day 1: The old town and local food");
    const names = days.flatMap((day) => [day.name, ...day.activities.map((a) => a.name)]).join(" | ");
    expect(names).not.toMatch(/generate|itinerary|attached|content|experience|starts|ends|march|2026/i);
  });

  it("plans from what the organiser added to the prefilled prompt, not from the prefill's words", async () => {
    const days = await generate({ prompt: `${promptPrefill("2026-03-11", "2026-03-13")} Three days in Porto: port wine and azulejos` });
    expect(days[0]!.name).toBe("Day 1: Port and wine");
    expect(days[0]!.activities[0]).toMatchObject({ name: "Port in Porto", location: "Porto" });
  });

  it("does not take a prompt's 'starts', 'ends', 'attached' or 'content' for topics", async () => {
    const days = await generate({ prompt: "Our retreat starts with content from the attached pdf and ends by the sea: surfing" });
    expect(days[0]!.activities.map((a) => a.name)).toEqual(["Retreat", "Lunch", "Sea", "Evening: surfing"]);
  });

  it("plans from generic topics when the prompt names none", async () => {
    const days = await generate({ prompt: "a trip" });
    expect(days[0]!.activities).toHaveLength(4);
    expect(days[0]!.activities[0]!.name).toBe("The old town");
  });

  it("stops when its signal is aborted", async () => {
    const controller = new AbortController();
    controller.abort(new Error("stopped"));
    await expect(offlineGenerator.generate(input({ prompt: "Lisbon" }), controller.signal)).rejects.toThrow("stopped");
  });
});

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
