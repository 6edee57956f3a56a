import type { Db } from "@worker/db/client";
import { eventRole, isOrganiser } from "@worker/domain/permissions";
import { forbidden, notFound } from "@worker/lib/errors";
import { BULLETIN_MESSAGES } from "./bulletin.schema";

/**
 * The caller's role, if they take part in the experience. The bulletin is for participants only: anyone else
 * (of a public experience too) gets the same 404 as for a missing experience.
 */
export async function requireBulletinReader(db: Db, eventId: string, userId: string) {
  const found = await eventRole(db, eventId, userId);
  if (!found || found.role === "none") throw notFound(/*i18n*/ "Event not found");
  return found.role;
}

/** Posting and deleting: the owner or a host (spec 2 §6, "Bulletin actions require isHost"). */
export async function requireBulletinHost(db: Db, eventId: string, userId: string) {
  const role = await requireBulletinReader(db, eventId, userId);
  if (!isOrganiser(role)) throw forbidden(BULLETIN_MESSAGES.hostsOnly);
  return role;
}
