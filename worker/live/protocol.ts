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

/** Who may receive a message: everyone watching a public event, or only its participants. */
export type Audience = "everyone" | "participants";

export const AUDIENCE_OF: Record<LiveMessage["type"], Audience> = {
  "itinerary.changed": "everyone",
  "event.changed": "everyone",
  "event.deleted": "everyone",
  "feed.changed": "everyone",
  "comment.changed": "everyone",
  "like.changed": "everyone",
  "bulletin.changed": "participants",
  "rsvp.changed": "participants",
};
