import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events } from "@worker/db/schema";
import { ACTIVITY_MESSAGES } from "@worker/features/experiences/activities.schema";
import {
  ascii85Decoder,
  asciiHexDecoder,
  flateDecoder,
  lzwDecoder,
  predictorDecoder,
  runLengthDecoder,
  type Decoder,
} from "@worker/lib/pdf/pdf-decoders";
import { failure } from "@worker/test/app-error";
import { errorOf, apiAs, apiWith } from "@worker/test/client";
import { createEvent, storedCounts, storedItinerary } from "@worker/test/experiences";
import { PDF, PNG } from "@worker/test/files";
import { db, makeUser } from "@worker/test/helpers";
import { expectItineraryInvariants } from "@worker/test/itinerary-invariants";
import { emptyPdf, encryptedPdf, pdfWithLines } from "@worker/test/pdf";
import { Bits } from "@worker/test/pdf-bomb";
import { DAY, dateOf, iso, todayUtc } from "@worker/test/time";
import { generatedDay, fakeAi } from "@worker/test/workers-ai";
import { createEvent as createEventRows } from "./create-experience.service";
import { GENERATION_MESSAGES, generatedItinerarySchema } from "./generator.schema";
import { generateWithin } from "./generators/generate-itinerary";
import type { GenerationInput } from "./generators/generator";
import {
  MAX_OUTPUT_TOKENS,
  WORKERS_AI_CONTEXT_TOKENS,
  WORKERS_AI_MODEL,
  WORKERS_AI_TEXT_BUDGET,
  workersAiGenerator,
} from "./generators/workers-ai-generator";
import { ascii85, bytesOf, lzwEncode, pngUp } from "./pdf-inflation-cap.test-support";

// Issue 12: in AI mode (the default) the new experience's itinerary is generated from the prompt and the
// attached PDF; in tests there is no AI binding, so the offline generator reads them.

const start = todayUtc() + DAY;
const threeDays = { startIsoTime: iso(start), endIsoTime: iso(start + 3 * DAY), isAIMode: "true" } as const;
const pdf = (bytes: Uint8Array, name = "agenda.pdf") => new File([bytes], name, { type: "application/pdf" });

const AGENDA = pdfWithLines([
  ["Lisbon design retreat", "Day 1", "09:00 Breakfast at the hotel", "10:30 - 12:00 Museum visit, National Tile Museum", "Free evening"],
  ["Day 2", "2:30 pm – 4 pm Boat tour, Tagus river", "20:00 Dinner at Ramiro"],
  ["Day 3", "11:00 Checkout"],
]);

