import { describe, expect, it } from "vitest";
import { apiAs, apiWith, errorOf } from "@worker/test/client";
import { storedCounts, storedItinerary } from "@worker/test/experiences";
import { PNG } from "@worker/test/files";
import { makeUser } from "@worker/test/helpers";
import { expectItineraryInvariants } from "@worker/test/itinerary-invariants";
import { pdfWithLines } from "@worker/test/pdf";
import { DAY, dateOf, iso, todayUtc } from "@worker/test/time";
import { fakeAi, generatedDay } from "@worker/test/workers-ai";
import { GENERATION_MESSAGES } from "../generator.schema";
import { activityFromText } from "./activity-text";
import { agendaLines } from "./inline-times";
import { agendaPreamble, itineraryFromText } from "./itinerary-text";

// Issue 12: POST /api/v2/cpai/experience/generate takes the New Experience form and creates the experience
// with its generated itinerary, as POST /api/events does in AI mode.

const start = todayUtc() + 2 * DAY;
const experienceForm = { name: "Lisbon Retreat", startIsoTime: iso(start), endIsoTime: iso(start + 3 * DAY) };
const agenda = () =>
  new File(
    [
      pdfWithLines([
        ["Day 1", "09:00 Breakfast at the hotel"],
        ["Day 2", "10:30 - 12:00 Museum visit, National Tile Museum"],
      ]),
    ],
    "agenda.pdf",
  );

describe("POST /api/v2/cpai/experience/generate", () => {
  it("answers 201 with the new experience, its days filled from the PDF", async () => {
    const owner = await makeUser();
    const response = await apiAs(owner.token).api.v2.cpai.experience.generate.$post({ form: { ...experienceForm, file: agenda() } });
    expect(response.status).toBe(201);
    const created = await response.json();
    expect(created).toEqual({
      id: expect.any(String),
      name: "Lisbon Retreat",
      startTime: iso(start),
      endTime: iso(start + 3 * DAY),
      timeZone: "UTC",
      privacy: "PUBLIC",
      rsvpType: "OPEN_INVITE",
    });
    expect((await storedItinerary(created.id)).map((d) => d.activities)).toEqual([
      ["09:00-10:00 Breakfast at the hotel"],
      ["10:30-12:00 Museum visit @ National Tile Museum"],
      [],
    ]);
  });

  it("always generates, even when the form says isAIMode=false", async () => {
    const owner = await makeUser();
    const response = await apiAs(owner.token).api.v2.cpai.experience.generate.$post({
      form: { ...experienceForm, isAIMode: "false", file: agenda() },
    });
    expect(response.status).toBe(201);
    expect((await storedItinerary((await response.json()).id)).flatMap((d) => d.activities)).toHaveLength(2);
  });

  it("refuses what POST /api/events refuses, with the same messages, creating nothing", async () => {
    const owner = await makeUser();
    const before = await storedCounts();
    const cases = [
      [{}, GENERATION_MESSAGES.nothingToGenerateFrom],
      [{ file: new File([PNG], "agenda.pdf", { type: "application/pdf" }) }, GENERATION_MESSAGES.onlyPdf],
      [{ prompt: "A week in Porto", startIsoTime: iso(todayUtc() - 2 * DAY) }, "Start date must be today or later"],
    ] as const;
    for (const [fields, message] of cases) {
      const response = await apiAs(owner.token).api.v2.cpai.experience.generate.$post({ form: { ...experienceForm, ...fields } });
      expect(response.status, message).toBe(400);
      expect(await errorOf(response)).toBe(message);
    }
    expect(await storedCounts()).toEqual(before);
  });

  it("answers 401 to an anonymous caller", async () => {
    const response = await apiAs().api.v2.cpai.experience.generate.$post({ form: { ...experienceForm, prompt: "A week in Porto" } });
    expect(response.status).toBe(401);
  });
});

