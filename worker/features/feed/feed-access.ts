import type { Db } from "@worker/db/client";
import { notFound } from "@worker/lib/errors";
import { eventRole, requireEventRole, type EventRole } from "@worker/domain/permissions";

/** Participants read, post, like and comment. */
const PARTICIPANTS: EventRole[] = ["owner", "host", "guest"];

/**
 * The experience's feed as this viewer may read it (null: a visitor who is not signed in). Anyone reads a
 * public experience's feed; nobody outside a private one learns it exists.
 */
export async function readableFeed(db: Db, eventId: string, viewerId: string | null) {
  const found = await eventRole(db, eventId, viewerId);
  if (!found || (found.role === "none" && found.event.privacy === "PRIVATE")) throw notFound("Event not found");
  return found;
}

/** Posting, liking and commenting: participants only (a stranger of a public experience gets 403, of a private one 404). */
export const requireParticipant = (db: Db, eventId: string, userId: string) => requireEventRole(db, eventId, userId, PARTICIPANTS);
