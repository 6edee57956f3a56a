import { z } from "zod";
import { pathId, personSchema } from "@worker/shared/views.schema";

// The History panel's contract (docs/exports-and-history.md). Shared with the web: only zod here.

/** Rows one page of the History panel holds. */
export const HISTORY_PAGE_SIZE = 30;

export const historyParamsSchema = z.object({ eventId: pathId });

export const historyQuerySchema = z.object({
  /** A day's id: only the changes to that day and its activities. */
  day: pathId.optional(),
  /** A person's guid: only the changes they made. */
  person: pathId.optional(),
  /** The `nextCursor` of the page before: the changes older than it. */
  cursor: z.coerce
    .number({ error: /*i18n*/ "cursor must be a number" })
    .int(/*i18n*/ "cursor must be a whole number")
    .min(1, /*i18n*/ "cursor must be 1 or more")
    .max(Number.MAX_SAFE_INTEGER, /*i18n*/ "cursor is too large")
    .optional(),
});

/** One change as the History panel lists it: who, when, what, and the old and new values in words. */
const historyEntrySchema = z
  .object({
    seq: z.number().int(),
    at: z.iso.datetime(),
    /** Who made it; null when their account is gone (or the system made it). */
    person: personSchema.nullable(),
    subjectType: z.string(),
    field: z.string(),
    /** The subject's name at the time (an activity's, a day's, a person's). */
    label: z.string(),
    /** The day it was on, when it concerns a day or an activity. */
    dayId: z.string().nullable(),
    /** The whole line: 'Coach to Sintra: 09:00 AM → 10:00 AM WET'. */
    text: z.string(),
    /** The value before, in words (null: none, as for something added). */
    from: z.string().nullable(),
    /** The value after, in words (null: none, as for something removed). */
    to: z.string().nullable(),
  })
  .meta({ id: "HistoryEntry" });

const historyDaySchema = z.object({ id: z.string(), name: z.string(), date: z.string() }).meta({ id: "HistoryDay" });

/**
 * A page of the History panel, newest first, and the choices of its two filters: the experience's days and everyone who
 * changed something here.
 */
export const historySchema = z
  .object({
    changes: z.array(historyEntrySchema),
    /** Pass as `cursor` for the next (older) page; null: this was the last. */
    nextCursor: z.number().int().nullable(),
    days: z.array(historyDaySchema),
    people: z.array(personSchema),
  })
  .meta({ id: "History" });

export type History = z.infer<typeof historySchema>;
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
export type HistoryQuery = z.infer<typeof historyQuerySchema>;