describe("creating an experience with the AI binding configured (Workers AI, faked at the binding)", () => {
  it("stores the model's days and activities at their times on each day's date", async () => {
    const owner = await makeUser();
    const ai = fakeAi({ response: { days: [generatedDay(0), generatedDay(1), generatedDay(2)] } });
    const response = await apiWith({ AI: ai as unknown as Ai }, owner.token).api.events.$post({
      form: { ...experienceForm, prompt: "Three days in Lisbon" },
    });
    expect(response.status).toBe(201);
    const { id } = await response.json();
    const days = await storedItinerary(id);
    expect(days.map((d) => [d.date, d.name])).toEqual([0, 1, 2].map((i) => [dateOf(start + i * DAY), `Lisbon day ${i + 1}`]));
    expect(days[1]!.activities).toEqual(["08:00-09:00 Breakfast @ Hotel Avenida", "10:30-12:00 Museum visit @ National Tile Museum"]);
    expect(ai.calls[0]!.inputs.messages.at(-1)!.content).toContain("Three days in Lisbon");
    await expectItineraryInvariants(id);
  });

  it("gives the document's text to the model, and keeps the days it left out empty", async () => {
    const owner = await makeUser();
    const ai = fakeAi({ response: { days: [generatedDay(1)] } });
    const response = await apiWith({ AI: ai as unknown as Ai }, owner.token).api.v2.cpai.experience.generate.$post({
      form: { ...experienceForm, file: agenda() },
    });
    expect(response.status).toBe(201);
    expect(ai.calls[0]!.inputs.messages.at(-1)!.content).toContain("10:30 - 12:00 Museum visit, National Tile Museum");
    const days = await storedItinerary((await response.json()).id);
    expect(days.map((d) => [d.name, d.activities.length])).toEqual([
      ["Day 1", 0],
      ["Lisbon day 2", 2],
      ["Day 3", 0],
    ]);
  });

  it("asks the model once more after an invalid answer, and stores the valid one", async () => {
    const owner = await makeUser();
    const ai = fakeAi({ response: { days: [{ ...generatedDay(0), dayIndex: 3 }] } }, { response: { days: [generatedDay(2)] } });
    const response = await apiWith({ AI: ai as unknown as Ai }, owner.token).api.events.$post({
      form: { ...experienceForm, prompt: "Lisbon" },
    });
    expect(response.status).toBe(201);
    expect(ai.calls).toHaveLength(2);
    expect((await storedItinerary((await response.json()).id)).map((d) => d.name)).toEqual(["Day 1", "Day 2", "Lisbon day 3"]);
  });

  it(`answers 502 '${GENERATION_MESSAGES.failed}' after two invalid answers or a failing model, creating nothing`, async () => {
    const owner = await makeUser();
    const before = await storedCounts();
    const answers = [
      fakeAi({ response: "Sorry, I cannot help with that." }),
      fakeAi({ response: { days: [generatedDay(0), generatedDay(0)] } }),
      fakeAi(() => Promise.reject(new Error("Capacity temporarily exceeded"))),
    ];
    for (const ai of answers) {
      const response = await apiWith({ AI: ai as unknown as Ai }, owner.token).api.v2.cpai.experience.generate.$post({
        form: { ...experienceForm, prompt: "Lisbon" },
      });
      expect(response.status).toBe(502);
      expect(await errorOf(response)).toBe(GENERATION_MESSAGES.failed);
      expect(ai.calls).toHaveLength(2);
    }
    expect(await storedCounts()).toEqual(before);
  });

  it("does not call the model for a refused form", async () => {
    const owner = await makeUser();
    const ai = fakeAi({ response: { days: [] } });
    const response = await apiWith({ AI: ai as unknown as Ai }, owner.token).api.events.$post({
      form: { ...experienceForm, file: new File(["not a pdf"], "agenda.pdf") },
    });
    expect(await errorOf(response)).toBe(GENERATION_MESSAGES.onlyPdf);
    expect(ai.calls).toEqual([]);
  });
});

const range = { startDate: "2026-03-11", days: 3 };

