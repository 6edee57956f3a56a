import { z } from "zod";

// Shared with the location input: only zod and constants here.

export const PLACES_MESSAGES = {
  tooShort: "Type at least 2 characters to search",
  notConfigured: "Place search is not configured",
  failed: "Place search failed. Please try again.",
  unknownPlace: "Place not found",
} as const;

export const autocompleteSchema = z.object({
  input: z.string({ error: PLACES_MESSAGES.tooShort }).trim().min(2, PLACES_MESSAGES.tooShort).max(200, "The search is too long"),
  sessionToken: z.string().max(100).optional(),
});

export type AutocompleteInput = z.output<typeof autocompleteSchema>;
