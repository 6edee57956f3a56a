import { describe, expect, it } from "vitest";
import { generateWithin } from "./generate-itinerary";
import { AppError } from "@worker/lib/errors";
import type { GenerationInput } from "./generator";
import { GENERATION_MESSAGES } from "./generator.schema";
import { fakeAi, generatedDay } from "@worker/test/workers-ai";
import {
  MAX_OUTPUT_TOKENS,
  WORKERS_AI_CONTEXT_TOKENS,
  WORKERS_AI_MODEL,
  WORKERS_AI_TEXT_BUDGET,
  workersAiGenerator,
} from "./workers-ai-generator";

const input: GenerationInput = {
  prompt: "Three days in Lisbon for a design team",
  startDate: "2030-03-12",
  days: 3,
  documentText: "12 March\n09:00 Breakfast at the hotel",
  timeZone: "Asia/Tokyo",
};
const never = new AbortController().signal;

async function failure(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return { status: (error as AppError).status, message: (error as AppError).message };
}

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
