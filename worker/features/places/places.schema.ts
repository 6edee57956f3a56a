import { z } from "zod";
import { PATH_ID_TOO_LONG } from "@worker/shared/views.schema";

// Shared with the location input: only zod and constants here.

export const PLACES_MESSAGES = {
  tooShort: /*i18n*/ "Type at least 2 characters to search",
  notConfigured: /*i18n*/ "Place search is not configured",
  failed: /*i18n*/ "Place search failed. Please try again.",
  unknownPlace: /*i18n*/ "Place not found",
} as const;

export const autocompleteSchema = z.object({
  input: z.string({ error: PLACES_MESSAGES.tooShort }).trim().min(2, PLACES_MESSAGES.tooShort).max(200, /*i18n*/ "The search is too long"),
  sessionToken: z.string().max(100).optional(),
});

export type AutocompleteInput = z.output<typeof autocompleteSchema>;

export const placeDetailsParamsSchema = z.object({ placeId: z.string().min(1).max(300, PATH_ID_TOO_LONG) });

const placeSuggestionSchema = z.object({ placeId: z.string(), description: z.string(), mainText: z.string(), secondaryText: z.string() });

export const autocompleteAnswerSchema = z.union([
  z.object({ suggestions: z.array(placeSuggestionSchema), configured: z.literal(true) }),
  z.object({ suggestions: z.array(placeSuggestionSchema).max(0), configured: z.literal(false), message: z.string() }),
]);

export const placeDetailsSchema = z.object({
  structuredFormat: z.object({ mainText: z.object({ text: z.string() }), secondaryText: z.object({ text: z.string() }) }),
  description: z.string(),
  googleMapsUri: z.string(),
  placeId: z.string(),
});

export type PlaceSuggestion = z.infer<typeof placeSuggestionSchema>;
export type AutocompleteAnswer = z.infer<typeof autocompleteAnswerSchema>;
export type PlaceDetails = z.infer<typeof placeDetailsSchema>;
