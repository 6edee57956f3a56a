import { describe, expect, it } from "vitest";
import type { GeneratedDay, GenerationInput, ItineraryGenerator } from "./generator";
import { GENERATION_MESSAGES } from "./generator.schema";
import { offlineGenerator } from "./offline-generator";
import { AppError } from "@worker/lib/errors";
import type { CreateEventInput } from "@worker/features/events/events.schema";
import { pdfWithLines } from "@worker/test/pdf";
import { fakeAi, generatedDay } from "@worker/test/workers-ai";
import { generateItinerary, generateWithin } from "./generate-itinerary";

const input: GenerationInput = { prompt: "Three days in Lisbon", startDate: "2030-03-12", days: 3, documentText: null, timeZone: "UTC" };
const answering = (days: unknown): ItineraryGenerator => ({ generate: async () => days as GeneratedDay[] });

async function failure(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return { status: (error as AppError).status, message: (error as AppError).message };
}

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
    const form: CreateEventInput = {
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
