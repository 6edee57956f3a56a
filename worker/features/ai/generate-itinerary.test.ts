import { describe, expect, it } from "vitest";
import type { GeneratedDay, GenerationInput, ItineraryGenerator } from "./generator";
import { GENERATION_MESSAGES } from "./generator.schema";
import { offlineGenerator } from "./offline-generator";
import { AppError } from "@worker/lib/errors";
import { generatedDay } from "@worker/test/workers-ai";
import { generateWithin } from "./generate-itinerary";

const input: GenerationInput = { prompt: "Three days in Lisbon", startDate: "2030-03-12", days: 3, documentText: null };
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
