import { z } from "zod";
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from "@worker/features/auth/auth.schema";
import { fillMessage } from "@worker/shared/fill-message";
import { groupName, SIGNUP_MESSAGES } from "@worker/shared/signup.schema";
import { imageViewSchema, RSVP_STATUS_VALUES, pathId } from "@worker/shared/views.schema";

// Shared with the RSVP header and the Attendees tab: only zod and constants here.

/** What a guest answers from the RSVP header: Join or Decline. */
export const RESPONSE_VALUES = ["YES", "NO"] as const;
/** A host's bulk action: approve (YES) or reject (NO) approval requests, or invite again (REQUESTED: 'Resend Invite'). */
const HOST_ACTION_VALUES = ["YES", "NO", "REQUESTED"] as const;
const HOST_ACTION_MAX_RSVPS = 2000;
/** Addresses one 'Invite by Email' request may carry; a longer list is a spreadsheet's job. */
export const INVITE_MAX_ADDRESSES = 200;
/** The spreadsheet import (spec 2 §9: .xlsx, at most 5 MB) and the caps that keep it safe to parse. */
export const INVITE_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const INVITE_FILE_MAX_ROWS = 10_000;
/** Where the Upload File tab's template is served from (a real .xlsx among the static assets). */
export const INVITE_TEMPLATE_PATH = "/templates/guest-list-template.xlsx";
/** People one make-host, remove-host or remove-attendee request may name. */
export const PEOPLE_ACTION_MAX_USERS = 2000;

/** Invitation and reminder mails any one address receives a UTC day, from the whole product, whoever sends them. */
export const PER_ADDRESS_PER_DAY = 3;

/** The 429 of a day's invitation mails: `limit` a day, `left` of them today. */
export const DAILY_QUOTA =
  /*i18n*/ "You can send at most {limit, number} invitation e-mails a day (invitations and reminders together); {left, number} left today. Invite fewer people, or try again tomorrow.";
/** An address of the Invite by Email list that is none. */
export const INVALID_INVITEE = /*i18n*/ '"{address}" is not a valid email address';
/** How many were reminded now. */
export const REMINDED = /*i18n*/ "{count, plural, one {# guest reminded} other {# guests reminded}}";
/** The confirmation of removing `count` guests. */
export const CONFIRM_REMOVE = /*i18n*/ "Are you sure you want to remove {count} attendee(s)?";

export const RSVP_MESSAGES = {
  remindedToday: /*i18n*/ "Reminders were already sent today",
  dailyQuota: (limit: number, left: number) => fillMessage(DAILY_QUOTA, { limit, left }),
  organiserResponds: /*i18n*/ "Owners and hosts do not RSVP to their own experience",
  inviteOnly: /*i18n*/ "This experience is by invitation only",
  hostDeclined: /*i18n*/ "A host has declined your place in this experience; only a host can invite you again",
  noRsvps: /*i18n*/ "Select at least one RSVP",
  tooManyRsvps: /*i18n*/ "Select at most 2000 RSVPs at once",
  notInEvent: /*i18n*/ "Some of the selected RSVPs are not part of this experience",
  ownRsvp: /*i18n*/ "You cannot change your own RSVP here",
  onlyRequests: /*i18n*/ "Only approval requests can be approved or rejected",
  onlyDeclined: /*i18n*/ "Only declined or removed guests can be invited again",
  changed: /*i18n*/ "These RSVPs were changed by someone else. Please try again.",
  noInvitees: /*i18n*/ "Enter at least one email address",
  tooManyInvitees: /*i18n*/ "Invite at most 200 addresses at once, or upload a spreadsheet",
  invalidInvitee: (address: string) => fillMessage(INVALID_INVITEE, { address }),
  notExcel: /*i18n*/ "Please upload an Excel file (.xlsx)",
  fileTooLarge: /*i18n*/ "File size must be less than 5MB",
  noUsers: /*i18n*/ "Select at least one person",
  tooManyUsers: /*i18n*/ "Select at most 2000 people at once",
  ownerPlace: /*i18n*/ "The owner's place in this experience cannot be changed",
  onlyGuestsHosts: /*i18n*/ "Only guests attending this experience can be made hosts",
  ownHost: /*i18n*/ "You cannot remove yourself as a host",
  onlyGuestsRemoved: /*i18n*/ "Only guests attending this experience can be removed",
  ownPlace: /*i18n*/ "You cannot remove yourself from this experience",
} as const;

/** The toasts and confirmations of the Attendees tab and the Invite Guests modal (spec 2 §8). */
export const RSVP_TOASTS = {
  invitationsSent: /*i18n*/ "Invitations Sent!",
  reminderSent: /*i18n*/ "Reminder Sent To Pending RSVPs!",
  reminderFailed: /*i18n*/ "Failed to send reminder",
  /** Beside the spec's toast: how many were mailed now. */
  reminded: (count: number) => fillMessage(REMINDED, { count }),
  nobody: {
    NONE_PENDING: /*i18n*/ "Nobody to remind: no invitation is waiting for an answer",
    TOO_RECENT: /*i18n*/ "Nobody to remind yet: invitations less than an hour old are not reminded",
  },
  nobodyMailed: /*i18n*/ "Nobody could be reminded by e-mail",
  confirmRemove: (count: number) => fillMessage(CONFIRM_REMOVE, { count }),
} as const;

