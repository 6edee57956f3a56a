import { wordsOf, type Lang } from "@worker/shared/words";
import { GENERATED_TEXT_MAX } from "../generator.schema";
import type { GeneratedActivity, GeneratedDay } from "../generators/generator";
import { clip } from "./activity-text";

// A plan from a prompt alone ('Three days in Lisbon: tiles, fado and seafood'): each day a morning, lunch,
// afternoon and evening, named after the prompt's place and topics, always the same for the same prompt, in the
// experience's language (the topics and the place are the prompt's own words).

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
/** What a day is planned around when the prompt names no topic. */
const FALLBACK_TOPICS = [
  /*i18n*/ "the old town",
  /*i18n*/ "local food",
  /*i18n*/ "a museum",
  /*i18n*/ "the viewpoints",
  /*i18n*/ "a market",
  /*i18n*/ "a walk by the water",
];
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
  { start: "09:00", end: "11:30" },
  { start: "12:30", end: "14:00" },
  { start: "15:00", end: "17:30" },
  { start: "19:30", end: "21:30" },
] as const;

/** A plan's words: each with the prompt's place ('… in Lisbon') and without one. */
const PLAN_WORDS = {
  dayOne: /*i18n*/ "Day {number}: {topic}",
  dayTwo: /*i18n*/ "Day {number}: {topic} and {other}",
  topicThere: /*i18n*/ "{topic} in {place}",
  morning: { there: /*i18n*/ "A morning for {topic} in {place}.", anywhere: /*i18n*/ "A morning for {topic}." },
  lunch: { there: /*i18n*/ "Lunch in {place}", anywhere: /*i18n*/ "Lunch" },
  lunchText: { there: /*i18n*/ "Lunch at a local favourite in {place}.", anywhere: /*i18n*/ "Lunch at a local favourite." },
  afternoon: { there: /*i18n*/ "An afternoon for {topic} in {place}.", anywhere: /*i18n*/ "An afternoon for {topic}." },
  evening: /*i18n*/ "Evening: {topic}",
  eveningText: { there: /*i18n*/ "Dinner and an evening of {topic} in {place}.", anywhere: /*i18n*/ "Dinner and an evening of {topic}." },
} as const;

/** The plan of one day of a prompt-only itinerary, in `lang`: the same prompt and day always give the same plan. */
export function promptDay(prompt: string, dayIndex: number, lang: Lang): Omit<GeneratedDay, "description"> {
  const words = wordsOf(lang);
  const place = placeOf(prompt);
  const found = topicsOf(prompt, place);
  const topics = found.length > 0 ? found : FALLBACK_TOPICS.map((topic) => words._(topic));
  // Each day leads with another topic: three new ones a day when there are enough, else the next one.
  const step = topics.length > 3 ? 3 : 1;
  const pick = (slot: number) => topics[(dayIndex * step + slot) % topics.length]!;
  const [morning, afternoon, evening] = [pick(0), pick(1), pick(2)];
  /** A message of the plan, the place's form of it when the prompt names one. */
  const say = (message: { there: string; anywhere: string }, topic = "") =>
    words._(place ? message.there : message.anywhere, { topic, place });
  /** A topic as an activity's name: 'Tiles in Lisbon', or 'Tiles'. */
  const named = (topic: string) => (place ? words._(PLAN_WORDS.topicThere, { topic: capitalized(topic), place }) : capitalized(topic));
  const activity = (slot: (typeof SLOTS)[number], name: string, description: string): GeneratedActivity => ({
    name: clip(name, GENERATED_TEXT_MAX.activityName),
    subtitle: "",
    description: clip(description, GENERATED_TEXT_MAX.activityDescription),
    location: clip(place, GENERATED_TEXT_MAX.location),
    start: slot.start,
    end: slot.end,
  });
  const [m, l, a, e] = SLOTS;
  const number = dayIndex + 1;
  const dayName =
    afternoon !== morning
      ? words._(PLAN_WORDS.dayTwo, { number, topic: capitalized(morning), other: afternoon })
      : words._(PLAN_WORDS.dayOne, { number, topic: capitalized(morning) });
  return {
    dayIndex,
    name: clip(dayName, GENERATED_TEXT_MAX.dayName),
    subtitle: clip(place, GENERATED_TEXT_MAX.daySubtitle),
    activities: [
      activity(m, named(morning), say(PLAN_WORDS.morning, morning)),
      activity(l, say(PLAN_WORDS.lunch), say(PLAN_WORDS.lunchText)),
      activity(a, named(afternoon), say(PLAN_WORDS.afternoon, afternoon)),
      activity(e, words._(PLAN_WORDS.evening, { topic: evening }), say(PLAN_WORDS.eveningText, evening)),
    ],
  };
}
