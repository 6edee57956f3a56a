import { z } from "zod";
import { wholeNumber } from "@worker/shared/whole-number.schema";

// Shared with the image picker: only zod and constants here.

export const MEDIA_ORIENTATIONS = ["landscape", "portrait", "squarish"] as const;
export const MEDIA_DEFAULT_LIMIT = 30;
const MEDIA_MAX_LIMIT = 30;
export const MEDIA_MESSAGES = {
  queryRequired: /*i18n*/ "Enter a search term to find images",
  notConfigured: /*i18n*/ "Image search is not configured",
  failed: /*i18n*/ "Failed to load images. Please try again.",
  orientation: /*i18n*/ "orientation must be landscape, portrait or squarish",
  page: /*i18n*/ "page must be a whole number of at least 1",
  limit: /*i18n*/ "limit must be a whole number from 1 to 30",
} as const;

export const mediaSearchSchema = z.object({
  query: z
    .string({ error: MEDIA_MESSAGES.queryRequired })
    .trim()
    .min(1, MEDIA_MESSAGES.queryRequired)
    .max(200, /*i18n*/ "The search is too long"),
  page: wholeNumber(MEDIA_MESSAGES.page, 1, 1000).default(1),
  limit: wholeNumber(MEDIA_MESSAGES.limit, 1, MEDIA_MAX_LIMIT).default(MEDIA_DEFAULT_LIMIT),
  orientation: z.enum(MEDIA_ORIENTATIONS, { error: MEDIA_MESSAGES.orientation }).default("landscape"),
});

export type MediaSearchInput = z.output<typeof mediaSearchSchema>;

const mediaResultSchema = z
  .object({
    photoId: z.string(),
    source: z.enum(["UNSPLASH", "PEXELS"]),
    urls: z.object({ small: z.string(), medium: z.string(), large: z.string(), raw: z.string() }),
    attribution: z.object({ name: z.string(), profileUrl: z.string() }),
  })
  .meta({ id: "MediaResult" });

/** Results, or why there are none: search is not configured on this deployment. */
export const mediaSearchAnswerSchema = z.union([
  z.object({ results: z.array(mediaResultSchema), page: z.number().int(), configured: z.literal(true) }),
  z.object({ results: z.array(mediaResultSchema).max(0), page: z.number().int(), configured: z.literal(false), message: z.string() }),
]);

export type MediaResult = z.infer<typeof mediaResultSchema>;
export type MediaSearchAnswer = z.infer<typeof mediaSearchAnswerSchema>;
