// The query keys several features and the live socket share (ARCHITECTURE §4 rules 9 and 11). A live
// message invalidates through the same factories the pages read with, so the two cannot drift apart.

export const experienceKeys = {
  /** Every list of experiences: the caller's own, and those shown on a profile. */
  all: ["events"] as const,
  byProfile: (guid: string) => ["events", "profile", guid] as const,
  detail: (eventId: string) => ["event", eventId] as const,
  /** The share link's read-only itinerary. */
  publicItinerary: (eventId: string) => ["public-itinerary", eventId] as const,
};

export const profileKeys = {
  current: ["profile"] as const,
};

/** Where the feed is read from: `/api` signed in, `/oapi` for a visitor of a public experience (spec 1 §6). */
export type FeedSource = "api" | "oapi";

export const feedKeys = {
  /** Everything of the event's feed: what a reconnect makes stale. */
  event: (eventId: string) => ["feed", eventId] as const,
  /** The paged list, from either source: live messages patch both. */
  lists: (eventId: string) => ["feed", eventId, "list"] as const,
  list: (eventId: string, source: FeedSource) => ["feed", eventId, "list", source] as const,
  post: (eventId: string, postId: string) => ["feed", eventId, "post", postId] as const,
  postFrom: (eventId: string, postId: string, source: FeedSource) => ["feed", eventId, "post", postId, source] as const,
  comments: (eventId: string, postId: string) => ["feed", eventId, "comments", postId] as const,
  commentsFrom: (eventId: string, postId: string, source: FeedSource) => ["feed", eventId, "comments", postId, source] as const,
  /** The organisers' 'Reported' list (moderation). */
  reports: (eventId: string) => ["feed", eventId, "reports"] as const,
};

/** The experience's documents: the Documents tab and the itinerary's activity panels read the same lists. */
export const documentKeys = {
  /** Every document list of an experience. */
  event: (eventId: string) => ["documents", eventId] as const,
  /** One list: a participant's own (their guid), or `common`. */
  of: (eventId: string, owner: string) => ["documents", eventId, owner] as const,
};

export const bulletinKeys = {
  event: (eventId: string) => ["bulletin", eventId] as const,
};

export const feedbackKeys = {
  /** Everything about the event's feedback forms: what a live `feedback.changed` makes stale. */
  event: (eventId: string) => ["feedback", eventId] as const,
  /** The owner's and hosts' list of forms. */
  list: (eventId: string) => ["feedback", eventId, "list"] as const,
  form: (eventId: string, formId: string) => ["feedback", eventId, "form", formId] as const,
  /** The published form a participant answers, with whether they have. */
  active: (eventId: string) => ["feedback", eventId, "active"] as const,
  results: (eventId: string, formId: string) => ["feedback", eventId, "results", formId] as const,
};

export const rsvpKeys = {
  /** Everything about the event's RSVPs (the list and the caller's own): what a live `rsvp.changed` makes stale. */
  event: (eventId: string) => ["rsvp", eventId] as const,
  list: (eventId: string) => ["rsvp", eventId, "list"] as const,
  self: (eventId: string) => ["rsvp", eventId, "self"] as const,
  /** An invitation link's token, read by the share page of a signed-out guest. */
  invitation: (token: string) => ["invitation", token] as const,
};

/** 'What changed since you last looked': a live message about what it tells makes it stale (features/notifications). */
export const changeKeys = {
  event: (eventId: string) => ["changes", eventId] as const,
  /** The organisers' History panel (features/history), under the same prefix: what makes the changes stale makes it stale. */
  history: (eventId: string, day: string, person: string) => ["changes", eventId, "history", day, person] as const,
};

/** The organisers' check-in sheet (features/checkin): a live `checkin.changed` or `rsvp.changed` (revocations) makes it stale. */
export const checkinKeys = {
  sheet: (eventId: string) => ["checkin", eventId, "sheet"] as const,
};
