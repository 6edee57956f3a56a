import { z } from "zod";
import { locationViewSchema } from "@worker/shared/itinerary.schema";
import { timeZoneViewSchema } from "@worker/shared/time-zone.schema";
import { imageViewSchema } from "@worker/shared/views.schema";
import { wholeNumber } from "@worker/shared/whole-number.schema";

// Shared with the web search box: only zod and constants here.

export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_DEFAULT_LIMIT = 5;
const SEARCH_MAX_LIMIT = 50;
const SEARCH_MESSAGES = {
  tooShort: /*i18n*/ "Type at least 2 characters to search",
  page: /*i18n*/ "p must be a whole number of at least 1",
  limit: /*i18n*/ "l must be a whole number from 1 to 50",
} as const;

export const activitySearchSchema = z.object({
  q: z
    .string({ error: SEARCH_MESSAGES.tooShort })
    .trim()
    .min(SEARCH_MIN_LENGTH, SEARCH_MESSAGES.tooShort)
    .max(200, /*i18n*/ "The search is too long"),
  p: wholeNumber(SEARCH_MESSAGES.page, 1, 100_000).default(1),
  l: wholeNumber(SEARCH_MESSAGES.limit, 1, SEARCH_MAX_LIMIT).default(SEARCH_DEFAULT_LIMIT),
});

export type ActivitySearchInput = z.output<typeof activitySearchSchema>;

/** An activity of an experience the caller may see, offered as a template for a new one. */
const activityTemplateSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    subtitle: z.string(),
    description: z.string(),
    location: locationViewSchema.nullable(),
    image: imageViewSchema.nullable(),
    startDateTime: z.iso.datetime(),
    endDateTime: z.iso.datetime(),
    timeZone: timeZoneViewSchema.meta({
      description: "The zone the template's times are read on (its own, else its experience's): its time of day is the one on that clock.",
    }),
  })
  .meta({ id: "ActivityTemplate" });

export const activitySearchResultSchema = z.object({
  activities: z.array(activityTemplateSchema),
  page: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});

export type ActivityTemplate = z.infer<typeof activityTemplateSchema>;
export type ActivitySearchResult = z.infer<typeof activitySearchResultSchema>;
