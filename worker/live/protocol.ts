// Messages the EventRoom sends to the browsers of one event. They name what changed; browsers refetch
// through the API, so every read still passes the API's role checks.
export type LiveMessage =
  | { type: "itinerary.changed"; eventId: string }
  | { type: "event.changed"; eventId: string }
  | { type: "event.deleted"; eventId: string }
  | { type: "feed.changed"; eventId: string; postId: string }
  | { type: "comment.changed"; eventId: string; postId: string }
  | { type: "like.changed"; eventId: string; postId: string; likesCount: number }
  | { type: "bulletin.changed"; eventId: string }
  | { type: "rsvp.changed"; eventId: string };

/**
 * Who a socket is: anyone watching a public event (everyone), a participant, or a signed-in person with an
 * RSVP to a private event who is not a participant (self: invited, asking to join, declined), whose socket
 * receives no message at all, only the close that says their own place changed.
 */
export type Audience = "everyone" | "participants" | "self";

/** Who may receive a message: everyone watching a public event, or only its participants. */
export const AUDIENCE_OF: Record<LiveMessage["type"], Exclude<Audience, "self">> = {
  "itinerary.changed": "everyone",
  "event.changed": "everyone",
  "event.deleted": "everyone",
  "feed.changed": "everyone",
  "comment.changed": "everyone",
  "like.changed": "everyone",
  "bulletin.changed": "participants",
  "rsvp.changed": "participants",
};

/** How the room closes a socket whose viewer may no longer follow the event; the page acts on the code. */
export const LIVE_CLOSE = {
  /** The experience turned private and the viewer is not a participant: the page stops and refetches. */
  accessRevoked: { code: 4403, reason: "This experience is now private" },
  /** The viewer's sign-in ended (logout, password change): the page connects again as whoever is signed in now. */
  sessionEnded: { code: 4401, reason: "Your session has ended" },
  /** The viewer's place changed (made or unmade host, removed, approved, answered): the page refetches and connects again with a new ticket. */
  roleChanged: { code: 4409, reason: "Your place in this experience changed" },
} as const;
