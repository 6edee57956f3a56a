import { z } from "zod";
import { ACTIVITY_MESSAGES, locationText, updateActivitySchema } from "@worker/features/experiences/activities.schema";
import { updateDaySchema } from "@worker/features/experiences/days.schema";
import { descriptionText } from "@worker/shared/views.schema";

// Shared with the web (messages, the prompt's prefill) and with every generator: only zod and constants here.

export const GENERATION_MESSAGES = {
  nothingToGenerateFrom: /*i18n*/ "Describe your experience or attach a PDF to generate its itinerary",
  onlyPdf: /*i18n*/ "The AI reads PDF documents only. Please attach a PDF",
  pdfUnreadable: /*i18n*/ "This PDF could not be read. Please attach another PDF",
  pdfEncrypted: /*i18n*/ "This PDF is password-protected. Please attach a PDF without a password",
  pdfEmpty: /*i18n*/ "This PDF has no text to read (is it a scan?). Please attach a PDF with text",
  pdfTooLarge: /*i18n*/ "The PDF is larger than 20 MB",
  pdfContentTooLarge: /*i18n*/ "The PDF could not be read: its content is too large",
  failed: /*i18n*/ "The itinerary could not be generated. Please try again",
  tooSlow: /*i18n*/ "Generating the itinerary took too long. Please try again with a shorter prompt or document",
  startTime: /*i18n*/ "Start time must be a time of day (HH:mm)",
  endTime: /*i18n*/ "End time must be a time of day (HH:mm)",
  dayIndex: /*i18n*/ "Each generated day must be one of the experience's days",
  dayOnce: /*i18n*/ "Each day of the experience may be generated once",
  tooManyActivities: /*i18n*/ "A generated day holds at most 50 activities",
} as const;

export const MAX_GENERATED_ACTIVITIES_PER_DAY = 50;

/** Which generator builds this deployment's itineraries: Workers AI where the `AI` binding is set, else the offline one. */
export const aiGeneratorSchema = z.object({ generator: z.enum(["workers-ai", "offline"]) });
export type AiGenerator = z.infer<typeof aiGeneratorSchema>["generator"];

/** What the New Experience modal says of the offline generator: it reads the stated days and times, and fills the rest. */
export const OFFLINE_AI_NOTE =
  /*i18n*/ "Offline AI: builds the days from the days and times you write; anything you leave open gets suggestions.";

const longDate = (isoDate: string) =>
  new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );

/** The New Experience modal's prompt in AI mode until the organiser writes their own (first and last day, YYYY-MM-DD). */
export const promptPrefill = (startDate: string, endDate: string) =>
  `Generate itinerary from the attached content. The experience starts on ${longDate(startDate)} and it ends on ${longDate(endDate)}.`;

// The prefill's sentences, whatever its dates: they say what the form already says, nothing to plan from.
const PREFILL_SENTENCES = [
  /Generate itinerary from the attached content\.?/gi,
  /The experience starts on [^.\n]*? and it ends on [^.\n]*\.?/gi,
];

/** What the organiser wrote themselves: the prompt without the prefill's sentences. */
export const promptWithoutPrefill = (prompt: string) =>
  PREFILL_SENTENCES.reduce((rest, sentence) => rest.replace(sentence, " "), prompt)
    .replace(/[^\S\n]+/g, " ")
    .trim();

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeOfDay = (message: string) => z.string({ error: message }).regex(HH_MM, message);

const maxOf = (text: z.ZodString) => {
  if (text.maxLength === null) throw new Error("A generated text's schema must cap its length");
  return text.maxLength;
};

/** The longest text each field of a generated itinerary may hold: the activity and day routes' own caps. */
export const GENERATED_TEXT_MAX = {
  activityName: maxOf(updateActivitySchema.shape.name.unwrap()),
  activityDescription: maxOf(updateActivitySchema.shape.description.unwrap()),
  location: maxOf(locationText),
  dayName: maxOf(updateDaySchema.shape.name.unwrap()),
  daySubtitle: maxOf(updateDaySchema.shape.subtitle.unwrap()),
  dayDescription: maxOf(updateDaySchema.shape.description.unwrap()),
  experienceDescription: maxOf(descriptionText),
} as const;

const generatedActivitySchema = z
  .object({
    name: updateActivitySchema.shape.name.unwrap(),
    subtitle: updateActivitySchema.shape.subtitle.unwrap(),
    description: updateActivitySchema.shape.description.unwrap(),
    location: locationText,
    start: timeOfDay(GENERATION_MESSAGES.startTime),
    end: timeOfDay(GENERATION_MESSAGES.endTime),
  })
  // Zero-padded HH:mm compares correctly as text.
  .refine((activity) => activity.end > activity.start, { message: ACTIVITY_MESSAGES.endAfterStart, path: ["end"] });

const generatedDaySchema = (days: number) =>
  z.object({
    dayIndex: z
      .number({ error: GENERATION_MESSAGES.dayIndex })
      .int(GENERATION_MESSAGES.dayIndex)
      .min(0, GENERATION_MESSAGES.dayIndex)
      .max(days - 1, GENERATION_MESSAGES.dayIndex),
    name: updateDaySchema.shape.name.unwrap(),
    subtitle: updateDaySchema.shape.subtitle.unwrap(),
    description: updateDaySchema.shape.description.unwrap(),
    activities: z.array(generatedActivitySchema).max(MAX_GENERATED_ACTIVITIES_PER_DAY, GENERATION_MESSAGES.tooManyActivities),
  });

/** A generator's answer for an experience of `days` days: each day index in [0, days) at most once, with the activity routes' caps. */
export const generatedItinerarySchema = (days: number) =>
  z.array(generatedDaySchema(days)).superRefine((generated, ctx) => {
    const seen = new Set<number>();
    generated.forEach((day, index) => {
      if (seen.has(day.dayIndex)) ctx.addIssue({ code: "custom", message: GENERATION_MESSAGES.dayOnce, path: [index, "dayIndex"] });
      seen.add(day.dayIndex);
    });
  });
