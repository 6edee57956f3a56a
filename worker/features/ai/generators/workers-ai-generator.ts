import { z } from "zod";
import { AppError } from "@worker/lib/errors";
import { DAY_MS } from "@worker/shared/time-zone";
import { GENERATION_MESSAGES, generatedItinerarySchema } from "../generator.schema";
import type { GeneratedDay, GenerationInput, ItineraryGenerator } from "./generator";

/** An instruction model that Cloudflare lists as supporting JSON mode (`response_format` with a JSON schema). */
export const WORKERS_AI_MODEL = "@cf/meta/llama-3.3-70b-instruct-fp8-fast";

/** The model's context window in tokens: what it is asked and what it answers share it. */
export const WORKERS_AI_CONTEXT_TOKENS = 24_000;

/** Room for a long itinerary's JSON; the model stops there whatever it was writing. */
export const MAX_OUTPUT_TOKENS = 8_000;

/**
 * The most of the organiser's text the model is given, in characters (English runs at about four a token): the
 * document's beginning and the prompt's, with the dates and instructions, leave MAX_OUTPUT_TOKENS of the window
 * for the answer. The PDF's own cap (PDF_TEXT_CAPS) is for the offline generator, which has no window.
 */
export const WORKERS_AI_TEXT_BUDGET = { document: 20_000, prompt: 4_000 } as const;

/** The one call of the `AI` binding the generator makes (the binding itself in production, a fake in tests). */
export interface TextGenerationBinding {
  run(
    model: typeof WORKERS_AI_MODEL,
    inputs: {
      messages: { role: string; content: string }[];
      response_format: { type: "json_schema"; json_schema: unknown };
      max_tokens: number;
      temperature: number;
    },
    options?: AiOptions,
  ): Promise<unknown>;
}

const SYSTEM_PROMPT = [
  "You plan itineraries for group experiences (trips, retreats, conferences).",
  "Answer with JSON only, matching the schema: { days: [...] }, at most one entry per day index.",
  "dayIndex counts the experience's days from 0. Times are 24-hour HH:mm on that day; an activity ends after it starts, on the same day.",
  "Give each activity a short name, an optional subtitle, a description of one or two sentences, and a location when one is known (empty text otherwise).",
  "When a document is attached, follow its agenda: keep its days, times, names and places, and do not invent activities it does not list.",
].join("\n");

const within = (text: string, budget: number) =>
  text.length > budget ? `${text.slice(0, budget)}\n[… cut here: the rest is too long to read]` : text;

/** 'German', 'Brazilian Portuguese', 'Simplified Chinese': a language as the model is told to write in it. */
const languageName = (language: GenerationInput["language"]) => new Intl.DisplayNames("en", { type: "language" }).of(language) ?? language;

function userPrompt({ prompt, startDate, days, documentText, timeZone, language }: GenerationInput): string {
  const first = Date.parse(`${startDate}T00:00:00Z`);
  const dates = Array.from({ length: days }, (_, i) => {
    const date = new Date(first + i * DAY_MS);
    return `dayIndex ${i}: ${date.toISOString().slice(0, 10)} (${date.toLocaleDateString("en-GB", { weekday: "long", timeZone: "UTC" })})`;
  });
  const parts = [
    `The experience takes place in the ${timeZone} time zone: every time, in the text and in your answer, is local time there.`,
    `Write every name, subtitle and description in ${languageName(language)} (${language}), translating the organiser's and the document's words where they are in another language; keep proper names (places, venues, people) as written.`,
    `The experience has ${days} day${days === 1 ? "" : "s"}:`,
    ...dates,
  ];
  if (prompt.trim()) parts.push("", "The organiser asks:", within(prompt.trim(), WORKERS_AI_TEXT_BUDGET.prompt));
  if (documentText)
    parts.push("", "The attached document's text:", "<document>", within(documentText, WORKERS_AI_TEXT_BUDGET.document), "</document>");
  return parts.join("\n");
}

/** Rejects with the signal's reason once it aborts; the binding's own `signal` option is a request, not a promise. */
function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** JSON mode answers the object in `response`, already parsed, or as text when the model wrote it as such. */
function answerOf(output: unknown): unknown {
  const response = output && typeof output === "object" && "response" in output ? output.response : output;
  if (typeof response !== "string") return response;
  try {
    return JSON.parse(response);
  } catch {
    return undefined;
  }
}

/**
 * Generates the itinerary with Workers AI in JSON mode. An answer that is not the schema's shape (or a model
 * that could not meet JSON mode) is asked for once more; a second failure is a 502 with
 * GENERATION_MESSAGES.failed. An abort of `signal` stops waiting at once and rejects with its reason.
 */
export function workersAiGenerator(ai: TextGenerationBinding): ItineraryGenerator {
  return {
    async generate(input, signal) {
      const schema = z.object({ days: generatedItinerarySchema(input.days) });
      const { $schema: _, ...jsonSchema } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
      const inputs = {
        messages: [
          { role: "system", content: SYSTEM_PROMPT },
          { role: "user", content: userPrompt(input) },
        ],
        response_format: { type: "json_schema" as const, json_schema: jsonSchema },
        max_tokens: MAX_OUTPUT_TOKENS,
        temperature: 0.2,
      };
      for (let attempt = 1; attempt <= 2; attempt++) {
        let output: unknown;
        try {
          output = await abortable(ai.run(WORKERS_AI_MODEL, inputs, { signal }), signal);
        } catch (error) {
          if (signal.aborted) throw signal.reason;
          console.error(`Workers AI generation failed (attempt ${attempt}):`, error);
          continue;
        }
        const parsed = schema.safeParse(answerOf(output));
        if (parsed.success) return parsed.data.days satisfies GeneratedDay[];
        console.error(`Workers AI answered an invalid itinerary (attempt ${attempt}):`, parsed.error.issues[0]);
      }
      throw new AppError(502, GENERATION_MESSAGES.failed);
    },
  };
}
