import { z } from "zod";
import { copyName } from "@worker/shared/copy-name";
import { optionalFormFile } from "@worker/shared/form-file";
import { experienceTimeZone, locationViewSchema, placeInput, publicItinerarySchema } from "@worker/shared/itinerary.schema";
import { localeSchema } from "@worker/shared/locale.schema";
import { DAY_MS, addDays, daysBetween, DEFAULT_TIME_ZONE, localDate, startOfLocalDay } from "@worker/shared/time-zone";
import { dateTimeText, readWhen, timeZoneSchema, wallMs } from "@worker/shared/time-zone.schema";
import {
  descriptionText,
  imageViewSchema,
  personSchema,
  PRIVACY_VALUES,
  RSVP_TYPE_VALUES,
  subtitleText,
  pathId,
} from "@worker/shared/views.schema";
import { requiredText } from "@worker/shared/visible-text";

// Shared with the web forms: only zod and constants here, nothing worker-only.

export const MAX_EXPERIENCE_DAYS = 365;

/** How a change of the experience's zone treats its activities (see updateExperienceSchema). */
export const TIME_ZONE_MODES = ["KEEP_WALL_CLOCK", "KEEP_MOMENTS"] as const;

/** How far ahead any date may lie: the spec's "at most 1 year ahead" for activities, applied to experiences, copies and days too. */
const MAX_AHEAD_MS = 365 * DAY_MS;
/** Whether an instant (an activity's end, or a day's 00:00 UTC) lies more than a year from now; also true for an invalid date. */
export const isTooFarAhead = (ms: number, now = Date.now()) => !(ms <= now + MAX_AHEAD_MS);

export const EXPERIENCE_MESSAGES = {
  nameRequired: /*i18n*/ "Name is required",
  startNotPast: /*i18n*/ "Start date must be today or later",
  endAfterStart: /*i18n*/ "End date must be after or same as start date",
  tooManyDays: /*i18n*/ "An experience can last at most 365 days",
  atMostOneYear: /*i18n*/ "Experience date range is at most 1 year ahead",
  privacy: /*i18n*/ "Privacy must be PUBLIC or PRIVATE",
  rsvpType: /*i18n*/ "RSVP type must be OPEN, OPEN_INVITE or INVITE_ONLY",
  noChange:
    /*i18n*/ "Send at least one of name, subtitle, description, venue, privacy, rsvpType, capacity, startIsoTime, endIsoTime, timeZone or language",
  capacity: /*i18n*/ "Capacity must be a whole number from 1, or empty for no limit",
  timeZoneMode: /*i18n*/ "timeZoneMode must be KEEP_WALL_CLOCK or KEEP_MOMENTS",
  cloneNotPast: /*i18n*/ "Clone date must be today or later",
} as const;

export const utcMidnight = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
/** The UTC date of an instant, as YYYY-MM-DD. */
export const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Whether a local date (YYYY-MM-DD) lies more than a year after today in the zone. */
export const isDateTooFarAhead = (date: string, zone: string, now = Date.now()) => daysBetween(localDate(now, zone), date) > 365;

const NAME_MAX = 200;
const name = requiredText(EXPERIENCE_MESSAGES.nameRequired).max(NAME_MAX, /*i18n*/ "Name is too long");
const privacy = z.enum(PRIVACY_VALUES, { error: EXPERIENCE_MESSAGES.privacy });
const rsvpType = z.enum(RSVP_TYPE_VALUES, { error: EXPERIENCE_MESSAGES.rsvpType });
/** At most a million: larger than any venue, small enough to stay an exact integer everywhere. */
const capacity = z
  .number({ error: EXPERIENCE_MESSAGES.capacity })
  .int(EXPERIENCE_MESSAGES.capacity)
  .min(1, EXPERIENCE_MESSAGES.capacity)
  .max(1_000_000, /*i18n*/ "Capacity is at most 1,000,000")
  .nullable();
const START_DATE = {
  label: "Start date",
  required: /*i18n*/ "Start date is required",
  notIso: /*i18n*/ "Start date must be an ISO 8601 date-time",
};
const END_DATE = {
  label: "End date",
  required: /*i18n*/ "End date is required",
  notIso: /*i18n*/ "End date must be an ISO 8601 date-time",
};

/** A date (YYYY-MM-DD, a local date), a date-time without offset (a wall-clock time) or an instant. */
const isoDateTime = (messages: { label: string; required: string; notIso: string }) =>
  z
    .string({ error: messages.required })
    .refine((value) => z.iso.date().safeParse(value).success || dateTimeText(messages.notIso).safeParse(value).success, {
      error: messages.notIso,
    })
    .meta({
      description: `${messages.label}: a local date in the experience's zone, as a plain date (2027-03-12) or an offset-less date-time (2027-03-12T00:00); an instant (with Z or an offset) is read as the zone's wall clock at that moment.`,
    });

