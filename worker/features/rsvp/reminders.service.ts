import { and, eq, inArray, isNull, lt, or } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { rsvps, type RsvpStatus } from "@worker/db/schema";
import type { Bindings } from "@worker/env";
import { requireEventRole } from "@worker/domain/permissions";
import { mailInvitations, recipientsOf } from "./invitations.service";

/** Invitations still waiting for an answer. */
const PENDING_STATUSES: RsvpStatus[] = ["REQUESTED", "ONBOARD_REQUESTED"];
/** A guest is reminded at most once an hour, however often hosts click 'Send reminder'. */
export const REMINDER_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Mails a reminder to every pending invitation of the experience (owner or hosts only) not reminded in the
 * last hour; answers how many were mailed now. The RSVPs are claimed by one conditional UPDATE, so clicks
 * landing at once remind each guest once.
 */
export async function remindPending(env: Bindings, db: Db, userId: string, eventId: string): Promise<number> {
  const { event } = await requireEventRole(db, eventId, userId, ["owner", "host"]);
  const now = new Date();
  const claimed = await db
    .update(rsvps)
    .set({ remindedAt: now })
    .where(
      and(
        eq(rsvps.eventId, eventId),
        inArray(rsvps.status, PENDING_STATUSES),
        or(isNull(rsvps.remindedAt), lt(rsvps.remindedAt, new Date(now.getTime() - REMINDER_INTERVAL_MS))),
      ),
    )
    .returning({ id: rsvps.id });
  const recipients = await recipientsOf(
    db,
    eventId,
    claimed.map((row) => row.id),
  );
  return mailInvitations(env, db, event, userId, recipients, "reminder");
}
