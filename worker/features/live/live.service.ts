import { eq } from "drizzle-orm";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { users } from "@worker/db/schema";
import { imageView } from "@worker/lib/files";
import type { Db } from "@worker/db/client";
import type { Bindings, SignedInUser } from "@worker/env";
import { clientOf } from "@worker/lib/auth/client";
import { isSessionActive, SESSION_EXPIRED } from "@worker/lib/auth/sessions";
import { AppError, notFound, unauthorized } from "@worker/lib/errors";
import { eventRole, isOrganiser, isParticipant, type EventRole, type EventRow } from "@worker/domain/permissions";
import { LIVE_VIEWER_HEADER, userHolder, type LiveViewer } from "@worker/live/event-room";
import type { LivePerson } from "@worker/live/presence";
import type { Audience } from "@worker/live/protocol";
import { eventRoom, roleChanged } from "@worker/live/publish";
import { ownRsvp } from "@worker/domain/own-rsvp";
import { openLiveTicket, sealLiveTicket } from "./live-ticket";
import type { LiveTicket } from "./live.schema";

export const TICKET_INVALID = "This live ticket is invalid or has expired.";

/**
 * How the viewer may follow the event live: participants and (on a public event) everyone else; on a private
 * event, a signed-in person with an RSVP only for their own place (invited, asking to join, declined), so
 * their page sees an approval land. 404 for a missing event and for anyone else on a private one.
 */
async function liveAccess(
  db: Db,
  eventId: string,
  userId: string | null,
): Promise<{ event: EventRow; role: EventRole; audience: Audience }> {
  const found = await eventRole(db, eventId, userId);
  if (!found) throw notFound("Event not found");
  const { event, role } = found;
  if (isParticipant(role)) return { event, role, audience: "participants" };
  if (event.privacy === "PUBLIC") return { event, role, audience: "everyone" };
  if (userId && (await ownRsvp(db, eventId, userId)).rsvp) return { event, role, audience: "self" };
  throw notFound("Event not found");
}

/** A ticket for the event's live socket: signed-in viewers get one bound to their sign-in, anonymous ones to nobody. */
export async function issueLiveTicket(env: Bindings, db: Db, eventId: string, user: SignedInUser | null): Promise<LiveTicket> {
  const { event } = await liveAccess(db, eventId, user?.id ?? null);
  return sealLiveTicket(env.JWT_SECRET, event.id, user ? { userId: user.id, sessionId: user.sessionId } : null);
}

/**
 * Opens the socket a ticket was issued for: the ticket must be unexpired and for this event, its
 * sign-in still alive, and the viewer's role is read again from D1; the room then spends the ticket,
 * applies the per-viewer cap and upgrades.
 */
export async function openLiveSocket(env: Bindings, db: Db, request: Request, eventId: string, ticket: string): Promise<Response> {
  const claims = await openLiveTicket(env.JWT_SECRET, ticket, eventId);
  if (!claims) throw unauthorized(TICKET_INVALID);
  if (claims.viewer && !(await isSessionActive(db, claims.viewer))) throw unauthorized(SESSION_EXPIRED);
  const { event, role, audience } = await liveAccess(db, eventId, claims.viewer?.userId ?? null);

  const viewer: LiveViewer = {
    eventId: event.id,
    audience,
    person: claims.viewer ? await livePerson(env, db, claims.viewer.userId, isOrganiser(role)) : null,
    holder: claims.viewer ? userHolder(claims.viewer.userId) : `network:${clientOf(request.headers)}`,
    sessionId: claims.viewer?.sessionId ?? null,
    ticketId: claims.ticketId,
    ticketExpiresAt: claims.expiresAt,
  };
  const headers = new Headers(request.headers);
  headers.set(LIVE_VIEWER_HEADER, JSON.stringify(viewer));
  const response = await eventRoom(env, event.id).fetch(new Request(request.url, { headers }));
  if (response.status !== 101) {
    const { error } = await response.json<{ error: string }>();
    throw new AppError(response.status as ContentfulStatusCode, error);
  }
  // A change of the viewer's place that landed between the read above and the accept found no socket of theirs
  // to close. Read again now that the socket is in the room: if its audience is stale, close it the same way.
  if (claims.viewer && (await audienceNow(db, eventId, claims.viewer.userId)) !== audience)
    await roleChanged(env, event.id, [claims.viewer.userId]);
  return response;
}

/**
 * Who the signed-in viewer is, for the room's presence: an organiser's name and picture as everyone sees them. Anyone
 * else is only counted (docs/presence.md), so their socket opens without reading them.
 */
async function livePerson(env: Bindings, db: Db, userId: string, organiser: boolean): Promise<LivePerson> {
  if (!organiser) return { userId, name: "", avatar: null, organiser };
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, picture: users.profilePicFileId })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const avatar = row?.picture ? await imageView(env, { source: "UPLOAD", fileId: row.picture }) : null;
  return { userId, name: `${row?.firstName ?? ""} ${row?.lastName ?? ""}`.trim(), avatar: avatar?.thumbnail ?? null, organiser };
}

async function audienceNow(db: Db, eventId: string, userId: string): Promise<Audience | null> {
  try {
    return (await liveAccess(db, eventId, userId)).audience;
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}

/**
 * Cross-site WebSocket hijacking guard: a browser always names the page's origin, which must be this
 * app's. A client without one (the mobile app, a script) is not a browser carrying someone's session.
 */
export function requireOwnOrigin(env: Bindings, request: Request) {
  const origin = request.headers.get("Origin");
  if (origin && origin !== env.APP_ORIGIN && origin !== new URL(request.url).origin) {
    throw new AppError(403, "Live updates are only available on this site.");
  }
}