/** The address pattern the Invite by Email fields and the server share; matching is case-insensitive. */
export const isEmailAddress = (value: string) => value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);

export const rsvpEventParamsSchema = z.object({ eventId: pathId });

/** Whose eyes the attendee list is read with: `guest` is the organisers' preview of what a guest is sent. */
const ATTENDEE_VIEWS = ["guest"] as const;
export type AttendeeView = (typeof ATTENDEE_VIEWS)[number];

export const attendeesQuerySchema = z.object({
  as: z.enum(ATTENDEE_VIEWS, { error: /*i18n*/ "as must be guest" }).optional(),
});

export const respondBodySchema = z.object({
  status: z.enum(RESPONSE_VALUES, { error: /*i18n*/ "Status must be YES or NO" }),
});

export const hostActionBodySchema = z.object({
  eventId: z.string().max(100),
  status: z.enum(HOST_ACTION_VALUES, { error: /*i18n*/ "Status must be YES, NO or REQUESTED" }),
  rsvps: z
    .array(z.string().max(100))
    .min(1, RSVP_MESSAGES.noRsvps)
    .max(HOST_ACTION_MAX_RSVPS, RSVP_MESSAGES.tooManyRsvps)
    .transform((ids) => [...new Set(ids)]),
});

const eventIdField = z.string({ error: /*i18n*/ "eventId is required" }).max(100);

export const inviteBodySchema = z.object({
  eventId: eventIdField,
  invitees: z
    .array(
      z
        .string()
        .trim()
        .max(EMAIL_MAX_LENGTH + 1),
      { error: RSVP_MESSAGES.noInvitees },
    )
    .min(1, RSVP_MESSAGES.noInvitees)
    .max(INVITE_MAX_ADDRESSES, RSVP_MESSAGES.tooManyInvitees)
    .superRefine((addresses, ctx) => {
      const bad = addresses.find((address) => !isEmailAddress(address));
      if (bad !== undefined) ctx.addIssue({ code: "custom", message: RSVP_MESSAGES.invalidInvitee(bad) });
    })
    .transform((addresses) => [...new Set(addresses.map((address) => address.toLowerCase()))]),
  /** Always false from this app: invitations are sent by organisers, not by guests for themselves. */
  selfInvited: z.literal(false, { error: /*i18n*/ "selfInvited must be false" }).default(false),
});

/** Why an invited address was not e-mailed. */
export const UNREACHABLE_REASONS = {
  unsubscribedHere: /*i18n*/ "Unsubscribed from this experience's invitations",
  unsubscribedAll: /*i18n*/ "Unsubscribed from all invitations",
  dailyCap: /*i18n*/ "Already received 3 invitation e-mails today",
} as const;

/** An address the invitation (or reminder) was not e-mailed to, and why: the invitation itself still stands. */
const unreachableSchema = z.object({ email: z.string(), reason: z.string() }).meta({ id: "Unreachable" });
export type Unreachable = z.infer<typeof unreachableSchema>;

/**
 * What 'Invite by Email' did: who was invited now, who already had an invitation or a place (not invited twice), and
 * which of the invited were not e-mailed (they unsubscribed, or reached today's cap) but will find the invitation when
 * they sign in.
 */
export const invitationsSchema = z
  .object({ invited: z.array(z.string()), alreadyInvited: z.array(z.string()), unreachable: z.array(unreachableSchema) })
  .meta({ id: "Invitations" });

export type Invitations = z.infer<typeof invitationsSchema>;

const IMPORT_OUTCOMES = ["INVITED", "DUPLICATE", "INVALID"] as const;

/** The multipart form of the spreadsheet import; the file's type and size are checked by its bytes in the service. */
export const inviteFileFormSchema = z.object({
  file: z.instanceof(File, { message: RSVP_MESSAGES.notExcel }),
  eventId: eventIdField,
  selfInvited: z.enum(["false"], { error: /*i18n*/ "selfInvited must be false" }).default("false"),
});