/**
 * The experience's local dates and their instants in `zone`. The client sends startIsoTime for the first day and
 * endIsoTime for the day after the last one (an exclusive end): a plain date or an offset-less date-time names a local
 * date; an instant is read as the zone's wall clock at that moment. The start is floored to its local date; an end that
 * is not after the start, or not at a local midnight, is rounded up to the next one, so an experience always covers
 * whole local days. `start` and `end` are the instants those days begin (startOfLocalDay).
 */
export function experienceRange(startIsoTime: string, endIsoTime: string, zone: string = DEFAULT_TIME_ZONE) {
  const startWall = utcMidnight(wallMs(readWhen(startIsoTime), zone));
  const rawEnd = wallMs(readWhen(endIsoTime), zone);
  const startDate = isoDate(startWall);
  const endDate = isoDate(Math.max(startWall + DAY_MS, Math.ceil(rawEnd / DAY_MS) * DAY_MS));
  return { startDate, endDate, startWall, rawEnd, start: startOfLocalDay(startDate, zone), end: startOfLocalDay(endDate, zone) };
}

/** The field a date rule refuses, and the route's message for it. */
export type ExperienceDatesError = { path: "startIsoTime" | "endIsoTime"; message: string };

/**
 * The rules an experience's dates must meet, shared by the forms and the routes, all judged on the experience's
 * zone's calendar: start today or later, end not before the start, at most MAX_EXPERIENCE_DAYS days, and the last
 * day at most a year ahead. An experience under way keeps its start (`keptStart`, its current start) while its end
 * changes, so a start already past is refused only when it moves. Null when they hold.
 */
export function experienceDatesError(
  startIsoTime: string,
  endIsoTime: string,
  now = Date.now(),
  keptStart?: number,
  zone: string = DEFAULT_TIME_ZONE,
): ExperienceDatesError | null {
  const { startDate, endDate, startWall, rawEnd } = experienceRange(startIsoTime, endIsoTime, zone);
  const startMoves = keptStart === undefined || startDate !== localDate(keptStart, zone);
  if (startMoves && startDate < localDate(now, zone)) return { path: "startIsoTime", message: EXPERIENCE_MESSAGES.startNotPast };
  if (rawEnd < startWall) return { path: "endIsoTime", message: EXPERIENCE_MESSAGES.endAfterStart };
  if (daysBetween(startDate, endDate) > MAX_EXPERIENCE_DAYS) return { path: "endIsoTime", message: EXPERIENCE_MESSAGES.tooManyDays };
  if (isDateTooFarAhead(addDays(endDate, -1), zone, now)) return { path: "endIsoTime", message: EXPERIENCE_MESSAGES.atMostOneYear };
  return null;
}

export const createExperienceSchema = z
  .object({
    name,
    startIsoTime: isoDateTime(START_DATE),
    endIsoTime: isoDateTime(END_DATE),
    timeZone: timeZoneSchema.optional(),
    language: localeSchema.optional().meta({
      description: "What people without an account read it in (docs/languages.md); by default the language the request is in.",
    }),
    privacy: privacy.default("PUBLIC"),
    rsvpType: rsvpType.default("OPEN_INVITE"),
    isAIMode: z.enum(["true", "false"], { error: /*i18n*/ "isAIMode must be true or false" }).default("true"),
    prompt: z.string().trim().max(10_000, /*i18n*/ "The prompt is too long").optional(),
    file: optionalFormFile,
  })
  .transform(({ startIsoTime, endIsoTime, isAIMode, timeZone = DEFAULT_TIME_ZONE, ...rest }, ctx) => {
    const error = experienceDatesError(startIsoTime, endIsoTime, Date.now(), undefined, timeZone);
    if (error) {
      ctx.issues.push({
        code: "custom",
        message: error.message,
        input: error.path === "startIsoTime" ? startIsoTime : endIsoTime,
        path: [error.path],
      });
      return z.NEVER;
    }
    const { start, end, startDate, endDate } = experienceRange(startIsoTime, endIsoTime, timeZone);
    return { ...rest, isAIMode: isAIMode === "true", timeZone, startDate, endDate, startTime: new Date(start), endTime: new Date(end) };
  });

export const listExperiencesQuerySchema = z.object({ profile: z.string().max(100).optional() });

/**
 * Any of the experience's own fields. Subtitle and description may be emptied; the dates are checked against the
 * experience as it is (see updateExperience), since the start of one under way may stay in the past.
 */
