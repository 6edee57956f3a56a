import { z } from "zod";
import { optionalFormFile } from "@worker/shared/form-file";
import { externalImageSchema } from "@worker/shared/image-input.schema";
import { locationViewSchema, placeInput, placeSchema } from "@worker/shared/itinerary.schema";
import { attendanceInputSchema } from "@worker/shared/signup.schema";
import { DEFAULT_TIME_ZONE, localDate } from "@worker/shared/time-zone";
import { dateTimeText, readWhen, TIME_ZONE_MESSAGE, timeZoneSchema, wallMs, type When } from "@worker/shared/time-zone.schema";
import { subtitleText, pathId } from "@worker/shared/views.schema";
import { requiredText } from "@worker/shared/visible-text";
import { isTooFarAhead } from "./experiences.schema";

// Shared with the web forms: only zod and constants here, nothing worker-only.

export const ACTIVITY_MESSAGES = {
  nameRequired: /*i18n*/ "Name is required",
  descriptionRequired: /*i18n*/ "Description is required",
  startRequired: /*i18n*/ "Start time is required",
  endRequired: /*i18n*/ "End time is required",
  endAfterStart: /*i18n*/ "End time must be after start time",
  withinExperience: /*i18n*/ "Activity times must be within the experience dates",
  onItsDay: /*i18n*/ "An activity must start on its day's date",
  atMostOneYear: /*i18n*/ "Activity date range is at most 1 year ahead",
  location: /*i18n*/ "Location must be text or a place chosen from the search",
  unknownDocument: /*i18n*/ "Unknown document",
  timeOfDay: /*i18n*/ "Enter a time between 00:00 and 23:59",
} as const;

/** A clock time as the forms and ISO date-times write it: "HH:mm", 00:00 to 23:59. */
export const isClockTime = (hours: number, minutes: number) =>
  Number.isInteger(hours) && Number.isInteger(minutes) && hours >= 0 && hours <= 23 && minutes >= 0 && minutes <= 59;

/** Whether an ISO date-time's own clock (its "Thh:mm") is a time of day; "…T25:99…" is not, whatever else is wrong. */
const hasClockTime = (value: string) => {
  const clock = /T(\d{2}):(\d{2})/.exec(value);
  return !clock || isClockTime(Number(clock[1]), Number(clock[2]));
};

/** Free text of a location, as the AI generator reads it. */
export const locationText = z.string().trim().max(500, /*i18n*/ "Location is too long");

/** A JSON body's location: free text, a place object, or null to clear it (blank text clears it too). */
const locationSchema = placeInput({ tooLong: /*i18n*/ "Location is too long", notPlace: ACTIVITY_MESSAGES.location });