/** The per-row report of a spreadsheet import: row numbers are the sheet's own (the header is row 1). */
export const importReportSchema = z
  .object({
    invited: z.number().int(),
    duplicates: z.number().int(),
    invalid: z.number().int(),
    rows: z.array(
      z.object({
        row: z.number().int(),
        email: z.string(),
        outcome: z.enum(IMPORT_OUTCOMES),
        /** Why a row was not invited (or, INVITED, not e-mailed), in words for the organiser; null when it was invited and mailed. */
        reason: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: "ImportReport" });

/** Reminders sent to everyone still pending (REQUESTED, ONBOARD_REQUESTED), and the addresses that could not be e-mailed. */
/** Why no one was reminded: no invitation waits for an answer, or those waiting are less than an hour old. */
const NOBODY_REMINDED_VALUES = ["NONE_PENDING", "TOO_RECENT"] as const;
export const remindersSchema = z
  .object({
    reminded: z.number().int(),
    unreachable: z.array(unreachableSchema),
    /** Set when no one was due a reminder (and the day's reminder stays unused). */
    nobody: z.enum(NOBODY_REMINDED_VALUES).optional(),
  })
  .meta({ id: "Reminders" });
export type Reminders = z.infer<typeof remindersSchema>;

export const eventPeopleParamsSchema = z.object({ eventId: pathId });

/** The people a host action names, by guid. */
export const peopleBodySchema = z.object({
  users: z
    .array(z.string().max(100), { error: RSVP_MESSAGES.noUsers })
    .min(1, RSVP_MESSAGES.noUsers)
    .max(PEOPLE_ACTION_MAX_USERS, RSVP_MESSAGES.tooManyUsers)
    .transform((ids) => [...new Set(ids)]),
});

/** Attendee groups added to or removed from the ticked RSVPs (docs/programme.md): the organisers' labels, never a guest's own. */
export const attendeeGroupsBodySchema = z
  .object({
    rsvps: z
      .array(z.string().max(100), { error: RSVP_MESSAGES.noRsvps })
      .min(1, RSVP_MESSAGES.noRsvps)
      .max(HOST_ACTION_MAX_RSVPS, RSVP_MESSAGES.tooManyRsvps)
      .transform((ids) => [...new Set(ids)]),
    add: z.array(groupName).max(20, SIGNUP_MESSAGES.groups).default([]),
    remove: z.array(groupName).max(20, SIGNUP_MESSAGES.groups).default([]),
  })
  .refine((body) => body.add.length + body.remove.length > 0, { message: /*i18n*/ "Name a group to add or remove" });

/** How many of the RSVPs named carry each group now. */
export const attendeeGroupsSchema = z.object({ changed: z.number().int().nonnegative() }).meta({ id: "AttendeeGroupsChanged" });

/** The experience's hosts after the change, by guid. */
export const hostsSchema = z.object({ hosts: z.array(z.string()) }).meta({ id: "Hosts" });

/** The caller's own RSVP, as the RSVP header reads it. */
export const ownRsvpSchema = z
  .object({
    id: z.string(),
    status: z.enum(RSVP_STATUS_VALUES),
    onboardStatus: z.string().nullable(),
    /** WAITLISTED: the place in the queue, from 1 ('You're #3 on the waitlist'); null otherwise. */
    waitlistPosition: z.number().int().nullable(),
  })
  .meta({ id: "OwnRsvp" });

export const selfRsvpSchema = z.object({ rsvp: ownRsvpSchema.nullable() }).meta({ id: "SelfRsvp" });

/** A person on the attendee list; `emailId` only for owner and hosts; `guid` null for an invitation still waiting for its account. */
const attendeeUserSchema = z
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
    /** WAITLISTED (owner and hosts only see those): the place in the queue, from 1; null otherwise. */
    waitlistPosition: z.number().int().nullable(),
    user: attendeeUserSchema,
  })
  .meta({ id: "Attendee" });

export const rsvpChangeSchema = z.object({ id: z.string(), status: z.enum(RSVP_STATUS_VALUES) }).meta({ id: "RsvpChange" });

export type OwnRsvp = z.infer<typeof ownRsvpSchema>;
export type Attendee = z.infer<typeof attendeeSchema>;
export type RsvpChange = z.infer<typeof rsvpChangeSchema>;
export type HostAction = (typeof HOST_ACTION_VALUES)[number];

// ── An invitation link (GET /oapi/invitations/{token}) ─────────────────────

export const INVITATION_NOT_FOUND = /*i18n*/ "This invitation link is not valid";
export const invitationTokenParamsSchema = z.object({ token: z.string().max(4000, INVITATION_NOT_FOUND) });
/** What an invitation mail's link tells the share page: whom it invites, to fill in the light sign-in, and whether it waits. */
export const invitationViewSchema = z
  .object({
    eventId: z.string(),
    email: z.string(),
    /** The names the organiser's invitation gave ('' when none): the sign-in form starts from them. */
    firstName: z.string(),
    lastName: z.string(),
    /** Still waiting for an answer (REQUESTED, ONBOARD_REQUESTED); false once answered or withdrawn. */
    pending: z.boolean(),
  })
  .meta({ id: "Invitation" });
export type InvitationView = z.infer<typeof invitationViewSchema>;

// ── One pending invitation (its row's menu in Attendees' Pending group) ─────

export const NOT_PENDING = /*i18n*/ "This invitation is no longer waiting for an answer";
export const pendingInvitationParamsSchema = z.object({ eventId: pathId, rsvpId: pathId });
/** A resend: whether the mail went out, or why not (unsubscribed, today's cap for the address). */
export const invitationResentSchema = z
  .object({ mailed: z.boolean(), unreachable: z.array(unreachableSchema) })
  .meta({ id: "InvitationResent" });
export type InvitationResent = z.infer<typeof invitationResentSchema>;
