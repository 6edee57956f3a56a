import { env } from "cloudflare:workers";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activities, programs } from "@worker/db/schema";
import type { CreateExperienceInput } from "@worker/features/experiences/experiences.schema";
import { addDays, localDate, localDateTime } from "@worker/shared/time-zone";
import { failure } from "@worker/test/app-error";
import { errorOf } from "@worker/test/client";
import { createEvent, storedCounts, storedItinerary } from "@worker/test/experiences";
import { call, makeUser, db } from "@worker/test/helpers";
import { experience } from "@worker/test/itinerary";
import { expectItineraryInvariants } from "@worker/test/itinerary-invariants";
import { pdfWithLines } from "@worker/test/pdf";
import { GB, pdfBomb } from "@worker/test/pdf-bomb";
import { DAY, iso, todayUtc } from "@worker/test/time";
import { fakeAi, generatedDay } from "@worker/test/workers-ai";
import { nextClockChange } from "@worker/test/zoned";
import { parseTimedLine } from "./agenda/timed-lines";
import { GENERATION_MESSAGES } from "./generator.schema";
import { generateItinerary, generateWithin } from "./generators/generate-itinerary";
import type { GeneratedDay, GenerationInput, ItineraryGenerator } from "./generators/generator";
import { offlineGenerator } from "./generators/offline-generator";

// Issue "Safe to open to the public": a PDF whose streams inflate past the cap (a 1 MB deflate stream can hold 1 GB)
// is refused before pdf.js, which would hold all of it in the Worker's 128 MB, reads it.

const start = todayUtc() + DAY;
const aiForm = { startIsoTime: iso(start), endIsoTime: iso(start + 3 * DAY), isAIMode: "true" } as const;
const pdf = (bytes: Uint8Array) => new File([bytes], "agenda.pdf", { type: "application/pdf" });
const TOO_LARGE = GENERATION_MESSAGES.pdfContentTooLarge;

describe("POST /api/events in AI mode with a PDF bomb", () => {
  it(`refuses a PDF whose 1 GB stream would inflate past the cap with '${TOO_LARGE}' within 5 seconds, creating nothing`, async () => {
    const owner = await makeUser();
    const before = await storedCounts();
    const started = Date.now();
    const response = await createEvent(owner.token, { ...aiForm, file: pdf(pdfBomb(GB)) });
    const elapsed = Date.now() - started;
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(TOO_LARGE);
    expect(elapsed).toBeLessThan(5000);
    expect(await storedCounts()).toEqual(before);
    expect((await env.FILES.list()).objects).toEqual([]);
  });

  it(`refuses a 4 GB stream and one inflated through two FlateDecode layers with '${TOO_LARGE}', creating nothing`, async () => {
    const owner = await makeUser();
    const before = await storedCounts();
    for (const bomb of [pdfBomb(4 * GB), pdfBomb(GB, 2)]) {
      const response = await createEvent(owner.token, { ...aiForm, prompt: "Three days in Lisbon", file: pdf(bomb) });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe(TOO_LARGE);
    }
    expect(await storedCounts()).toEqual(before);
  });

  it("refuses two bombs sent at once, both", async () => {
    const [one, two] = await Promise.all([makeUser(), makeUser()]);
    const before = await storedCounts();
    const responses = await Promise.all([
      createEvent(one.token, { ...aiForm, file: pdf(pdfBomb(4 * GB)) }),
      createEvent(two.token, { ...aiForm, file: pdf(pdfBomb(GB)) }),
    ]);
    for (const response of responses) {
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe(TOO_LARGE);
    }
    expect(await storedCounts()).toEqual(before);
  });

  it("answers public itinerary reads while it refuses a 4 GB bomb: they do not wait for the refusal", async () => {
    const owner = await makeUser();
    const { event } = await experience(owner.id, 3, { privacy: "PUBLIC" });
    let refused = false;
    const refusal = createEvent(owner.token, { ...aiForm, file: pdf(pdfBomb(4 * GB)) }).finally(() => (refused = true));
    const answeredMeanwhile: number[] = [];
    for (let reads = 0; !refused && reads < 1000; reads++) {
      const response = await call(`/oapi/itinerary/${event.id}`);
      await response.text();
      if (!refused) answeredMeanwhile.push(response.status);
    }
    const response = await refusal;
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(TOO_LARGE);
    // A scan that kept the event loop to itself would let one read through at most, before it began.
    expect(answeredMeanwhile.length).toBeGreaterThanOrEqual(3);
    expect(new Set(answeredMeanwhile)).toEqual(new Set([200]));
  });

  it("still reads a normal agenda PDF into its days", async () => {
    const owner = await makeUser();
    const agenda = pdfWithLines([
      ["Day 1", "09:00 Breakfast at the hotel"],
      ["Day 2", "10:30 - 12:00 Museum visit"],
    ]);
    const response = await createEvent(owner.token, { ...aiForm, file: pdf(agenda) });
    expect(response.status).toBe(201);
    const days = await storedItinerary((await response.json()).id);
    expect(days.map((day) => day.activities)).toEqual([["09:00-10:00 Breakfast at the hotel"], ["10:30-12:00 Museum visit"], []]);
  });
});

