import type { Db } from "@worker/db/client";
import { eventRole, isOrganiser } from "@worker/domain/permissions";
import { forbidden, notFound } from "@worker/lib/errors";
import { CHECKIN_MESSAGES } from "./checkin.schema";

/**
 * Check-in is the organisers' (owner and hosts), read from D1 on every request, so a host removed a moment ago is
 * refused at once. A guest is told why (403); anyone else gets the same 404 as for a missing experience.
 */
export async function requireCheckinOrganiser(db: Db, eventId: string, userId: string) {
  const found = await eventRole(db, eventId, userId);
  if (!found || found.role === "none") throw notFound(/*i18n*/ "Event not found");
  if (!isOrganiser(found.role)) throw forbidden(CHECKIN_MESSAGES.organisersOnly);
  return found.event;
}