describe("activityFromText: an agenda line's name, location and description", () => {
  it.each([
    ["Museum visit, National Tile Museum", "Museum visit", "National Tile Museum", "Museum visit, National Tile Museum"],
    ["Coffee @ Manteigaria", "Coffee", "Manteigaria", "Coffee @ Manteigaria"],
    ["Dinner at Cervejaria Ramiro", "Dinner at Cervejaria Ramiro", "Cervejaria Ramiro", "Dinner at Cervejaria Ramiro"],
    ["Boat tour, Tagus river – two hours at sunset", "Boat tour", "Tagus river", "two hours at sunset"],
    ["Free time", "Free time", "", "Free time"],
    ["farewell dinner at DOP", "Farewell dinner at DOP", "DOP", "farewell dinner at DOP"],
    ["Breakfast at the hotel", "Breakfast at the hotel", "", "Breakfast at the hotel"],
    ["Drinks at the Ritz", "Drinks at the Ritz", "the Ritz", "Drinks at the Ritz"],
    ["Lunch at noon", "Lunch at noon", "", "Lunch at noon"],
    ["Pricing, onboarding, AI features", "Pricing, onboarding, AI features", "", "Pricing, onboarding, AI features"],
    ["Keynote, pricing", "Keynote, pricing", "", "Keynote, pricing"],
    ["walking tour of Ribeira", "Walking tour of Ribeira", "", "walking tour of Ribeira"],
    ["iPhone workshop", "iPhone workshop", "", "iPhone workshop"],
    ["", "Activity", "", "Activity"],
  ])("reads '%s' as name '%s', location '%s', description '%s'", (text, name, location, description) => {
    expect(activityFromText(text, "Activity")).toEqual({ name, location, description });
  });

  it("cuts a name over 200 characters at a word and keeps the whole text as the description", () => {
    const long = "word ".repeat(60).trim();
    const activity = activityFromText(long, "Activity");
    expect(activity.name.length).toBeLessThanOrEqual(200);
    expect(activity.name.endsWith("…")).toBe(true);
    expect(activity.description).toBe(long);
  });
});

