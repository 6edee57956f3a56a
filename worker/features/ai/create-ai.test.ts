import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events } from "@worker/db/schema";
import { GENERATION_MESSAGES } from "./generator.schema";
import { errorOf } from "@worker/test/client";
import { PDF, PNG } from "@worker/test/files";
import { db, makeUser } from "@worker/test/helpers";
import { expectItineraryInvariants } from "@worker/test/itinerary-invariants";
import { emptyPdf, encryptedPdf, pdfWithLines } from "@worker/test/pdf";
import { DAY, dateOf, iso, todayUtc } from "@worker/test/time";
import { generatedDay } from "@worker/test/workers-ai";
import { createEvent as createEventRows } from "./create-experience.service";
import { createEvent, storedCounts, storedItinerary } from "@worker/test/experiences";

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