const input: GenerationInput = {
  prompt: "Three days in Lisbon",
  startDate: "2030-03-12",
  days: 3,
  documentText: null,
  timeZone: "UTC",
  language: "en",
};
const answering = (days: unknown): ItineraryGenerator => ({ generate: async () => days as GeneratedDay[] });

describe("generateWithin: every generator's answer is checked before anything is written", () => {
  it("answers the days of a generator that keeps to the itinerary's schema", async () => {
    const days = [generatedDay(0), generatedDay(2)];
    expect(await generateWithin(answering(days), input)).toEqual(days);
  });

  it("answers the offline generator's days, checked like any other", async () => {
    const days = await generateWithin(offlineGenerator, input);
    expect(days.map((day) => day.dayIndex)).toEqual([0, 1, 2]);
  });

  it(`answers 502 '${GENERATION_MESSAGES.failed}' when a generator's activity ends before it starts`, async () => {
    const day = generatedDay(0);
    const backwards = { ...day, activities: [{ ...day.activities[0]!, start: "11:00", end: "10:00" }] };
    expect(await failure(generateWithin(answering([backwards]), input))).toEqual({ status: 502, message: GENERATION_MESSAGES.failed });
  });

  it(`answers 502 '${GENERATION_MESSAGES.failed}' when a generator answers a day outside the experience or a name over 200 characters`, async () => {
    expect(await failure(generateWithin(answering([generatedDay(3)]), input))).toEqual({
      status: 502,
      message: GENERATION_MESSAGES.failed,
    });
    const longName = { ...generatedDay(1), name: "x".repeat(201) };
    expect(await failure(generateWithin(answering([longName]), input))).toEqual({ status: 502, message: GENERATION_MESSAGES.failed });
  });
});

describe("generateItinerary: one deadline for reading the PDF and generating", () => {
  it(`stops with 504 '${GENERATION_MESSAGES.tooSlow}' when reading the PDF alone outlasts it, before the generator is asked`, async () => {
    const ai = fakeAi({ response: { days: [generatedDay(0)] } });
    const agenda = pdfWithLines(Array.from({ length: 10 }, (_, i) => [`Day ${i + 1}`, "09:00 Breakfast", "10:30 Museum visit"]));
    const form: CreateExperienceInput = {
      name: "Lisbon",
      privacy: "PUBLIC",
      rsvpType: "OPEN",
      isAIMode: true,
      file: new File([agenda], "agenda.pdf", { type: "application/pdf" }),
      startTime: new Date("2030-03-12T00:00:00Z"),
      endTime: new Date("2030-03-15T00:00:00Z"),
      startDate: "2030-03-12",
      endDate: "2030-03-15",
      timeZone: "UTC",
    };
    expect(await failure(generateItinerary({ AI: ai as unknown as Ai }, form, 1))).toEqual({
      status: 504,
      message: GENERATION_MESSAGES.tooSlow,
    });
    expect(ai.calls).toHaveLength(0);
    // The same form within the usual limit reaches the generator.
    expect(await generateItinerary({ AI: ai as unknown as Ai }, form)).toEqual({ days: [generatedDay(0)], description: "" });
  });
});