describe("POST /api/events in AI mode", () => {
  it("fills a 3-day experience from a PDF agenda: each activity on its day at its times, untimed lines kept, the text before its first day the experience's description", async () => {
    const owner = await makeUser();
    const response = await createEvent(owner.token, { ...threeDays, file: pdf(AGENDA) });
    expect(response.status).toBe(201);
    const { id } = await response.json();

    const days = await storedItinerary(id);
    expect(days.map((d) => d.date)).toEqual([dateOf(start), dateOf(start + DAY), dateOf(start + 2 * DAY)]);
    expect(days.map((d) => d.activities)).toEqual([
      ["09:00-10:00 Breakfast at the hotel", "10:30-12:00 Museum visit @ National Tile Museum"],
      ["14:30-16:00 Boat tour @ Tagus river", "20:00-21:00 Dinner at Ramiro @ Ramiro"],
      ["11:00-12:00 Checkout"],
    ]);
    expect(days[0]!.description).toBe("Free evening");
    const [event] = await db().select({ description: events.description }).from(events).where(eq(events.id, id));
    expect(event!.description).toBe("Lisbon design retreat");
    await expectItineraryInvariants(id);
  });

  it("fills the days a prompt states with exactly its activities, and the day it leaves open with suggestions", async () => {
    const owner = await makeUser();
    const prompt = "Day 1\n09:00 Welcome coffee\n13:00 Lunch by the river\nDay 2\n10:00 Walking tour of Alfama";
    const response = await createEvent(owner.token, { ...threeDays, prompt });
    expect(response.status).toBe(201);
    const days = await storedItinerary((await response.json()).id);
    expect(days).toHaveLength(3);
    expect(days.map((d) => d.activities).slice(0, 2)).toEqual([
      ["09:00-10:00 Welcome coffee", "13:00-14:00 Lunch by the river"],
      ["10:00-11:00 Walking tour of Alfama"],
    ]);
    expect(days[2]!.activities).toHaveLength(4);
  });

  it("generates from the PDF when the prompt is blank", async () => {
    const owner = await makeUser();
    const response = await createEvent(owner.token, { ...threeDays, prompt: "   ", file: pdf(AGENDA) });
    expect(response.status).toBe(201);
    expect((await storedItinerary((await response.json()).id)).flatMap((d) => d.activities)).toHaveLength(5);
  });

  it(`refuses a form with neither a prompt nor a PDF with '${GENERATION_MESSAGES.nothingToGenerateFrom}', creating nothing`, async () => {
    const owner = await makeUser();
    const before = await storedCounts();
    for (const fields of [{}, { prompt: "  " }, { file: new File([], "") }]) {
      const response = await createEvent(owner.token, { ...threeDays, ...fields });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe(GENERATION_MESSAGES.nothingToGenerateFrom);
    }
    expect(await storedCounts()).toEqual(before);
  });

  it("refuses, creating nothing, a PNG named .pdf, a text file, an empty, a corrupt and an encrypted PDF", async () => {
    const owner = await makeUser();
    const before = await storedCounts();
    const cases = [
      [pdf(PNG, "agenda.pdf"), GENERATION_MESSAGES.onlyPdf],
      [new File(["09:00 Breakfast"], "agenda.txt", { type: "text/plain" }), GENERATION_MESSAGES.onlyPdf],
      [pdf(emptyPdf()), GENERATION_MESSAGES.pdfEmpty],
      [pdf(PDF), GENERATION_MESSAGES.pdfUnreadable],
      [pdf(AGENDA.slice(0, 200)), GENERATION_MESSAGES.pdfUnreadable],
      [pdf(encryptedPdf()), GENERATION_MESSAGES.pdfEncrypted],
    ] as const;
    for (const [file, message] of cases) {
      const response = await createEvent(owner.token, { ...threeDays, prompt: "Three days in Lisbon", file });
      expect(response.status, message).toBe(400);
      expect(await errorOf(response)).toBe(message);
    }
    expect(await storedCounts()).toEqual(before);
    expect((await env.FILES.list()).objects).toEqual([]);
  });

  it("stores no attached PDF: it is only read", async () => {
    const owner = await makeUser();
    const response = await createEvent(owner.token, { ...threeDays, file: pdf(AGENDA) });
    expect(response.status).toBe(201);
    expect((await storedCounts()).files).toBe(0);
  });

  it("writes the experience, its days and every activity in one batch: a failure on the last row leaves nothing", async () => {
    const owner = await makeUser();
    const before = await storedCounts();
    const itinerary = [
      generatedDay(0),
      generatedDay(1),
      { ...generatedDay(2), activities: [{ ...generatedDay(2).activities[0]!, name: null as unknown as string }] },
    ];
    const input = {
      name: "Lisbon",
      privacy: "PUBLIC",
      rsvpType: "OPEN",
      startTime: new Date(start),
      endTime: new Date(start + 3 * DAY),
      startDate: new Date(start).toISOString().slice(0, 10),
      endDate: new Date(start + 3 * DAY).toISOString().slice(0, 10),
      timeZone: "UTC",
    } as const;
    await expect(createEventRows(env, db(), owner.id, input, null, { days: itinerary, description: "" })).rejects.toThrow();
    expect(await storedCounts()).toEqual(before);
  });
});

const input: GenerationInput = {
  prompt: "Three days in Lisbon for a design team",
  startDate: "2030-03-12",
  days: 3,
  documentText: "12 March\n09:00 Breakfast at the hotel",
  timeZone: "Asia/Tokyo",
  language: "en",
};
const never = new AbortController().signal;

