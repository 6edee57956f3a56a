import type { Checkin } from "@worker/shared/checkin-view.schema";

// Messages the EventRoom sends to the browsers of one event. They name what changed; browsers refetch
// through the API, so every read still passes the API's role checks.
export type LiveMessage =
  | { type: "itinerary.changed"; eventId: string }
  | { type: "event.changed"; eventId: string }
  | { type: "event.deleted"; eventId: string }
  | { type: "feed.posted"; eventId: string; postId: string }
  | { type: "feed.deleted"; eventId: string; postId: string }
  | { type: "like.changed"; eventId: string; postId: string; likesCount: number }
  | { type: "comment.changed"; eventId: string; postId: string; commentCount: number }
  /** Sent to the organisers only: an organiser hid or restored this post; their pages read it again, shown marked. */
  | { type: "feed.moderated"; eventId: string; postId: string }
  /** A post was hidden or restored, named to nobody (a hidden post's id is the organisers' alone): pages read the feed again. */
  | { type: "feed.refreshed"; eventId: string }
  /** Sent to the organisers only: reports or mutes changed; the 'Reported' list reads again. */
  | { type: "feed.reported"; eventId: string }
  | { type: "bulletin.changed"; eventId: string }
  | { type: "feedback.changed"; eventId: string }
  | { type: "rsvp.changed"; eventId: string }
  /** Sent to the organisers only: admissions recorded or undone, carried whole so every scanner applies them at once. */
  | { type: "checkin.scanned"; eventId: string; checkins: Checkin[] }
  /** Sent to the organisers only: lists or passes changed (a list added, a pass reissued); scanners read the sheet again. */
  | { type: "checkin.changed"; eventId: string }
  /** Sent to one person: their own answer changed their RSVP but not what they may follow; their page reads their place again. */
  | { type: "place.changed"; eventId: string }
  /** Sent to one guest: their pass changed (admitted, reissued); their pass card reads it again. */
  | { type: "pass.changed"; eventId: string }
  /** `owner` is whose list changed: `common`, or the guid of the one participant whose own documents did. */
  | { type: "documents.changed"; eventId: string; owner: string }
  /** Who is here now (docs/presence.md), sent by the room itself on joins, leaves and edits; `organisers` only to organisers. */
  | PresenceMessage;

/** An organiser on the event's page now: `editing` is the id of the activity whose edit form they have open. */
export interface PresentOrganiser {
  userId: string;
  name: string;
  avatar: string | null;
  editing: string | null;
}

export interface PresenceMessage {
  type: "presence";
  eventId: string;
  /** People on the page: each signed-in person once, however many tabs, and each anonymous page. */
  viewers: number;
  /** Sent to organisers only: the organisers here, their own entry included. */
  organisers?: PresentOrganiser[];
}

/** What a browser may tell the room: the activity whose edit form its organiser opened, or null when they closed it. */
export interface EditingMessage {
  type: "editing";
  activityId: string | null;
}

/**
 * Who a socket is: anyone watching a public event (everyone), a participant, or a signed-in person with an
 * RSVP to a private event who is not a participant (self: invited, asking to join, declined), whose socket
 * receives no fan-out, only what is about their own place (`place.changed`, or the close that says it changed).
 */
export type Audience = "everyone" | "participants" | "self";

/** Who may receive a message: everyone watching a public event, or only its participants. */
export const AUDIENCE_OF: Record<LiveMessage["type"], Exclude<Audience, "self">> = {
  "itinerary.changed": "everyone",
  "event.changed": "everyone",
  "event.deleted": "everyone",
  "feed.posted": "everyone",
  "feed.deleted": "everyone",
  "like.changed": "everyone",
  "comment.changed": "everyone",
  "feed.moderated": "participants",
  "feed.refreshed": "everyone",
  "feed.reported": "participants",
  "bulletin.changed": "participants",
  "feedback.changed": "participants",
  "rsvp.changed": "participants",
  "checkin.scanned": "participants",
  "checkin.changed": "participants",
  "pass.changed": "participants",
  "place.changed": "participants",
  "documents.changed": "participants",
  presence: "everyone",
};

/** The messages that carry a post's latest count: a burst of them for one post is coalesced (see COALESCE_WINDOW_MS). */
export type CountMessage = Extract<LiveMessage, { type: "like.changed" | "comment.changed" }>;
export const isCountMessage = (message: LiveMessage): message is CountMessage =>
  message.type === "like.changed" || message.type === "comment.changed";

/**
 * A count message for a post goes out at once; more of the same kind for the same post within this window are
 * held, and only the latest is sent when the window ends (which opens the next one). A hundred likes in a
 * second reach each socket as about six messages, the last with the final count.
 */
export const COALESCE_WINDOW_MS = 200;

/** How the room closes a socket whose viewer may no longer follow the event; the page acts on the code. */
export const LIVE_CLOSE = {
  /** The experience turned private and the viewer is not a participant: the page stops and refetches. */
  accessRevoked: { code: 4403, reason: "This experience is now private" },
  /** The viewer's sign-in ended (logout, password change): the page connects again as whoever is signed in now. */
  sessionEnded: { code: 4401, reason: "Your session has ended" },
  /** The viewer's place changed (made or unmade host, removed, approved; their own answer when it changes what they may follow): the page refetches and connects again with a new ticket. */
  roleChanged: { code: 4409, reason: "Your place in this experience changed" },
} as const;
