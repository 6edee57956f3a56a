import { eq } from "drizzle-orm";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Db } from "@worker/db/client";
import { users } from "@worker/db/schema";
import { liveAccess } from "@worker/domain/live-places";
import { isOrganiser } from "@worker/domain/permissions";
import type { Bindings, SignedInUser } from "@worker/env";
import { clientOf } from "@worker/lib/auth/client";
import { isSessionActive, SESSION_EXPIRED } from "@worker/lib/auth/sessions";
import { AppError, notFound, unauthorized } from "@worker/lib/errors";
import { imageView } from "@worker/lib/files";
import { roleChanged } from "@worker/live/publish";
import { eventRoom } from "@worker/live/room";
import { LIVE_VIEWER_HEADER, userHolder } from "@worker/live/viewer";
import type { LivePerson, LiveViewer } from "@worker/live/viewer";
import { openLiveTicket, sealLiveTicket } from "./live-ticket";
import type { LiveTicket } from "./live.schema";

export const TICKET_INVALID = "This live ticket is invalid or has expired.";

/** liveAccess, with a 404 for someone who may not follow the event. */
async function requireLiveAccess(db: Db, eventId: string, userId: string | null) {
  const access = await liveAccess(db, eventId, userId);
  if (!access) throw notFound("Event not found");
  return access;
}

/** A ticket for the event's live socket: signed-in viewers get one bound to their sign-in, anonymous ones to nobody. */
export async function issueLiveTicket(env: Bindings, db: Db, eventId: string, user: SignedInUser | null): Promise<LiveTicket> {
  const { event } = await requireLiveAccess(db, eventId, user?.id ?? null);
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
  const { event, role, audience } = await requireLiveAccess(db, eventId, claims.viewer?.userId ?? null);

  const viewer: LiveViewer = {
    eventId: event.id,
    audience,
    person: claims.viewer ? await livePerson(env, db, claims.viewer.userId, isOrganiser(role)) : null,
    holder: claims.viewer ? userHolder(claims.viewer.userId) : `network:${clientOf(request.headers)}`,
    sessionId: claims.viewer?.sessionId ?? null,
    ticketId: claims.ticketId,
    ticketIssuedAt: claims.issuedAt,
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
  if (claims.viewer && (await liveAccess(db, eventId, claims.viewer.userId))?.audience !== audience)
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