describe("the Workers AI generator", () => {
  it("asks the JSON-mode model with the prompt, each day's date and the document, and answers the days it returns", async () => {
    const days = [generatedDay(0), generatedDay(2)];
    const ai = fakeAi({ response: { days } });
    expect(await workersAiGenerator(ai).generate(input, never)).toEqual(days);

    expect(ai.calls).toHaveLength(1);
    const { model, inputs } = ai.calls[0]!;
    expect(model).toBe(WORKERS_AI_MODEL);
    expect(inputs.response_format.type).toBe("json_schema");
    expect(inputs.response_format.json_schema).toMatchObject({ type: "object", required: ["days"] });
    const asked = inputs.messages.at(-1)!.content;
    for (const part of [
      "Three days in Lisbon for a design team",
      "The experience takes place in the Asia/Tokyo time zone: every time, in the text and in your answer, is local time there.",
      "dayIndex 0: 2030-03-12 (Tuesday)",
      "dayIndex 2: 2030-03-14 (Thursday)",
      "09:00 Breakfast at the hotel",
    ]) {
      expect(asked).toContain(part);
    }
  });

  it("names the experience's language to write in: Japanese for a Japanese experience", async () => {
    const ai = fakeAi({ response: { days: [] } });
    await workersAiGenerator(ai).generate({ ...input, language: "ja" }, never);
    expect(ai.calls[0]!.inputs.messages.at(-1)!.content).toContain("Write every name, subtitle and description in Japanese (ja)");
  });

  it(`gives the model at most ${WORKERS_AI_TEXT_BUDGET.document.toLocaleString("en")} characters of a 50,000-character document and ${WORKERS_AI_TEXT_BUDGET.prompt.toLocaleString("en")} of a long prompt, their beginnings`, async () => {
    const documentText = Array.from({ length: 1000 }, (_, i) =>
      `${String(i).padStart(4, "0")} ${"agenda ".repeat(6)}`.padEnd(49, "."),
    ).join("\n");
    expect(documentText.length).toBe(49_999);
    const prompt = `Start here. ${"Lots of wishes. ".repeat(600)}`;
    const ai = fakeAi({ response: { days: [] } });
    await workersAiGenerator(ai).generate({ ...input, prompt, documentText }, never);

    const asked = ai.calls[0]!.inputs.messages.at(-1)!.content;
    const document = /<document>\n([\s\S]*)\n<\/document>/.exec(asked)![1]!;
    expect(document.startsWith(documentText.slice(0, WORKERS_AI_TEXT_BUDGET.document))).toBe(true);
    expect(document).not.toContain(documentText.slice(WORKERS_AI_TEXT_BUDGET.document, WORKERS_AI_TEXT_BUDGET.document + 40));
    expect(document.length).toBeLessThan(WORKERS_AI_TEXT_BUDGET.document + 100);
    expect(asked).toContain(prompt.slice(0, WORKERS_AI_TEXT_BUDGET.prompt));
    expect(asked).not.toContain(prompt.slice(0, WORKERS_AI_TEXT_BUDGET.prompt + 20));
  });

  it("keeps what it asks and the answer's tokens within the model's context window, for a year-long experience with the longest texts", async () => {
    const ai = fakeAi({ response: { days: [] } });
    await workersAiGenerator(ai).generate({ ...input, days: 365, prompt: "p ".repeat(10_000), documentText: "d ".repeat(50_000) }, never);
    const { inputs } = ai.calls[0]!;
    const askedCharacters = inputs.messages.reduce((sum, message) => sum + message.content.length, 0);
    // Three characters a token is a pessimistic count for English text and dates.
    expect(Math.ceil(askedCharacters / 3) + inputs.max_tokens).toBeLessThanOrEqual(WORKERS_AI_CONTEXT_TOKENS);
    expect(inputs.max_tokens).toBe(MAX_OUTPUT_TOKENS);
  });

  it("reads an answer the model wrote as JSON text", async () => {
    const days = [generatedDay(1)];
    expect(await workersAiGenerator(fakeAi({ response: JSON.stringify({ days }) })).generate(input, never)).toEqual(days);
  });

  it("answers only the days the model filled: a partial itinerary is an itinerary", async () => {
    const days = [generatedDay(1)];
    expect(await workersAiGenerator(fakeAi({ response: { days } })).generate(input, never)).toEqual(days);
  });

  it("asks once more when the answer breaks the schema, and keeps the second answer", async () => {
    const valid = [generatedDay(0)];
    const ai = fakeAi({ response: { days: [{ ...generatedDay(0), dayIndex: 7 }] } }, { response: { days: valid } });
    expect(await workersAiGenerator(ai).generate(input, never)).toEqual(valid);
    expect(ai.calls).toHaveLength(2);
  });

  it("asks once more when the model could not meet JSON mode", async () => {
    const valid = [generatedDay(2)];
    const ai = fakeAi(() => Promise.reject(new Error("JSON Mode couldn't be met")), { response: { days: valid } });
    expect(await workersAiGenerator(ai).generate(input, never)).toEqual(valid);
    expect(ai.calls).toHaveLength(2);
  });

  it(`answers 502 '${GENERATION_MESSAGES.failed}' when both answers are invalid`, async () => {
    const badTime = { ...generatedDay(0), activities: [{ ...generatedDay(0).activities[0]!, start: "9am" }] };
    const ai = fakeAi({ response: "Here is your itinerary!" }, { response: { days: [badTime] } });
    expect(await failure(workersAiGenerator(ai).generate(input, never))).toEqual({ status: 502, message: GENERATION_MESSAGES.failed });
    expect(ai.calls).toHaveLength(2);
  });

  it(`is stopped by its time limit with 504 '${GENERATION_MESSAGES.tooSlow}', and the model's call is told to abort`, async () => {
    const ai = fakeAi(() => new Promise(() => {}));
    expect(await failure(generateWithin(workersAiGenerator(ai), input, 50))).toEqual({ status: 504, message: GENERATION_MESSAGES.tooSlow });
    expect(ai.calls).toHaveLength(1);
    expect(ai.calls[0]!.options?.signal?.aborted).toBe(true);
  });
});

