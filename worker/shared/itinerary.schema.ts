import { z } from "zod";
import { isHttpsUrl } from "@worker/shared/public-url";
import { timeZoneViewSchema } from "@worker/shared/time-zone.schema";
import { imageViewSchema, personSchema, PRIVACY_VALUES, RSVP_TYPE_VALUES } from "@worker/shared/views.schema";
import { localeSchema } from "./locale.schema";
import { ATTENDANCE_VALUES, signupViewSchema } from "./signup.schema";

// The itinerary's shapes, the roots of the contract: the experience's page, the share link, the days and activities,
// search and the share page's first view all answer or read them. Shared with the web: only zod here.

/** The place object of the places search; anything else in it is dropped. */
export const placeSchema = z.object({
  structuredFormat: z.object({
    mainText: z.object({ text: z.string().trim().min(1).max(300) }),
    secondaryText: z.object({ text: z.string().max(500) }).optional(),
  }),
  description: z.string().max(1000).optional(),
  // Shown as a link: only https, never javascript: or data:.
  googleMapsUri: z.string().max(2000).refine(isHttpsUrl).optional(),
  placeId: z.string().max(300).optional(),
});
/** An activity's location: free text, or the place chosen from the places search. */
export const locationViewSchema = z.union([z.string(), placeSchema]).meta({ id: "Location" });

/**
 * A JSON body's place (an activity's location, the experience's venue), its messages naming it: free text, a place
 * object, or null to clear it (blank text clears it too).
 */
export const placeInput = (messages: { tooLong: string; notPlace: string }) =>
  z
    .union([z.string().trim().max(500, messages.tooLong), placeSchema, z.null()], {
      error: messages.notPlace,
    })
    .transform((value) => (value === "" ? null : value));

/** The experience's zone, in every answer that carries the experience. */
export const experienceTimeZone = timeZoneViewSchema.meta({
  description:
    "The experience's IANA time zone (e.g. Europe/Lisbon). Its days are local dates there, its start and end are the instants of its first day's midnight and of the midnight after its last day, and its times are shown on that clock. UTC for experiences made before zones existed.",
});

export const activityViewSchema = z
  .object({
    id: z.string(),
    eventId: z.string(),
    programId: z.string(),
    name: z.string(),
    subtitle: z.string(),
    description: z.string(),
    location: locationViewSchema.nullable(),
    startDateTime: z.iso.datetime(),
    endDateTime: z.iso.datetime(),
    timeZone: timeZoneViewSchema.meta({
      description:
        "The zone this activity's times are read and shown in: its own (a flight landing elsewhere) or else the experience's. It belongs to the day of its local start date in this zone.",
    }),
    hasOwnTimeZone: z
      .boolean()
      .meta({ description: "True when the activity has a zone of its own; false when it follows the experience's (and moves with it)." }),
    image: imageViewSchema.nullable(),
    /** Ids of the experience's documents linked to this activity. */
    documents: z.array(z.string()),
    attendance: z.enum(ATTENDANCE_VALUES).meta({
      description: "EVERYONE: every guest attends; SIGNUP: guests sign up for its places, then wait (docs/programme.md).",
    }),
    groups: z.array(z.string()).meta({
      description:
        "The attendee groups it is shown to (empty: every guest), told to organisers only: anyone else reads an empty list. Nobody outside them is sent the activity at all.",
    }),
    signup: signupViewSchema
      .nullable()
      .meta({ description: "A SIGNUP activity's places and the caller's own; null when everyone attends." }),
  })
  .meta({ id: "Activity" });

/** A day of the itinerary (the spec calls it a program), with its activities by start time. */
export const dayViewSchema = z
  .object({
    id: z.string(),
    eventId: z.string(),
    date: z.iso.date().meta({ description: "The day's local date in the experience's zone." }),
    dayIndex: z.number().int(),
    name: z.string(),
    subtitle: z.string(),
    description: z.string(),
    image: imageViewSchema.nullable(),
    activities: z.array(activityViewSchema),
  })
  .meta({ id: "Program" });

/** The share link's itinerary. A private experience's guest list is empty here; its rsvpType says whether and how a visitor may join. */
export const publicItinerarySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    subtitle: z.string(),
    description: z.string(),
    image: imageViewSchema.nullable(),
    privacy: z.enum(PRIVACY_VALUES),
    rsvpType: z.enum(RSVP_TYPE_VALUES),
    startTime: z.iso.datetime(),
    endTime: z.iso.datetime(),
    timeZone: experienceTimeZone,
    language: localeSchema.meta({
      description:
        "The experience's language (docs/languages.md): what people without an account read it in (an invitation to a new address, a link preview, the calendar file). What its organisers wrote is shown as written.",
    }),
    owner: personSchema,
    hosts: z.array(personSchema).meta({
      description:
        "The co-hosts, in the order they were made (the owner is `owner`, not repeated here): name and picture only, never an e-mail address. A change to them drops the cached answer and is published as 'event.changed'.",
    }),
    guests: z.array(personSchema),
    venue: locationViewSchema.nullable().meta({
      description:
        "Where the experience happens (docs/venue.md): free text or a place from the places search; null: not said. New activities start with it as their location, and calendars show it for activities without a place of their own.",
    }),
    goingCount: z.number().int().nonnegative().nullable().meta({
      description:
        "How many are going (RSVP YES, as capacity counts them), where the guest list may be shown; null where it stays private.",
    }),
    full: z.boolean().meta({
      description:
        "True when the experience has a capacity and as many are going: a join, or a request approved, goes to the waitlist (docs/waitlist.md). Join says so before the click ('Full — join the waitlist').",
    }),
    programs: z.array(dayViewSchema),
  })
  .meta({ id: "PublicItinerary" });

export type LocationView = z.infer<typeof locationViewSchema>;
export type ActivityView = z.infer<typeof activityViewSchema>;
export type DayView = z.infer<typeof dayViewSchema>;
export type PublicItinerary = z.infer<typeof publicItinerarySchema>;