export const updateExperienceSchema = z
  .object({
    name: name.optional(),
    subtitle: subtitleText.optional(),
    description: descriptionText.optional(),
    venue: placeInput({ tooLong: /*i18n*/ "Venue is too long", notPlace: /*i18n*/ "Venue must be text or a place chosen from the search" })
      .optional()
      .meta({
        description:
          "Where it happens (docs/venue.md): free text or a place from the places search; null or blank text clears it. Guests are told of a change, and calendars show it for activities without a place of their own.",
      }),
    privacy: privacy.optional(),
    rsvpType: rsvpType.optional(),
    capacity: capacity.optional().meta({
      description:
        "How many guests may be going (RSVP YES; the owner and hosts do not count, see docs/waitlist.md); null for no limit. When full, joins and approvals go to the waitlist; a larger or no capacity promotes from it at once.",
    }),
    startIsoTime: isoDateTime(START_DATE).optional(),
    endIsoTime: isoDateTime(END_DATE).optional(),
    timeZone: timeZoneSchema.optional(),
    language: localeSchema.optional().meta({
      description:
        "What people without an account read it in: invitations to new addresses, link previews, calendar files (docs/languages.md).",
    }),
    timeZoneMode: z.enum(TIME_ZONE_MODES, { error: EXPERIENCE_MESSAGES.timeZoneMode }).optional().meta({
      description:
        "With a new timeZone: KEEP_WALL_CLOCK (the default) keeps every activity's local date and time, re-read in the new zone; KEEP_MOMENTS keeps every activity's instant and moves it to the day of its new local date. Activities with a zone of their own keep theirs in both.",
    }),
    base: z
      .object({
        name: z.string().max(10_000).optional(),
        subtitle: z.string().max(10_000).optional(),
        description: z.string().max(20_000).optional(),
      })
      .optional()
      .meta({
        description:
          "The name, subtitle and description the editor started from (docs/presence.md): one someone else changed meanwhile answers 409 with its current value. Without it the last write wins.",
      }),
  })
  .refine(({ timeZoneMode: _, base: __, ...change }) => Object.values(change).some((v) => v !== undefined), EXPERIENCE_MESSAGES.noChange);

/** The experience's details an edit can meet someone else's on. */
export const experienceConflictSchema = z
  .object({
    error: z.string(),
    current: z.object({ name: z.string(), subtitle: z.string(), description: z.string() }).partial().optional(),
  })
  .meta({ id: "EventEditConflict" });

export type ExperienceConflict = z.infer<typeof experienceConflictSchema>;

/** A clone's default name: '{name} (copy)', within the name's limit. */
export const cloneName = (source: string) => copyName(source, NAME_MAX);

/** The copy's name: the one the owner typed, else cloneName's. */
export const cloneExperienceSchema = z.object({ startDateTime: isoDateTime(START_DATE), privacy, name: name.optional() });

export type CreateExperienceInput = z.output<typeof createExperienceSchema>;
export type UpdateExperienceInput = z.output<typeof updateExperienceSchema>;
export type CloneExperienceInput = z.output<typeof cloneExperienceSchema>;

// ── Responses ───────────────────────────────────────────────────────────────

export const experienceParamsSchema = z.object({ id: pathId });

/** What a create, rename or settings change answers: the experience's own fields. */
export const experienceSummarySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    startTime: z.iso.datetime(),
    endTime: z.iso.datetime(),
    timeZone: experienceTimeZone,
    privacy: z.enum(PRIVACY_VALUES),
    rsvpType: z.enum(RSVP_TYPE_VALUES),
  })
  .meta({ id: "EventSummary" });

export const experienceUpdateResultSchema = experienceSummarySchema
  .extend({
    subtitle: z.string(),
    description: z.string(),
    image: imageViewSchema.nullable(),
    capacity: z.number().int().nullable(),
    venue: locationViewSchema.nullable(),
    language: localeSchema,
  })
  .meta({ id: "EventUpdate" });

export const experienceCloneResultSchema = experienceSummarySchema.omit({ rsvpType: true }).meta({ id: "EventClone" });

/** `invited`: an invitation waiting for the caller's answer (their own list only). */
const EVENT_ROLES = ["owner", "host", "guest", "invited"] as const;

export const experienceListItemSchema = experienceSummarySchema
  .extend({
    image: imageViewSchema.nullable(),
    owner: personSchema,
    role: z.enum(EVENT_ROLES),
    /** How many days the itinerary has. */
    dayCount: z.number().int(),
    /** How many guests answered Yes. */
    goingCount: z.number().int(),
  })
  .meta({ id: "EventListItem" });

/** The event page: the share link's itinerary, with the RSVP type and the caller's roles. */
export const experienceDetailSchema = publicItinerarySchema
  .extend({
    rsvpType: z.enum(RSVP_TYPE_VALUES),
    /** How many guests may be going; null: no limit. */
    capacity: z.number().int().nullable(),
    isOwner: z.boolean(),
    isHost: z.boolean(),
    isGuest: z.boolean(),
  })
  .meta({ id: "EventDetail" });

export type ExperienceSummary = z.infer<typeof experienceSummarySchema>;
export type ExperienceListItem = z.infer<typeof experienceListItemSchema>;
export type ExperienceDetail = z.infer<typeof experienceDetailSchema>;
