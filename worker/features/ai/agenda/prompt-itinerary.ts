import { GENERATED_TEXT_MAX } from "../generator.schema";
import type { GeneratedActivity, GeneratedDay } from "../generators/generator";
import { clip } from "./activity-text";

// A plan from a prompt alone ('Three days in Lisbon: tiles, fado and seafood'): each day a morning, lunch,
// afternoon and evening, named after the prompt's place and topics, always the same for the same prompt.

const STOPWORDS = new Set(
  (
    "a an and the of in on at to for from with without into onto by about around near over under this that these those " +
    "is are be was were will would can could should must may might do does did have has had i we you they he she it our " +
    "your their my me us them some any all each every more most less very really just also plus or but not no so " +
    "day days night nights week weeks weekend trip travel tour holiday holidays vacation itinerary plan plans planning " +
    "visit visiting experience experiences please make create want like love enjoy spend spending go going get see explore " +
    "generate generated generating attach attached attachment content contents document pdf file starts start ends end begins " +
    "one two three four five six seven eight nine ten first second third last next morning afternoon evening " +
    "people person group family friends team guests using use relaxed relaxing fun nice great best good"
  ).split(" "),
);
const FALLBACK_TOPICS = ["the old town", "local food", "a museum", "the viewpoints", "a market", "a walk by the water"];
const PLACE =
  /\b(?:in|to|around|across|through|visit(?:ing)?)\s+((?:\p{Lu}[\p{L}'’-]+)(?:\s+(?:\p{Lu}[\p{L}'’-]+|de|do|da|del|di|la|le))*)/u;

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The place a prompt names ('… in Lisbon', '… to New York'), if any. */
function placeOf(prompt: string) {
  const match = PLACE.exec(prompt);
  return match ? match[1]!.replace(/\s+(?:de|do|da|del|di|la|le)$/, "") : "";
}

/** The prompt's topics in the order it names them: its words that are not filler, the place, numbers or dates. */
function topicsOf(prompt: string, place: string) {
  const placeWords = new Set(place.toLowerCase().split(/\s+/));
  const words = prompt.toLowerCase().match(/\p{L}[\p{L}'’-]*/gu) ?? [];
  const topics = words.filter((word) => word.length >= 3 && !STOPWORDS.has(word) && !placeWords.has(word));
  return [...new Set(topics)].slice(0, 12);
}

const SLOTS = [
  { start: "09:00", end: "11:30", part: "Morning" },
  { start: "12:30", end: "14:00", part: "Lunch" },
  { start: "15:00", end: "17:30", part: "Afternoon" },
  { start: "19:30", end: "21:30", part: "Evening" },
] as const;

/** The plan of one day of a prompt-only itinerary: the same prompt and day always give the same plan. */
export function promptDay(prompt: string, dayIndex: number): Omit<GeneratedDay, "description"> {
  const place = placeOf(prompt);
  const found = topicsOf(prompt, place);
  const topics = found.length > 0 ? found : FALLBACK_TOPICS;
  // Each day leads with another topic: three new ones a day when there are enough, else the next one.
  const step = topics.length > 3 ? 3 : 1;
  const pick = (slot: number) => topics[(dayIndex * step + slot) % topics.length]!;
  const [morning, afternoon, evening] = [pick(0), pick(1), pick(2)];
  const where = place ? ` in ${place}` : "";
  const activity = (slot: (typeof SLOTS)[number], name: string, description: string): GeneratedActivity => ({
    name: clip(name, GENERATED_TEXT_MAX.activityName),
    subtitle: "",
    description: clip(description, GENERATED_TEXT_MAX.activityDescription),
    location: clip(place, GENERATED_TEXT_MAX.location),
    start: slot.start,
    end: slot.end,
  });
  const [m, l, a, e] = SLOTS;
  return {
    dayIndex,
    name: clip(
      `Day ${dayIndex + 1}: ${capitalized(morning)}${afternoon !== morning ? ` and ${afternoon}` : ""}`,
      GENERATED_TEXT_MAX.dayName,
    ),
    subtitle: clip(place, GENERATED_TEXT_MAX.daySubtitle),
    activities: [
      activity(m, `${capitalized(morning)}${where}`, `A morning for ${morning}${where}.`),
      activity(l, `Lunch${where}`, `Lunch at a local favourite${where}.`),
      activity(a, `${capitalized(afternoon)}${where}`, `An afternoon for ${afternoon}${where}.`),
      activity(e, `Evening: ${evening}`, `Dinner and an evening of ${evening}${where}.`),
    ],
  };
}