describe("itineraryFromText: an agenda's text as the days of the experience", () => {
  it("places each heading's lines on its day, sorted by start, and keeps the text before the first heading off the days", () => {
    const days = itineraryFromText(
      ["Lisbon city break", "Day 1: Arrival", "18:00 Check-in, Hotel Avenida", "15:00 Landing", "Day 3", "9am Coffee"].join("\n"),
      range,
    );
    expect(days.map((d) => [d.dayIndex, d.name, d.subtitle, d.description])).toEqual([
      [0, "Arrival", "Day 1", ""],
      [2, "Day 3", "", ""],
    ]);
    expect(days[0]!.activities.map((a) => [a.start, a.end, a.name, a.location])).toEqual([
      ["15:00", "16:00", "Landing", ""],
      ["18:00", "19:00", "Check-in", "Hotel Avenida"],
    ]);
  });

  it("reads an agenda's text before its first day heading as its preamble, the experience's description", () => {
    const text = ["Lisbon city break", "Three days of tiles and trams.", "08:30 Registration", "Day 1", "Free evening"].join("\n");
    expect(agendaPreamble(text)).toBe("Lisbon city break\nThree days of tiles and trams.");
    expect(itineraryFromText(text, range)).toMatchObject([{ description: "Free evening", activities: [{ name: "Registration" }] }]);
    expect(agendaPreamble("Lisbon city break\n09:00 Walk")).toBe("");
  });

  it("keeps every untimed line in its day's description", () => {
    const [day] = itineraryFromText(["Day 1", "Bring comfortable shoes.", "09:00 Walk", "Tickets are in the app."].join("\n"), range);
    expect(day!.description).toBe("Bring comfortable shoes.\nTickets are in the app.");
    expect(day!.activities).toHaveLength(1);
  });

  it("takes the next line as the text of a time alone on its line, as a table's cells read", () => {
    const [day] = itineraryFromText(["Day 1", "10:30 - 12:00", "Museum visit, National Tile Museum"].join("\n"), range);
    expect(day!.activities).toEqual([
      {
        name: "Museum visit",
        subtitle: "",
        description: "Museum visit, National Tile Museum",
        location: "National Tile Museum",
        start: "10:30",
        end: "12:00",
      },
    ]);
    expect(day!.description).toBe("");
  });

  it("leaves out the lines under a heading outside the range", () => {
    const days = itineraryFromText(["Day 1", "09:00 Walk", "Day 4", "09:00 Flight home", "Goodbye dinner notes"].join("\n"), range);
    expect(days.map((d) => d.dayIndex)).toEqual([0]);
    expect(JSON.stringify(days)).not.toContain("Flight home");
  });

  it("takes dated headings for other dates in order, as the first, second and third day", () => {
    const days = itineraryFromText(["12 June", "09:00 Walk", "13 June", "10:00 Tram", "14 June", "11:00 Fado"].join("\n"), range);
    expect(days.map((d) => [d.dayIndex, d.name, d.activities[0]!.name])).toEqual([
      [0, "12 June", "Walk"],
      [1, "13 June", "Tram"],
      [2, "14 June", "Fado"],
    ]);
  });

  it("reads 'Jour 2 — 14h30 Visite du musée' as day 2 at 14:30", () => {
    const [day] = itineraryFromText("Jour 2 — 14h30 Visite du musée", range);
    expect(day).toMatchObject({ dayIndex: 1, name: "Jour 2", activities: [{ name: "Visite du musée", start: "14:30", end: "15:30" }] });
  });

  it.each([
    ["Donnerstag, 12. März – Altstadt\n9 Uhr Stadtführung", 1, "Altstadt", "Donnerstag, 12. März", "09:00"],
    ["Jueves 12 de marzo\n10:30 Museo del Prado", 1, "Jueves 12 de marzo", "", "10:30"],
    ["Quinta-feira, 12 de março: Sintra\n15h Palácio da Pena", 1, "Sintra", "Quinta-feira, 12 de março", "15:00"],
    ["Giorno 3: Firenze\n10.30 Uffizi", 2, "Firenze", "Giorno 3", "10:30"],
    ["Tag 1\n14:00 - 16:00 Workshop", 0, "Tag 1", "", "14:00"],
  ])("places '%s' on day index %i named '%s' ('%s'), starting at %s", (text, dayIndex, name, subtitle, start) => {
    const [day] = itineraryFromText(text, range);
    expect(day).toMatchObject({ dayIndex, name, subtitle, activities: [{ start }] });
  });

  it("reads a time on the heading's own line as that day's activity", () => {
    const [day] = itineraryFromText("12/03 09:00 Breakfast", range);
    expect(day).toMatchObject({ dayIndex: 1, name: "12/03", activities: [{ name: "Breakfast", start: "09:00", end: "10:00" }] });
  });

  it("keeps activities over a day's cap of 50 as lines of its description", () => {
    const lines = [
      "Day 1",
      ...Array.from(
        { length: 52 },
        (_, i) => `${String(8 + Math.floor(i / 4)).padStart(2, "0")}:${String((i % 4) * 15).padStart(2, "0")} Talk ${i + 1}`,
      ),
    ];
    const [day] = itineraryFromText(lines.join("\n"), range);
    expect(day!.activities).toHaveLength(50);
    expect(day!.description).toBe("20:30 Talk 51\n20:45 Talk 52");
  });

  it("never throws on odd text", () => {
    const odd = [
      "",
      "\u0000\u0001",
      "(((",
      "99:99 - 88:88",
      "Day 999999999",
      "31/02",
      "- - -",
      "::",
      "am pm",
      "12:00 -",
      "🙂".repeat(5000),
    ].join("\n");
    expect(() => itineraryFromText(odd, range)).not.toThrow();
    expect(() => itineraryFromText(odd, { startDate: "2026-03-11", days: 0 })).not.toThrow();
  });
});