/** Everything `decoder` makes of `input`, handed over `step` bytes at a time. */
function decoded(decoder: Decoder, input: Uint8Array, step = 3) {
  const out: number[] = [];
  for (let at = 0; at < input.length && !decoder.done; at += step)
    for (const piece of decoder.decode(input.subarray(at, at + step))) out.push(...piece);
  return Uint8Array.from(out);
}

const text = (bytes: Uint8Array) => String.fromCharCode(...bytes);

describe("the stream decoders, as pdf.js decodes", () => {
  it("LZWDecode: the PDF reference's example, 80 0B 60 50 22 0C 0C 85 01, is '-----A---B', and it stops at its end code", () => {
    const decoder = lzwDecoder(1);
    const out = decoded(decoder, Uint8Array.from([0x80, 0x0b, 0x60, 0x50, 0x22, 0x0c, 0x0c, 0x85, 0x01, 0x99, 0x99]));
    expect(text(out)).toBe("-----A---B");
    expect(decoder.done).toBe(true);
  });

  it("LZWDecode: reads back what a writer encodes, past the table's first clearing", () => {
    const agenda = bytesOf(Array.from({ length: 400 }, (_, i) => `${i}:00 Session ${i * 7} at the museum\n`).join(""));
    expect(text(decoded(lzwDecoder(1), lzwEncode(agenda), 4096))).toBe(text(agenda));
  });

  it("RunLengthDecode: literal runs, repeats, and 128 to end", () => {
    expect(text(decoded(runLengthDecoder(), Uint8Array.from([2, 0x61, 0x62, 0x63, 254, 0x78, 128, 0x7a])))).toBe("abcxxx");
  });

  it("ASCII85Decode: groups, 'z', a short last group, and '~' to end", () => {
    expect(text(decoded(ascii85Decoder(), bytesOf("9jqo^ z\nBl~>")))).toBe("Man \0\0\0\0i");
    expect(text(decoded(ascii85Decoder(), ascii85(bytesOf("Breakfast at nine"))))).toBe("Breakfast at nine");
  });

  it("ASCIIHexDecode: pairs of digits, anything else skipped, a lone last digit its high half", () => {
    expect(text(decoded(asciiHexDecoder(), bytesOf("48 65\n6c6C6f 4>")))).toBe("Hello@");
  });

  it("PNG predictors: each row undone against the one above", () => {
    const rows = bytesOf("stream rows of seven bytes each!!");
    const params = { predictor: 12, colors: 1, bitsPerComponent: 8, columns: 7 };
    expect(text(decoded(predictorDecoder(params), pngUp(rows, 7)).subarray(0, rows.length))).toBe(text(rows));
  });

  it("FlateDecode: a copy from before the output's start is zeros, as pdf.js reads it, and the decoder stops at the final block", () => {
    // One fixed-Huffman block: length 258 (code 285) at distance 1 with nothing written yet, then the end of the block.
    const block = new Uint8Array(4);
    new Bits(block).number(1, 1).number(1, 2).code("11000101").code("00000").code("0000000");
    const decoder = flateDecoder();
    const out = decoded(decoder, Uint8Array.from([0x78, 0x9c, ...block, 0xde, 0xad]), 64);
    expect(out).toEqual(new Uint8Array(258));
    expect(decoder.done).toBe(true);
  });

  it("FlateDecode: a header pdf.js refuses (a preset dictionary) decodes to nothing", () => {
    const decoder = flateDecoder();
    expect(decoded(decoder, Uint8Array.from([0x78, 0xbb, 0x01, 0x02]))).toEqual(new Uint8Array(0));
    expect(decoder.done).toBe(true);
  });
});