describe("parseTimedLine: the times an agenda line starts with", () => {
  it.each([
    ["09:00 Breakfast at the hotel", "09:00", "10:00", "Breakfast at the hotel"],
    ["10:30 - 12:00 Museum visit", "10:30", "12:00", "Museum visit"],
    ["10:30–12:00: Museum visit", "10:30", "12:00", "Museum visit"],
    ["2:30 pm – 4 pm Boat tour", "14:30", "16:00", "Boat tour"],
    ["9am Coffee", "09:00", "10:00", "Coffee"],
    ["9 a.m. Coffee", "09:00", "10:00", "Coffee"],
    ["12pm Lunch", "12:00", "13:00", "Lunch"],
    ["12am Night train", "00:00", "01:00", "Night train"],
    ["10 - 11:30 am Walk", "10:00", "11:30", "Walk"],
    ["11:30 - 1 pm Lunch", "11:30", "13:00", "Lunch"],
    ["2:30 pm - 4 Boat", "14:30", "16:00", "Boat"],
    ["9am to 5pm Conference", "09:00", "17:00", "Conference"],
    ["14h30 Visite", "14:30", "15:30", "Visite"],
    ["14.30 Tea", "14:30", "15:30", "Tea"],
    ["- 08:15 | Taxi to the airport", "08:15", "09:15", "Taxi to the airport"],
    ["• 18:00, Drinks", "18:00", "19:00", "Drinks"],
    ["10:30 - 12 Market", "10:30", "12:00", "Market"],
    ["07:00", "07:00", "08:00", ""],
    ["10am walking tour", "10:00", "11:00", "walking tour"],
    ["3:30 pm port wine tasting", "15:30", "16:30", "port wine tasting"],
    ["15h Visite guidée", "15:00", "16:00", "Visite guidée"],
    ["14h30 - 16h Atelier", "14:30", "16:00", "Atelier"],
    ["9 Uhr Stadtführung", "09:00", "10:00", "Stadtführung"],
    ["9.30 Uhr Frühstück", "09:30", "10:30", "Frühstück"],
    ["10-12 Uhr Workshop", "10:00", "12:00", "Workshop"],
    ["von 9 bis 11 Uhr Führung", "09:00", "11:00", "Führung"],
    ["10.30 Coffee", "10:30", "11:30", "Coffee"],
    ["10:00-12:00 Workshop", "10:00", "12:00", "Workshop"],
    ["from 10 to 12 Workshop", "10:00", "12:00", "Workshop"],
    ["de 10h à 12h Atelier", "10:00", "12:00", "Atelier"],
    ["de 10 a 12 Taller", "10:00", "12:00", "Taller"],
    ["dalle 10 alle 12 Laboratorio", "10:00", "12:00", "Laboratorio"],
    ["at 15:00 port wine tasting", "15:00", "16:00", "port wine tasting"],
    ["um 9 Uhr Abfahrt", "09:00", "10:00", "Abfahrt"],
  ])("reads '%s' as %s to %s, '%s'", (line, start, end, rest) => {
    expect(parseTimedLine(line)).toEqual({ start, end, rest });
  });

  it("never runs past midnight: a late start lasts until 23:59, a range past midnight ends at 23:59", () => {
    expect(parseTimedLine("23:30 Night walk")).toMatchObject({ start: "23:30", end: "23:59" });
    expect(parseTimedLine("22:00 - 02:00 Party")).toMatchObject({ start: "22:00", end: "23:59" });
    expect(parseTimedLine("23:59 Fireworks")).toMatchObject({ start: "23:58", end: "23:59" });
    expect(parseTimedLine("20:00 - 24:00 Gala")).toMatchObject({ start: "20:00", end: "23:59" });
  });

  it.each([
    "Breakfast at 9",
    "12 March",
    "12/03",
    "2026 conference",
    "1. Introduction",
    "10 - 12 people",
    "25:00 Impossible",
    "13pm Not a time",
    "09:75 Not a time",
    "3 amazing days",
    "2 hours of free time",
    "at 3 locations",
    "from 10 people",
    "",
  ])("finds no time at the start of '%s'", (line) => {
    expect(parseTimedLine(line)).toBeNull();
  });
});

