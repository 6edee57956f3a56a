import { z } from "zod";

// Shared with the web search box: only zod and constants here.

export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_DEFAULT_LIMIT = 5;
export const SEARCH_MAX_LIMIT = 50;
export const SEARCH_MESSAGES = {
  tooShort: "Type at least 2 characters to search",
  page: "p must be a whole number of at least 1",
  limit: `l must be a whole number from 1 to ${SEARCH_MAX_LIMIT}`,
} as const;

const wholeNumber = (message: string, min: number, max: number) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

export const activitySearchSchema = z.object({
  q: z.string({ error: SEARCH_MESSAGES.tooShort }).trim().min(SEARCH_MIN_LENGTH, SEARCH_MESSAGES.tooShort).max(200, "The search is too long"),
  p: wholeNumber(SEARCH_MESSAGES.page, 1, 100_000).default(1),
  l: wholeNumber(SEARCH_MESSAGES.limit, 1, SEARCH_MAX_LIMIT).default(SEARCH_DEFAULT_LIMIT),
});

export type ActivitySearchInput = z.output<typeof activitySearchSchema>;
