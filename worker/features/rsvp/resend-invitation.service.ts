import type { Db } from "@worker/db/client";
import { rsvps } from "@worker/db/schema";
import type { Bindings } from "@worker/env";
import { notFound } from "@worker/lib/errors";
import { sendWithinLimits } from "./invitation-limits";
import { mailInvitations, recipientsOf } from "./invitations.service";
import { requirePendingInvitation, stillPending } from "./pending-invitation";
import { NOT_PENDING, type InvitationResent } from "./rsvp.schema";

/**
 * 'Resend invitation' on one pending invitation (owner or hosts): the invitation mail again, within the mail limits
 * (invitation-limits.ts); the invitation counts as sent now, so the day's reminder leaves it an hour. Answered or
 * withdrawn meanwhile: 404, and nothing is sent.
 */
export async function resendInvitation(env: Bindings, db: Db, userId: string, eventId: string, rsvpId: string): Promise<InvitationResent> {
  const event = await requirePendingInvitation(db, eventId, userId, rsvpId);
  const candidates = await recipientsOf(db, eventId, [rsvpId]);
  const sent = await sendWithinLimits(env, db, userId, eventId, {
    candidates: candidates.map((recipient) => recipient.email),
    write: async () => {
      const touched = await db
        .update(rsvps)
        .set({ updatedAt: new Date() })
        .where(stillPending(eventId, rsvpId))
        .returning({ id: rsvps.id });
      if (touched.length === 0) throw notFound(NOT_PENDING);
      return { result: null, recipients: candidates };
    },
    mail: (recipients) => mailInvitations(env, db, event, userId, recipients, "invitation"),
  });
  return { mailed: (sent?.mailed ?? 0) > 0, unreachable: sent?.unreachable ?? [] };
}
