import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events, files, programs } from "@worker/db/schema";
import { AppError } from "@worker/lib/errors";
import { apiAs, errorOf } from "@worker/test/client";
import { createEvent, experienceForm } from "@worker/test/experiences";
import { PNG, form, PDF } from "@worker/test/files";
import { call, db, makeUser } from "@worker/test/helpers";
import { emptyPdf, encryptedPdf, pdfWithLines, pdfWithPlacedText } from "@worker/test/pdf";
import { DAY, HOUR, iso, todayUtc } from "@worker/test/time";
import { GENERATION_MESSAGES } from "../generator.schema";
import { dayIndexOf, parseDayHeading } from "./day-headings";
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

describe("POST /api/events (create experience)", () => {
  it("creates the experience with the defaults and one day per date", async () => {
    const owner = await makeUser();
    const response = await apiAs(owner.token).api.events.$post({
      form: { name: "  Lisbon Retreat ", startIsoTime: iso(todayUtc() + DAY), endIsoTime: iso(todayUtc() + 4 * DAY), isAIMode: "false" },
    });
    expect(response.status).toBe(201);
    const created = await response.json();
    expect(created).toEqual({
      id: expect.any(String),
      name: "Lisbon Retreat",
      startTime: iso(todayUtc() + DAY),
      endTime: iso(todayUtc() + 4 * DAY),
      timeZone: "UTC",
      privacy: "PUBLIC",
      rsvpType: "OPEN_INVITE",
    });
    const days = await db().select().from(programs).where(eq(programs.eventId, created.id)).orderBy(programs.dayIndex);
    expect(days.map((d) => [d.dayIndex, d.name, d.date])).toEqual([
      [0, "Day 1", iso(todayUtc() + DAY).slice(0, 10)],
      [1, "Day 2", iso(todayUtc() + 2 * DAY).slice(0, 10)],
      [2, "Day 3", iso(todayUtc() + 3 * DAY).slice(0, 10)],
    ]);
    const [event] = await db().select().from(events).where(eq(events.id, created.id));
    expect(event).toMatchObject({ ownerId: owner.id, image: null });
  });

  it("accepts today and keeps the given privacy and rsvpType", async () => {
    const owner = await makeUser();
    const response = await createEvent(owner.token, {
      startIsoTime: iso(todayUtc()),
      endIsoTime: iso(todayUtc() + DAY),
      privacy: "PRIVATE",
      rsvpType: "INVITE_ONLY",
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ privacy: "PRIVATE", rsvpType: "INVITE_ONLY" });
  });

  it("normalises the start to its UTC midnight and rounds the end up to the next midnight", async () => {
    const owner = await makeUser();
    const start = todayUtc() + 2 * DAY;
    const sameDay = await createEvent(owner.token, { startIsoTime: iso(start + 15 * HOUR), endIsoTime: iso(start) });
    expect(await sameDay.json()).toMatchObject({ startTime: iso(start), endTime: iso(start + DAY) });
    const midDay = await createEvent(owner.token, { startIsoTime: iso(start), endIsoTime: iso(start + DAY + 9 * HOUR) });
    expect(await midDay.json()).toMatchObject({ startTime: iso(start), endTime: iso(start + 2 * DAY) });
  });

  it("creates a year-long experience's 365 days", async () => {
    const owner = await makeUser();
    const response = await createEvent(owner.token, { endIsoTime: iso(todayUtc() + 366 * DAY) });
    expect(response.status).toBe(201);
    const { id } = await response.json();
    const days = await db().select().from(programs).where(eq(programs.eventId, id)).orderBy(programs.dayIndex);
    expect(days).toHaveLength(365);
    expect(days.at(-1)).toMatchObject({ dayIndex: 364, name: "Day 365", date: iso(todayUtc() + 365 * DAY).slice(0, 10) });
  });

  it("stores a cover image under the new event", async () => {
    const owner = await makeUser();
    const response = await createEvent(owner.token, { file: new File([PNG], "cover.png", { type: "image/png" }) });
    expect(response.status).toBe(201);
    const { id } = await response.json();
    const [event] = await db().select().from(events).where(eq(events.id, id));
    const [file] = await db().select().from(files).where(eq(files.eventId, id));
    expect(event!.image).toEqual({ source: "UPLOAD", fileId: file!.id });
    expect((await env.FILES.list({ prefix: `events/${id}/` })).objects).toHaveLength(1);
  });

  it("is in AI mode unless told otherwise: without a prompt or a PDF there is nothing to generate from", async () => {
    const owner = await makeUser();
    const response = await apiAs(owner.token).api.events.$post({
      form: { name: "Lisbon", startIsoTime: iso(todayUtc() + DAY), endIsoTime: iso(todayUtc() + 2 * DAY) },
    });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(GENERATION_MESSAGES.nothingToGenerateFrom);
  });

  it("refuses a PDF or other non-image as the cover outside AI mode", async () => {
    const owner = await makeUser();
    for (const file of [new File([PDF], "cover.png", { type: "image/png" }), new File(["hello"], "notes.txt")]) {
      const response = await createEvent(owner.token, { isAIMode: "false", file });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe("Please upload an image file");
    }
  });

  it("refuses input that breaks the rules, with the spec's messages", async () => {
    const owner = await makeUser();
    // Values outside the route's types (an unknown enum value, a missing name) go as plain forms.
    const outsideTypes = (fields: Record<string, string>) =>
      call("/api/events", { method: "POST", token: owner.token, body: form({ ...experienceForm(), ...fields }) });
    const cases = [
      [await createEvent(owner.token, { name: "   " }), "Name is required"],
      [await createEvent(owner.token, { startIsoTime: iso(todayUtc() - 2 * DAY) }), "Start date must be today or later"],
      [
        await createEvent(owner.token, { startIsoTime: iso(todayUtc() + 3 * DAY), endIsoTime: iso(todayUtc() + DAY) }),
        "End date must be after or same as start date",
      ],
      [await createEvent(owner.token, { endIsoTime: iso(todayUtc() + 400 * DAY) }), "An experience can last at most 365 days"],
      [await createEvent(owner.token, { startIsoTime: "tomorrow" }), "Start date must be an ISO 8601 date-time"],
      [await outsideTypes({ privacy: "SECRET" }), "Privacy must be PUBLIC or PRIVATE"],
      [await outsideTypes({ rsvpType: "ANYONE" }), "RSVP type must be OPEN, OPEN_INVITE or INVITE_ONLY"],
    ] as const;
    for (const [response, message] of cases) {
      expect(response.status, message).toBe(400);
      expect(await errorOf(response)).toBe(message);
    }
    const noName = await call("/api/events", {
      method: "POST",
      token: owner.token,
      body: form({ startIsoTime: iso(todayUtc() + DAY), endIsoTime: iso(todayUtc() + 2 * DAY) }),
    });
    expect(await errorOf(noName)).toBe("Name is required");
  });

  it("answers 401 to an anonymous caller", async () => {
    const response = await createEvent("");
    expect(response.status).toBe(401);
  });
});

