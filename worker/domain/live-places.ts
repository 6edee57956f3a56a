import type { Db } from "@worker/db/client";
import type { Audience } from "@worker/live/protocol";
import type { LivePlace } from "@worker/live/viewer";
import { ownRsvp } from "./own-rsvp";
import { eventRole, isOrganiser, isParticipant, type EventRole, type EventRow } from "./permissions";

/**
 * How a viewer may follow the event live: participants and (on a public event) everyone else; on a private event, a
 * signed-in person with an RSVP only for their own place (invited, asking to join, declined), so their page sees an
 * approval land. Null for a missing event, and for anyone else on a private one.
 */
export async function liveAccess(
  db: Db,
  eventId: string,
  userId: string | null,
): Promise<{ event: EventRow; role: EventRole; audience: Audience } | null> {
  const found = await eventRole(db, eventId, userId);
  if (!found) return null;
  const { event, role } = found;
  if (isParticipant(role)) return { event, role, audience: "participants" };
  if (event.privacy === "PUBLIC") return { event, role, audience: "everyone" };
  if (userId && (await ownRsvp(db, eventId, userId)).rsvp) return { event, role, audience: "self" };
  return null;
}

/** A person's place as the live room needs it, read now: what they may follow (null: nothing) and whether they organise. */
export async function livePlace(db: Db, eventId: string, userId: string): Promise<LivePlace> {
  const access = await liveAccess(db, eventId, userId);
  return { userId, audience: access?.audience ?? null, organiser: access ? isOrganiser(access.role) : false };
}
