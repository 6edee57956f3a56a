// What notifications are about, shared by the tables, the contract and the web (preferences, the service worker).

/** What a person can be told about, each with its own e-mail and push switch (docs/notifications.md). */
export const NOTIFY_KINDS = ["itinerary", "bulletins", "requests", "comments"] as const;
export type NotifyKind = (typeof NOTIFY_KINDS)[number];
export const NOTIFY_CHANNELS = ["email", "push"] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

/** What a change-log row is about. */
export const CHANGE_SUBJECTS = ["activity", "day", "experience", "bulletin", "rsvp", "host", "comment", "post"] as const;
export type ChangeSubject = (typeof CHANGE_SUBJECTS)[number];

/**
 * Fields only the History panel tells, never a digest, a push, 'What changed' or a calendar feed: an experience's, day's
 * or activity's name, subtitle, description, picture; an experience's privacy, RSVP type, capacity (an activity's: its
 * places); an activity's attendance, groups and sign-up window, and a move on its waitlist (docs/programme.md).
 */
export const ORGANISER_ONLY_FIELDS = [
  "name",
  "subtitle",
  "description",
  "image",
  "privacy",
  "rsvpType",
  "capacity",
  "attendance",
  "groups",
  "signupOpens",
  "signupCloses",
  "waitlistMoved",
] as const;

/** What changed about the subject. */
export const CHANGE_FIELDS = [
  // activity: its times, place and zone; added or removed (an activity removed is cancelled for its guests)
  "start",
  "end",
  "location",
  "timeZone",
  "added",
  "removed",
  // experience: its dates
  "dates",
  // bulletin
  "posted",
  // rsvp / host: the decisions about a person
  "requested",
  "approved",
  "rejected",
  "removedGuest",
  "madeHost",
  // rsvp: a request approved while the experience was full; a place from the waitlist (docs/waitlist.md)
  "waitlisted",
  "promoted",
  // activity sign-ups (docs/programme.md): a guest signed up or left (told to them when an organiser did it)
  "signedUp",
  "leftActivity",
  // comment on a post
  "commented",
  // post or comment reported to the organisers (kind requests)
  "reported",
  // the organisers' edits no guest acts on, for the History panel only
  ...ORGANISER_ONLY_FIELDS,
] as const;
export type ChangeField = (typeof CHANGE_FIELDS)[number];

/** What a push notification shows, and the page its click opens. */
export interface PushPayload {
  title: string;
  body: string;
  /** A path of the app, e.g. /experiences/{id}/itinerary. */
  url: string;
  /** Replaces an earlier notification with the same tag (one per experience and kind). */
  tag: string;
}

/** A person's switches without a row of theirs: e-mail for what is about them or their days, push wherever they subscribed. */
export const NOTIFY_DEFAULTS: Record<NotifyChannel, Record<NotifyKind, boolean>> = {
  email: { itinerary: true, bulletins: true, requests: true, comments: false },
  push: { itinerary: true, bulletins: true, requests: true, comments: true },
};