const activity = { name: "Walk", subtitle: "", description: "Old town", location: "Alfama", start: "09:00", end: "10:00" };
const day = { dayIndex: 0, name: "Day 1", subtitle: "", description: "", activities: [activity] };
const firstError = (value: unknown, days = 3) => generatedItinerarySchema(days).safeParse(value).error?.issues[0]?.message;

describe("generatedItinerarySchema: what a generator may answer", () => {
  it("accepts days within the experience with activities within the activity routes' caps", () => {
    expect(generatedItinerarySchema(3).safeParse([day, { ...day, dayIndex: 2 }]).success).toBe(true);
  });

  it("refuses a day outside the experience, and a day answered twice", () => {
    expect(firstError([{ ...day, dayIndex: 3 }])).toBe(GENERATION_MESSAGES.dayIndex);
    expect(firstError([{ ...day, dayIndex: -1 }])).toBe(GENERATION_MESSAGES.dayIndex);
    expect(firstError([day, day])).toBe(GENERATION_MESSAGES.dayOnce);
  });

  it("refuses an activity ending before it starts, a time not in HH:mm, an empty name or description, a name over 200 characters", () => {
    const withActivity = (fields: object) => [{ ...day, activities: [{ ...activity, ...fields }] }];
    expect(firstError(withActivity({ end: "08:00" }))).toBe(ACTIVITY_MESSAGES.endAfterStart);
    expect(firstError(withActivity({ start: "9:00" }))).toBe(GENERATION_MESSAGES.startTime);
    expect(firstError(withActivity({ end: "24:00" }))).toBe(GENERATION_MESSAGES.endTime);
    expect(firstError(withActivity({ name: " " }))).toBe(ACTIVITY_MESSAGES.nameRequired);
    expect(firstError(withActivity({ description: "" }))).toBe(ACTIVITY_MESSAGES.descriptionRequired);
    expect(firstError(withActivity({ name: "x".repeat(201) }))).toBe("Name is too long");
  });
});

describe("GET /api/ai (which generator builds itineraries)", () => {
  it("answers 'offline' where the deployment has no AI binding, as locally and in tests", async () => {
    const owner = await makeUser();
    const response = await apiAs(owner.token).api.ai.$get();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ generator: "offline" });
  });

  it("answers 'workers-ai' where the AI binding is set", async () => {
    const owner = await makeUser();
    const response = await apiWith({ AI: fakeAi() as unknown as Ai }, owner.token).api.ai.$get();
    expect(await response.json()).toEqual({ generator: "workers-ai" });
  });

  it("answers 401 to a caller who is not signed in", async () => {
    expect((await apiAs().api.ai.$get()).status).toBe(401);
  });
});
