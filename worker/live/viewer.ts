import type { Audience } from "./protocol";

// Who a live socket is: the Worker admits a viewer (features/live) and hands it to the experience's room
// (worker/event-room.ts), which keeps it on the socket through hibernation.

/** The header on which the Worker hands the room a viewer it has admitted (the room is reachable only from the Worker). */
export const LIVE_VIEWER_HEADER = "X-Live-Viewer";

/** Sockets one signed-in user may hold on one event (tabs and devices together). */
export const MAX_SOCKETS_PER_USER = 5;
/** Sockets anonymous viewers from one network may hold on one event: a venue's Wi-Fi shows as one address. */
export const MAX_SOCKETS_PER_NETWORK = 256;

export const TICKET_SPENT = "This live ticket has already been used.";
export const TOO_MANY_SOCKETS = "Too many live connections to this experience. Close another tab and try again.";

/** Who a signed-in viewer is, read from D1 when the socket is admitted. */
export interface LivePerson {
  userId: string;
  name: string;
  avatar: string | null;
  organiser: boolean;
}

export interface LiveViewer {
  eventId: string;
  audience: Audience;
  /** Who a signed-in viewer is, for presence (docs/presence.md); null when anonymous. */
  person: LivePerson | null;
  /** Whose sockets count together against the cap: `user:<id>`, or `network:<address>` when anonymous. */
  holder: string;
  /** The sign-in a signed-in viewer's socket lives and dies with. */
  sessionId: string | null;
  ticketId: string;
  /** Epoch milliseconds: when the page asked for its ticket (the room replays what was published since, live/recent.ts). */
  ticketIssuedAt: number;
  /** Epoch milliseconds. */
  ticketExpiresAt: number;
}

/**
 * What each socket carries through hibernation (serializeAttachment; well under its 2 KB): the event, the person
 * (null when anonymous), what they edit, and when the socket opened.
 */
export interface SocketAttachment {
  eventId: string;
  audience: Audience;
  person: LivePerson | null;
  editing: string | null;
  openedAt: number;
}

/** A person's place in the experience as the room needs it: what they may follow (null: nothing) and whether they organise it. */
export interface LivePlace {
  userId: string;
  audience: Audience | null;
  organiser: boolean;
}

const USER_HOLDER = "user:";
/** The holder tag of a signed-in viewer's sockets. */
export const userHolder = (userId: string) => USER_HOLDER + userId;
export const isUserHolder = (holder: string) => holder.startsWith(USER_HOLDER);