/** A form's location: free text, or the place object sent as a JSON string. */
const formLocationSchema = z.string({ error: ACTIVITY_MESSAGES.location }).transform((raw, ctx) => {
  const text = raw.trim();
  if (!text.startsWith("{")) {
    const parsed = locationSchema.safeParse(text);
    if (parsed.success) return parsed.data;
    ctx.issues.push({ code: "custom", message: parsed.error.issues[0]!.message, input: raw });
    return z.NEVER;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  const parsed = placeSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  ctx.issues.push({ code: "custom", message: ACTIVITY_MESSAGES.location, input: raw });
  return z.NEVER;
});

const name = requiredText(ACTIVITY_MESSAGES.nameRequired).max(200, /*i18n*/ "Name is too long");
const description = requiredText(ACTIVITY_MESSAGES.descriptionRequired).max(10_000, /*i18n*/ "Description is too long");
const isoTime = (required: string, notIso: string, label: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine(hasClockTime, ACTIVITY_MESSAGES.timeOfDay)
    .pipe(dateTimeText(notIso))
    .meta({
      description: `${label}: an instant (ISO 8601 with Z or an offset), or a local date-time without offset (2027-03-12T09:00) read in the activity's zone (its own, else the experience's).`,
    });
const startIsoTime = isoTime(ACTIVITY_MESSAGES.startRequired, /*i18n*/ "Start time must be an ISO 8601 date-time", "Start time");
const endIsoTime = isoTime(ACTIVITY_MESSAGES.endRequired, /*i18n*/ "End time must be an ISO 8601 date-time", "End time");

/**
 * The rules an activity's times must meet, shared by the form and the server: end after start, both within
 * the experience's [start, end), no later than a year from now, and a start on its day's date (`day.date`,
 * YYYY-MM-DD) in `zone`, the activity's own zone or else the experience's (the end may run past midnight).
 * Null when they hold.
 */
export function activityTimesError(
  start: Date,
  end: Date,
  experience: { startTime: Date; endTime: Date },
  day: { date: string },
  now = Date.now(),
  zone: string = DEFAULT_TIME_ZONE,
): string | null {
  if (end.getTime() <= start.getTime()) return ACTIVITY_MESSAGES.endAfterStart;
  if (start.getTime() < experience.startTime.getTime() || end.getTime() > experience.endTime.getTime())
    return ACTIVITY_MESSAGES.withinExperience;
  if (isTooFarAhead(end.getTime(), now)) return ACTIVITY_MESSAGES.atMostOneYear;
  if (localDate(start.getTime(), zone) !== day.date) return ACTIVITY_MESSAGES.onItsDay;
  return null;
}

/**
 * Whether a start and an end as sent already show the end not after the start: both instants, or both wall-clock
 * times (read in the same zone). Mixed ones are judged once the zone has read them.
 */
function endNotAfterStart(start: When, end: When): boolean {
  if ("instant" in start && "instant" in end) return end.instant <= start.instant;
  if (!("instant" in start) && !("instant" in end)) return wallMs(end, DEFAULT_TIME_ZONE) <= wallMs(start, DEFAULT_TIME_ZONE);
  return false;
}

const ZONE_DESCRIPTION = "The activity's own IANA time zone (a flight landing elsewhere); null follows the experience's.";

/** A form's zone: a zone name, or empty to follow the experience's. */
const formTimeZone = z
  .string({ error: TIME_ZONE_MESSAGE })
  .transform((value, ctx) => {
    if (value.trim() === "") return null;
    const parsed = timeZoneSchema.safeParse(value);
    if (parsed.success) return parsed.data;
    ctx.issues.push({ code: "custom", message: TIME_ZONE_MESSAGE, input: value });
    return z.NEVER;
  })
  .meta({ description: `${ZONE_DESCRIPTION} Empty follows the experience's.` });

/** POST multipart: the activity, and either a file or externalFile='true' with photoId, source and rawUrl. */
export const createActivitySchema = z
  .object({
    name,
    description,
    startIsoTime,
    endIsoTime,
    subtitle: subtitleText.optional(),
    location: formLocationSchema.optional(),
    timeZone: formTimeZone.optional(),
    file: optionalFormFile,
    externalFile: z.enum(["true", "false"], { error: /*i18n*/ "externalFile must be true or false" }).optional(),
    photoId: z.string().optional(),
    source: z.string().optional(),
    rawUrl: z.string().optional(),
  })
  .transform(({ startIsoTime, endIsoTime, file, externalFile, photoId, source, rawUrl, location, timeZone, ...rest }, ctx) => {
    const start = readWhen(startIsoTime);
    const end = readWhen(endIsoTime);
    if (endNotAfterStart(start, end)) {
      ctx.issues.push({ code: "custom", message: ACTIVITY_MESSAGES.endAfterStart, input: endIsoTime, path: ["endIsoTime"] });
      return z.NEVER;
    }
    let external: z.output<typeof externalImageSchema> | null = null;
    if (!file && externalFile === "true") {
      const parsed = externalImageSchema.safeParse({ photoId: photoId || undefined, source, rawUrl });
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        ctx.issues.push({ code: "custom", message: issue.message, input: issue.input, path: issue.path });
        return z.NEVER;
      }
      external = parsed.data;
    }
    return {
      ...rest,
      subtitle: rest.subtitle ?? "",
      location: location ?? null,
      start,
      end,
      timeZone: timeZone ?? null,
      file: file ?? null,
      external,
    };
  });

/** PUT JSON: any of the fields; `documents` replaces the activity's document list. */
export const updateActivitySchema = attendanceInputSchema.extend({
  name: name.optional(),
  subtitle: subtitleText.optional(),
  description: description.optional(),
  location: locationSchema.optional(),
  startIsoTime: startIsoTime.optional(),
  endIsoTime: endIsoTime.optional(),
  timeZone: timeZoneSchema.nullable().optional().meta({ description: ZONE_DESCRIPTION }),
  documents: z
    .array(z.string({ error: ACTIVITY_MESSAGES.unknownDocument }).max(100, ACTIVITY_MESSAGES.unknownDocument), {
      error: /*i18n*/ "documents must be a list of document ids",
    })
    .max(100, /*i18n*/ "An activity can hold at most 100 documents")
    .optional(),
  base: z
    .object({
      name: z.string().max(10_000).optional(),
      subtitle: z.string().max(10_000).optional(),
      description: z.string().max(20_000).optional(),
      location: z.union([z.string().max(1000), placeSchema, z.null()]).optional(),
      startIsoTime: z.string().max(100).optional(),
      endIsoTime: z.string().max(100).optional(),
    })
    .optional()
    .meta({
      description:
        "The values the editor started from (docs/presence.md). A field sent unchanged from its base keeps its current value; a field someone else changed meanwhile answers 409 with its current value. Without it the last write wins.",
    }),
});

/** The fields of an activity an edit can meet someone else's on; times as instants (ISO 8601, UTC). */
export const activityConflictSchema = z
  .object({
    error: z.string(),
    current: z
      .object({
        name: z.string(),
        subtitle: z.string(),
        description: z.string(),
        location: locationViewSchema.nullable(),
        startIsoTime: z.iso.datetime(),
        endIsoTime: z.iso.datetime(),
      })
      .partial()
      .optional(),
  })
  .meta({ id: "ActivityEditConflict" });

export type ActivityConflict = z.infer<typeof activityConflictSchema>;

export type CreateActivityInput = z.output<typeof createActivitySchema>;
export type UpdateActivityInput = z.output<typeof updateActivitySchema>;

export const activityDayParamsSchema = z.object({ eventId: pathId, dayId: pathId });
export const activityParamsSchema = activityDayParamsSchema.extend({ activityId: pathId });
