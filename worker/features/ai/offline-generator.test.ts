import { describe, expect, it } from "vitest";
import { pdfWithLines, pdfWithPlacedText, type PlacedText } from "@worker/test/pdf";
import type { GenerationInput } from "./generator";
import { generatedItinerarySchema, promptPrefill } from "./generator.schema";
import { offlineGenerator } from "./offline-generator";
import { readPdfText } from "./pdf-text";

// 2026-03-11 is a Wednesday.
const input = (fields: Partial<GenerationInput>): GenerationInput => ({
  prompt: "",
  startDate: "2026-03-11",
  days: 3,
  documentText: null,
  timeZone: "UTC",
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