// Issue 20: the times of a prompt or a PDF are read on the experience's clock: '09:00 Breakfast' in a Tokyo
// experience is 09:00 in Tokyo.

/** Each stored activity as "date HH:mm–HH:mm name (day N)" on `zone`'s clock. */
async function onClock(eventId: string, zone: string) {
  const [days, rows] = await db().batch([
    db().select().from(programs).where(eq(programs.eventId, eventId)).orderBy(asc(programs.dayIndex)),
    db().select().from(activities).where(eq(activities.eventId, eventId)).orderBy(asc(activities.startTime)),
  ]);
  return rows.map((a) => {
    const start = localDateTime(a.startTime.getTime(), zone);
    const day = days.findIndex((d) => d.id === a.programId) + 1;
    return `${start.date} ${start.time}–${localDateTime(a.endTime.getTime(), zone).time} ${a.name} (day ${day})`;
  });
}

describe("generated times in the experience's zone", () => {
  it("reads '09:00 Breakfast' in a Tokyo experience as 09:00 in Tokyo, each on its local day", async () => {
    const owner = await makeUser();
    const zone = "Asia/Tokyo";
    const first = localDate(Date.now() + 3 * DAY, zone);
    const prompt = "Day 1\n09:00 Breakfast at the hotel\nDay 2\n07:30 Early train to Kyoto";
    const response = await createEvent(owner.token, {
      startIsoTime: first,
      endIsoTime: addDays(first, 2),
      timeZone: zone,
      isAIMode: "true",
      prompt,
    });
    expect(response.status).toBe(201);
    const { id } = await response.json();
    expect(await onClock(id, zone)).toEqual([
      `${first} 09:00–10:00 Breakfast at the hotel (day 1)`,
      `${addDays(first, 1)} 07:30–08:30 Early train to Kyoto (day 2)`,
    ]);
    // 07:30 in Tokyo is the evening before in UTC, yet the train is on day 2.
    const [, train] = await db().select().from(activities).where(eq(activities.eventId, id)).orderBy(asc(activities.startTime));
    expect(train!.startTime.toISOString()).toBe(`${first}T22:30:00.000Z`);
    await expectItineraryInvariants(id);
  });

  it("reads a time the clocks skip as the clock shows it after the jump, so the itinerary still holds", async () => {
    const owner = await makeUser();
    const zone = "America/New_York";
    const change = nextClockChange(zone, "forward");
    const response = await createEvent(owner.token, {
      startIsoTime: change,
      endIsoTime: addDays(change, 1),
      timeZone: zone,
      isAIMode: "true",
      prompt: "Day 1\n02:30 Night bus\n09:00 Breakfast",
    });
    expect(response.status).toBe(201);
    const { id } = await response.json();
    expect(await onClock(id, zone)).toEqual([`${change} 03:30–04:30 Night bus (day 1)`, `${change} 09:00–10:00 Breakfast (day 1)`]);
    await expectItineraryInvariants(id);
  });
});
