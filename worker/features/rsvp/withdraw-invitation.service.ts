import type { Db } from "@worker/db/client";
import { rsvps } from "@worker/db/schema";
import { notFound } from "@worker/lib/errors";
import { requirePendingInvitation, stillPending } from "./pending-invitation";
import { NOT_PENDING } from "./rsvp.schema";

/**
 * 'Withdraw invitation' on one pending invitation (owner or hosts): the RSVP is deleted, so its link answers 404 and the
 * address may be invited again. One conditional DELETE: an invitation answered meanwhile stays, and the answer is 404.
 */
export async function withdrawInvitation(db: Db, userId: string, eventId: string, rsvpId: string): Promise<void> {
  await requirePendingInvitation(db, eventId, userId, rsvpId);
  const deleted = await db.delete(rsvps).where(stillPending(eventId, rsvpId)).returning({ id: rsvps.id });
  if (deleted.length === 0) throw notFound(NOT_PENDING);
}