// 2026-03-11 is a Wednesday.
const range = { startDate: "2026-03-11", days: 5 };
const indexOf = (line: string, from = 0) => {
  const heading = parseDayHeading(line);
  expect(heading, line).not.toBeNull();
  return dayIndexOf(heading!, range, from);
};

describe("day headings: the lines that open a day, and the day of the experience they name", () => {
  it.each([
    ["Day 1", 0],
    ["DAY 3: Sintra", 2],
    ["## Day two – Belém", 1],
    ["12 March", 1],
    ["12th of March 2026", 1],
    ["March 13", 2],
    ["Mar 13th, 2026: Porto", 2],
    ["Friday 13 March – Cascais", 2],
    ["2026-03-14", 3],
    ["14/03", 3],
    ["14/03/2026", 3],
    ["03/15", 4],
    ["15.03.2026", 4],
    ["Wednesday", 0],
    ["Thursday: Alfama", 1],
    ["Sun", 4],
    ["Jour 2", 1],
    ["2e jour : Sintra", 1],
    ["Jeudi 12 mars", 1],
    ["vendredi 13 mars 2026 – Porto", 2],
    ["Le 13 mars", 2],
    ["Vendredi", 2],
    ["Tag 1", 0],
    ["1. Tag", 0],
    ["Donnerstag, 12. März", 1],
    ["12. März 2026", 1],
    ["Freitag", 2],
    ["Samstag", 3],
    ["Día 2", 1],
    ["Jueves 12 de marzo", 1],
    ["viernes, 13 de marzo de 2026", 2],
    ["Sábado", 3],
    ["Dia 2", 1],
    ["Quinta-feira, 12 de março", 1],
    ["2º dia", 1],
    ["Quinta-feira: Sintra", 1],
    ["Giorno 3", 2],
    ["Giovedì 12 marzo", 1],
    ["Domenica", 4],
  ])("'%s' opens day index %i", (line, index) => {
    expect(indexOf(line)).toBe(index);
  });

  it("keeps a heading's title apart from its label", () => {
    expect(parseDayHeading("Day 2: Sintra and Pena Palace")).toMatchObject({ label: "Day 2", title: "Sintra and Pena Palace" });
    expect(parseDayHeading("Friday 13 March – Cascais")).toMatchObject({ label: "Friday 13 March", title: "Cascais" });
    expect(parseDayHeading("12 March")).toMatchObject({ label: "12 March", title: "" });
  });

  it("names no day for a heading outside the range", () => {
    expect(indexOf("Day 6")).toBeNull();
    expect(indexOf("Day 0")).toBeNull();
    expect(indexOf("20 March")).toBeNull();
    expect(indexOf("2025-03-12")).toBeNull();
    expect(indexOf("Tuesday")).toBeNull();
  });

  it.each(["Monday", "Lundi", "Montag", "Lunes", "Segunda-feira", "Lunedì"])("reads '%s' as the Monday of the range", (line) => {
    expect(dayIndexOf(parseDayHeading(line)!, { startDate: "2026-03-11", days: 7 })).toBe(5);
  });

  it("keeps 'Donnerstag, 12. März – Anreise' apart as label 'Donnerstag, 12. März' and title 'Anreise'", () => {
    expect(parseDayHeading("Donnerstag, 12. März – Anreise")).toMatchObject({ label: "Donnerstag, 12. März", title: "Anreise" });
  });

  it("reads a date without a year in the next year when the range crosses new year", () => {
    expect(dayIndexOf(parseDayHeading("2 January")!, { startDate: "2026-12-30", days: 5 })).toBe(3);
  });

  it("takes a weekday from the day it is read on, so a second Monday is the next Monday", () => {
    const fortnight = { startDate: "2026-03-09", days: 14 };
    expect(dayIndexOf(parseDayHeading("Monday")!, fortnight, 0)).toBe(0);
    expect(dayIndexOf(parseDayHeading("Monday")!, fortnight, 1)).toBe(7);
  });

  it.each([
    "Monday morning we take the train",
    "Sunset cruise",
    "Marina walk",
    "May we suggest",
    "12.30 Lunch",
    "09:00 Breakfast",
    "Daytime tour",
    "The 12 March plan",
    "2 days in Lisbon",
    "3 Tage in Berlin",
    "1. Introduction",
    "Quinta da Regaleira visit",
    "Lundis musicaux au parc",
    "Marzo is the best month",
  ])("does not take '%s' for a heading", (line) => {
    expect(parseDayHeading(line)).toBeNull();
  });
});
