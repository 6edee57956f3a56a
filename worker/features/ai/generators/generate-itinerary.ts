import type { Bindings } from "@worker/env";
import type { CreateExperienceInput } from "@worker/features/experiences/experiences.schema";
import { AppError, badRequest } from "@worker/lib/errors";
import { readUpload } from "@worker/lib/files";
import { SOURCE_LOCALE } from "@worker/shared/locales";
import { daysBetween } from "@worker/shared/time-zone";
import { clip } from "../agenda/activity-text";
import { agendaPreamble } from "../agenda/itinerary-text";
import { readPdfText } from "../agenda/pdf-text";
import { GENERATED_TEXT_MAX, GENERATION_MESSAGES, generatedItinerarySchema } from "../generator.schema";
import { chooseGenerator } from "./choose-generator";
import type { GeneratedDay, GenerationInput, ItineraryGenerator } from "./generator";

/**
 * How long a generation may take before it is stopped, the PDF's reading included: a person is waiting on the New
 * Experience modal, whose request gives up after 30 s without progress (spec 2 §9's timeout), so the server stops
 * first and says why.
 */
export const GENERATION_TIME_LIMIT_MS = 25_000;

const PDF_ONLY = ["application/pdf"];

/**
 * What the generator is given for a new experience in AI mode: the prompt, the dates and the attached PDF's
 * (capped) text. Refuses with 400, before anything is generated or written, a form with neither a prompt nor
 * a file, a file that is not a PDF by its bytes, and a PDF that cannot be read.
 */
async function generationInput(
  input: Pick<CreateExperienceInput, "prompt" | "file" | "startDate" | "endDate" | "timeZone" | "language">,
  signal: AbortSignal,
): Promise<GenerationInput> {
  const prompt = input.prompt?.trim() ?? "";
  if (!prompt && !input.file) throw badRequest(GENERATION_MESSAGES.nothingToGenerateFrom);
  const documentText = input.file
    ? (await readPdfText((await readUpload(input.file, PDF_ONLY, GENERATION_MESSAGES.onlyPdf)).bytes, signal)).text
    : null;
  return {
    prompt,
    startDate: input.startDate,
    days: daysBetween(input.startDate, input.endDate),
    documentText,
    timeZone: input.timeZone,
    language: input.language ?? SOURCE_LOCALE,
  };
}

/**
 * A generator's answer, checked against the itinerary's schema before anything is written, whatever generator gave
 * it: one that breaks it is a 502 with GENERATION_MESSAGES.failed.
 */
function checkedItinerary(answer: unknown, days: number): GeneratedDay[] {
  const parsed = generatedItinerarySchema(days).safeParse(answer);
  if (parsed.success) return parsed.data;
  console.error("A generator answered an invalid itinerary:", parsed.error.issues[0]);
  throw new AppError(502, GENERATION_MESSAGES.failed);
}

/** `work`, stopped by `signal` with a 504 and GENERATION_MESSAGES.tooSlow, whether or not the work heeds the signal. */
async function beforeDeadline<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
  let stopped: () => void = () => {};
  const timedOut = new Promise<never>((_, reject) => {
    const onAbort = () => reject(new AppError(504, GENERATION_MESSAGES.tooSlow));
    signal.addEventListener("abort", onAbort, { once: true });
    stopped = () => signal.removeEventListener("abort", onAbort);
  });
  try {
    // Raced as well as passed on: work that ignores the signal is still not waited for.
    return await Promise.race([work(), timedOut]);
  } catch (error) {
    if (signal.aborted) throw new AppError(504, GENERATION_MESSAGES.tooSlow);
    throw error;
  } finally {
    stopped();
  }
}

/** Runs a generator, stopping it after `limitMs` with a 504; its answer is checked (checkedItinerary). */
export async function generateWithin(
  generator: ItineraryGenerator,
  input: GenerationInput,
  limitMs = GENERATION_TIME_LIMIT_MS,
): Promise<GeneratedDay[]> {
  const signal = AbortSignal.timeout(limitMs);
  return checkedItinerary(await beforeDeadline(signal, () => generator.generate(input, signal)), input.days);
}

/** A new AI-mode experience's days, and its description: what its PDF's agenda says before the first day heading. */
export interface GeneratedExperience {
  days: GeneratedDay[];
  description: string;
}

/**
 * The itinerary of a new AI-mode experience, from the generator its environment configures. Reading the PDF and
 * generating share one deadline of `limitMs`: a PDF slow to read leaves the generator less time, never more.
 */
export async function generateItinerary(
  env: Pick<Bindings, "AI">,
  input: CreateExperienceInput,
  limitMs = GENERATION_TIME_LIMIT_MS,
): Promise<GeneratedExperience> {
  const signal = AbortSignal.timeout(limitMs);
  return beforeDeadline(signal, async () => {
    const generation = await generationInput(input, signal);
    const days = checkedItinerary(await chooseGenerator(env).generate(generation, signal), generation.days);
    const preamble = generation.documentText === null ? "" : agendaPreamble(generation.documentText);
    return { days, description: clip(preamble, GENERATED_TEXT_MAX.experienceDescription) };
  });
}
