import { i18nFor } from "@worker/lib/i18n";
import type { DayRange } from "../agenda/day-headings";
import { agendaLines } from "../agenda/inline-times";
import { itineraryFromText, unnamedDay } from "../agenda/itinerary-text";
import { promptDay } from "../agenda/prompt-itinerary";
import { parseTimedLine } from "../agenda/timed-lines";
import { promptWithoutPrefill } from "../generator.schema";
import type { GeneratedDay, GenerationInput, ItineraryGenerator } from "./generator";

/** The prompt's words that state no time: what the days it leaves open are planned from ('Three days in Porto'). */
const untimedWords = (prompt: string) =>
  prompt
    .split("\n")
    .flatMap(agendaLines)
    .filter((line) => !parseTimedLine(line))
    .join(" ");

/**
 * The itinerary of every day of the range, without a network. The document is read as an agenda (see
 * itineraryFromText); without one, a prompt with times in it is, and each day it states times for gets exactly
 * those activities, while a day it leaves open gets the usual plan below, from its words that state no time.
 * When the text holds no timed line at all, each day gets the prompt's morning, lunch, afternoon and evening
 * plan, keeping the day names the text gave and what the document said about the day as its description. A day a
 * document's agenda leaves out stays empty: the document is the programme. What it writes itself (a day's name, the
 * plan's sentences) is in the experience's language.
 */
export function offlineItinerary(input: GenerationInput): GeneratedDay[] {
  const words = i18nFor(input.language);
  const range: DayRange = { startDate: input.startDate, days: Math.max(0, Math.floor(input.days)) };
  // The modal's prefilled sentences are the form speaking, not the organiser: they are no prompt to plan from.
  const prompt = promptWithoutPrefill(input.prompt);
  const source = input.documentText ?? prompt;
  const read = new Map(itineraryFromText(source, range, words).map((day) => [day.dayIndex, day]));
  const timed = [...read.values()].some((day) => day.activities.length > 0);
  const planFrom = timed ? untimedWords(prompt) : prompt || (input.documentText ?? "").slice(0, 2000);
  return Array.from({ length: range.days }, (_, dayIndex) => {
    const day = read.get(dayIndex);
    if (timed && (input.documentText !== null || (day?.activities.length ?? 0) > 0))
      return day ?? { dayIndex, name: unnamedDay(dayIndex, words), subtitle: "", description: "", activities: [] };
    const plan = promptDay(planFrom, dayIndex, words);
    // A document without times still names its days and says what it said about them; a prompt is an
    // instruction, not a day's description.
    const description = input.documentText === null ? "" : (day?.description ?? "");
    const named = day !== undefined && day.name !== unnamedDay(dayIndex, words);
    return named ? { ...plan, name: day.name, subtitle: day.subtitle, description } : { ...plan, description };
  });
}

export const offlineGenerator: ItineraryGenerator = {
  async generate(input, signal) {
    signal.throwIfAborted();
    return offlineItinerary(input);
  },
};
