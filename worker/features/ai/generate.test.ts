import { describe, expect, it } from "vitest";
import { GENERATION_MESSAGES } from "./generator.schema";
import { apiAs, apiWith, errorOf } from "@worker/test/client";
import { PNG } from "@worker/test/files";
import { makeUser } from "@worker/test/helpers";
import { expectItineraryInvariants } from "@worker/test/itinerary-invariants";
import { pdfWithLines } from "@worker/test/pdf";
import { DAY, dateOf, iso, todayUtc } from "@worker/test/time";
import { fakeAi, generatedDay } from "@worker/test/workers-ai";
import { storedCounts, storedItinerary } from "@worker/test/experiences";

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
