import type { Db } from "@worker/db/client";
import { eventRole, isParticipant, type EventRole } from "@worker/domain/permissions";
import { forbidden, notFound } from "@worker/lib/errors";
import { NOTIFICATION_MESSAGES } from "./notifications.schema";

/**
 * The caller's role, if they take part in the experience (owner, host, a guest who said yes or maybe): only they hear
 * about it. Anyone who may not know a private experience exists gets the same 404 as for a missing one; someone who
 * can see a public one without taking part, 403 in words.
 */
export async function requireParticipant(db: Db, eventId: string, userId: string): Promise<EventRole> {
  const found = await eventRole(db, eventId, userId);
  if (!found) throw notFound(/*i18n*/ "Event not found");
  if (isParticipant(found.role)) return found.role;
  if (found.event.privacy === "PRIVATE") throw notFound(/*i18n*/ "Event not found");
  throw forbidden(NOTIFICATION_MESSAGES.notParticipant);
}
