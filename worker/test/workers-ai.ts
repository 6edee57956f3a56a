import type { GeneratedDay } from "@worker/features/ai/generators/generator";
import type { TextGenerationBinding } from "@worker/features/ai/generators/workers-ai-generator";

type Call = { model: string; inputs: Parameters<TextGenerationBinding["run"]>[1]; options?: AiOptions };
/** An answer of the fake binding: the model's output, or a function whose promise is the call's result (a failure, a wait). */
type Answer = unknown;

/**
 * The `AI` binding faked at its boundary: each call to `run()` answers the next of `answers` (the last one
 * again once they run out), and is recorded with its model, inputs and options.
 */
export function fakeAi(...answers: Answer[]) {
  const calls: Call[] = [];
  const binding = {
    calls,
    run: async (model: string, inputs: Call["inputs"], options?: AiOptions) => {
      calls.push({ model, inputs, options });
      const answer = answers[Math.min(calls.length, answers.length) - 1];
      return typeof answer === "function" ? (answer as () => Promise<unknown>)() : answer;
    },
  };
  return binding satisfies TextGenerationBinding;
}

/** A valid generated day with two activities in the morning. */
export const generatedDay = (dayIndex: number): GeneratedDay => ({
  dayIndex,
  name: `Lisbon day ${dayIndex + 1}`,
  subtitle: "Tiles and trams",
  description: "A slow start, then the old town.",
  activities: [
    { name: "Breakfast", subtitle: "", description: "At the hotel.", location: "Hotel Avenida", start: "08:00", end: "09:00" },
    {
      name: "Museum visit",
      subtitle: "Guided",
      description: "The tile collection.",
      location: "National Tile Museum",
      start: "10:30",
      end: "12:00",
    },
  ],
});
