import { z } from "zod";
import { imageViewSchema, RSVP_STATUS_VALUES } from "../../lib/views.schema";

export { RSVP_STATUS_VALUES };

// Shared with the RSVP header and the Attendees tab: only zod and constants here.

/** What a guest answers from the RSVP header: Join or Decline. */
export const RESPONSE_VALUES = ["YES", "NO"] as const;
/** A host's bulk action: approve (YES) or reject (NO) approval requests, or invite again (REQUESTED: 'Resend Invite'). */
export const HOST_ACTION_VALUES = ["YES", "NO", "REQUESTED"] as const;
export const HOST_ACTION_MAX_RSVPS = 2000;

export const RSVP_MESSAGES = {
  organiserResponds: "Owners and hosts do not RSVP to their own experience",
  inviteOnly: "This experience is by invitation only",
  hostDeclined: "A host has declined your place in this experience; only a host can invite you again",
  noRsvps: "Select at least one RSVP",
  tooManyRsvps: `Select at most ${HOST_ACTION_MAX_RSVPS} RSVPs at once`,
  notInEvent: "Some of the selected RSVPs are not part of this experience",
  ownRsvp: "You cannot change your own RSVP here",
  onlyRequests: "Only approval requests can be approved or rejected",
  onlyDeclined: "Only declined or removed guests can be invited again",
  changed: "These RSVPs were changed by someone else. Please try again.",
} as const;

export const rsvpEventParamsSchema = z.object({ eventId: z.string().max(100) });

export const respondBodySchema = z.object({
  status: z.enum(RESPONSE_VALUES, { error: "Status must be YES or NO" }),
});

export const hostActionBodySchema = z.object({
  eventId: z.string().max(100),
  status: z.enum(HOST_ACTION_VALUES, { error: "Status must be YES, NO or REQUESTED" }),
  rsvps: z
    .array(z.string().max(100))
    .min(1, RSVP_MESSAGES.noRsvps)
    .max(HOST_ACTION_MAX_RSVPS, RSVP_MESSAGES.tooManyRsvps)
    .transform((ids) => [...new Set(ids)]),
});

/** The caller's own RSVP, as the RSVP header reads it. */
export const ownRsvpSchema = z
  .object({
    id: z.string(),
    status: z.enum(RSVP_STATUS_VALUES),
    onboardStatus: z.string().nullable(),
  })
  .meta({ id: "OwnRsvp" });

export const selfRsvpSchema = z.object({ rsvp: ownRsvpSchema.nullable() }).meta({ id: "SelfRsvp" });

/** A person on the attendee list; `emailId` only for owner and hosts; `guid` null for an invitation still waiting for its account. */
export const attendeeUserSchema = z
  .object({
    guid: z.string().nullable(),
    firstName: z.string(),
    lastName: z.string(),
    emailId: z.string().optional(),
    organisation: z.string(),
    profilePic: imageViewSchema.nullable(),
    tags: z.array(z.string()),
    isOwner: z.boolean(),
    isHost: z.boolean(),
  })
  .meta({ id: "AttendeeUser" });

export const attendeeSchema = z
  .object({
    id: z.string(),
    status: z.enum(RSVP_STATUS_VALUES),
    onboardStatus: z.string().nullable(),
    user: attendeeUserSchema,
  })
  .meta({ id: "Attendee" });

export const rsvpChangeSchema = z.object({ id: z.string(), status: z.enum(RSVP_STATUS_VALUES) }).meta({ id: "RsvpChange" });

export type OwnRsvp = z.infer<typeof ownRsvpSchema>;
export type Attendee = z.infer<typeof attendeeSchema>;
export type RsvpChange = z.infer<typeof rsvpChangeSchema>;
export type HostAction = (typeof HOST_ACTION_VALUES)[number];