describe("agendaLines: a prompt's sentences as the agenda lines they state", () => {
  it("cuts 'Day 1: 10:00 walking tour of Ribeira, 15:00 port wine tasting. Day 2: …' into its days and timed activities", () => {
    expect(
      agendaLines(
        "Day 1: 10:00 walking tour of Ribeira, 15:00 port wine tasting. Day 2: 09:30 Douro valley cruise, 19:00 farewell dinner at DOP",
      ),
    ).toEqual([
      "Day 1",
      "10:00 walking tour of Ribeira",
      "15:00 port wine tasting",
      "Day 2",
      "09:30 Douro valley cruise",
      "19:00 farewell dinner at DOP",
    ]);
  });

  it.each([
    ["10am breakfast; 11:30 walk then 3:30 pm tasting", ["10am breakfast", "11:30 walk", "3:30 pm tasting"]],
    ["09:00 coffee and 10:00-12:00 workshop", ["09:00 coffee", "10:00-12:00 workshop"]],
    ["14h30 visite du musée puis 18h apéritif", ["14h30 visite du musée", "18h apéritif"]],
    ["9 Uhr Stadtführung und 14 Uhr Kaffee", ["9 Uhr Stadtführung", "14 Uhr Kaffee"]],
    ["10.30 desayuno y 12:00 paseo", ["10.30 desayuno", "12:00 paseo"]],
    ["from 10 to 12 workshop, then at 15:00 tasting", ["from 10 to 12 workshop", "at 15:00 tasting"]],
  ])("cuts '%s' before each time", (line, lines) => {
    expect(agendaLines(line)).toEqual(lines);
  });

  it("moves a time stated after the activity in front of it: 'walking tour at 10am, port wine tasting at 3pm'", () => {
    expect(agendaLines("Day 1: walking tour at 10am, port wine tasting (15:00 - 17:00)")).toEqual([
      "Day 1",
      "at 10am walking tour",
      "15:00 - 17:00 port wine tasting",
    ]);
  });

  it.each([
    ["Check-in from 3pm", "from 3pm Check-in"],
    ["Breakfast 7–10am", "7–10am Breakfast"],
    ["Walk (10.30)", "10.30 Walk"],
    ["Stadtführung um 9 Uhr", "um 9 Uhr Stadtführung"],
  ])("reads the time at the end of '%s' as its start: '%s'", (line, moved) => {
    expect(agendaLines(line)).toEqual([moved]);
  });

  it("keeps a day's words before its first time as its title: 'Day 2: Sintra, 10:00 Pena Palace'", () => {
    expect(agendaLines("Day 2: Sintra, 10:00 Pena Palace")).toEqual(["Day 2: Sintra", "10:00 Pena Palace"]);
  });

  it("keeps untimed words after a comma or 'and' with their activity, and a new sentence on its own line", () => {
    expect(agendaLines("10:30 - 12:00 Museum visit, National Tile Museum and tiles. Bring shoes.")).toEqual([
      "10:30 - 12:00 Museum visit, National Tile Museum and tiles",
      "Bring shoes",
    ]);
  });

  it.each([
    "Lisbon city break",
    "Day 3: Sintra, Pena Palace and Regaleira",
    "Wednesday 11 March – Arrival",
    "Day 1 – Tuesday 12 March",
    "Donnerstag, 12. März – Altstadt",
    "Pricing, onboarding, AI features",
    "We arrive. Monday morning we take the train",
    "10 - 12 people, 3 hours",
    "Price: 12.50",
    "Tickets 10.30 each",
  ])("leaves '%s' as it is", (line) => {
    expect(agendaLines(line)).toEqual([line]);
  });

  it("opens a day only at a heading followed by a separator or a time: '… dinner. 12 March is the gala' stays one line", () => {
    expect(agendaLines("19:00 dinner. 12 March is the gala")).toEqual(["19:00 dinner", "12 March is the gala"]);
    expect(agendaLines("19:00 dinner. 12 March: gala")).toEqual(["19:00 dinner", "12 March: gala"]);
  });
});
