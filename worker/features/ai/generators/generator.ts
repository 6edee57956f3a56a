import type { z } from "zod";
import type { Locale } from "@worker/shared/locales";
import type { generatedItinerarySchema } from "../generator.schema";

// What every generator is given and answers; the messages and the answer's schema are in generator.schema.ts.

export interface GenerationInput {
  prompt: string;
  /** YYYY-MM-DD, the experience's first day. */
  startDate: string;
  days: number;
  documentText: string | null;
  /** The experience's IANA zone: every HH:mm of the text and of the answer is a time on its clock. */
  timeZone: string;
  /** The experience's language: what the itinerary is written in. */
  language: Locale;
}

export interface GeneratedActivity {
  name: string;
  subtitle: string;
  description: string;
  location: string;
  /** HH:mm, on its day, on the experience's clock. */
  start: string;
  /** HH:mm, after start on the same day. */
  end: string;
}

export interface GeneratedDay {
  /** 0-based within the experience. */
  dayIndex: number;
  name: string;
  subtitle: string;
  description: string;
  activities: GeneratedActivity[];
}

export interface ItineraryGenerator {
  generate(input: GenerationInput, signal: AbortSignal): Promise<GeneratedDay[]>;
}

// The schema's output is exactly the interface the generators answer.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _schemaMatchesInterface: Same<z.output<ReturnType<typeof generatedItinerarySchema>>, GeneratedDay[]> = true;
void _schemaMatchesInterface;
