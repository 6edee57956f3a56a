import { z } from "zod";

// A programme per guest (docs/programme.md): who attends an activity and who may see it. Shared with the web (the
// activity's view, the editor's fields): only zod and constants here.

/** EVERYONE: every guest attends (the default); SIGNUP: guests choose to come, up to its capacity, then wait. */
export const ATTENDANCE_VALUES = ["EVERYONE", "SIGNUP"] as const;
export type Attendance = (typeof ATTENDANCE_VALUES)[number];

/** IN: holds a place; WAITING: in the activity's queue. */
export const SIGNUP_STATUS_VALUES = ["IN", "WAITING"] as const;
export type SignupStatus = (typeof SIGNUP_STATUS_VALUES)[number];

export const SIGNUP_MESSAGES = {
  capacity: /*i18n*/ "Places must be a whole number from 1, or empty for no limit",
  attendance: /*i18n*/ "Attendance must be EVERYONE or SIGNUP",
  group: /*i18n*/ "A group name is 1 to 50 characters",
  groups: /*i18n*/ "An activity can be limited to at most 20 groups",
  window: /*i18n*/ "Signing up must open before it closes",
  closesAfterStart: /*i18n*/ "Signing up must close by the activity's start",
  notSignup: /*i18n*/ "Guests do not sign up for this activity: everyone attends",
  notGoing: /*i18n*/ "Only guests who are going to the experience can sign up",
  notOpen: /*i18n*/ "Signing up has not opened yet",
  closed: /*i18n*/ "Signing up has closed",
  overlaps: /*i18n*/ "You are already signed up for ''{name}'' at the same time",
  guestNotGoing: /*i18n*/ "{guest} is not going to the experience",
  guestNotInGroups: /*i18n*/ "{guest} is in none of this activity's groups",
  guestOverlaps: /*i18n*/ "{guest} is already signed up for ''{name}'' at the same time",
  guestNotFound: /*i18n*/ "This guest is not signed up for this activity",
  notWaiting: /*i18n*/ "{guest} is not on the waitlist",
} as const;

/** The place a guest holds or waits for, as their own view of the activity shows it. */
const mySignupSchema = z
  .object({
    status: z.enum(SIGNUP_STATUS_VALUES),
    position: z.number().int().positive().nullable().meta({ description: "Their place in the queue from 1 while WAITING; null while IN." }),
  })
  .meta({ id: "MySignup" });
export type MySignup = z.infer<typeof mySignupSchema>;

/** A SIGNUP activity's places, as every reader of the activity may see them. */
export const signupViewSchema = z
  .object({
    capacity: z.number().int().positive().nullable().meta({ description: "How many places; null: no limit." }),
    taken: z.number().int().nonnegative(),
    waiting: z.number().int().nonnegative(),
    opensAt: z.iso.datetime().nullable().meta({ description: "When signing up opens; null: it is open from the start." }),
    closesAt: z.iso.datetime().meta({ description: "When signing up closes: the time set, else the activity's start." }),
    mine: mySignupSchema.nullable().meta({ description: "The caller's place; null for a visitor or someone not signed up." }),
  })
  .meta({ id: "ActivitySignup" });
export type SignupView = z.infer<typeof signupViewSchema>;

/** A group name: an attendee label ('VIP', 'Speaker'), compared without regard to case. */
export const groupName = z.string({ error: SIGNUP_MESSAGES.group }).trim().min(1, SIGNUP_MESSAGES.group).max(50, SIGNUP_MESSAGES.group);

/** The activity editor's attendance fields, as the activity's PUT takes them (each optional: unchanged when absent). */
export const attendanceInputSchema = z.object({
  attendance: z.enum(ATTENDANCE_VALUES, { error: SIGNUP_MESSAGES.attendance }).optional(),
  capacity: z
    .number({ error: SIGNUP_MESSAGES.capacity })
    .int(SIGNUP_MESSAGES.capacity)
    .min(1, SIGNUP_MESSAGES.capacity)
    .max(1_000_000, SIGNUP_MESSAGES.capacity)
    .nullable()
    .optional()
    .meta({ description: "A SIGNUP activity's places; null: no limit. Raising it (or clearing it) gives freed places to those waiting." }),
  signupOpensAt: z.iso.datetime({ offset: true, error: /*i18n*/ "Opening time must be an ISO 8601 date-time" }).nullable().optional(),
  signupClosesAt: z.iso
    .datetime({ offset: true, error: /*i18n*/ "Closing time must be an ISO 8601 date-time" })
    .nullable()
    .optional()
    .meta({ description: "When signing up closes; null: at the activity's start." }),
  groups: z
    .array(groupName, { error: SIGNUP_MESSAGES.groups })
    .max(20, SIGNUP_MESSAGES.groups)
    .optional()
    .meta({ description: "The attendee groups (RSVP tags) it is shown to; empty: every guest. Organisers always see it." }),
});
