import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { passes, rsvps } from "@worker/db/schema";
import { notFound } from "@worker/lib/errors";
import { requireCheckinOrganiser } from "./checkin-access";
import { CHECKIN_MESSAGES } from "./checkin.schema";
import { NEW_SERIAL } from "./passes";

/**
 * Revokes the guest's current pass (REISSUED) and issues a new one, in one batch whose statements each hold only while
 * the RSVP is attending: a decline landing meanwhile leaves no pass behind. Answers the new serial and whose it is.
 */
export async function reissuePass(
  db: Db,
  eventId: string,
  rsvpId: string,
  userId: string,
): Promise<{ serial: string; guestId: string | null }> {
  await requireCheckinOrganiser(db, eventId, userId);
  const attending = and(eq(rsvps.id, rsvpId), eq(rsvps.eventId, eventId), eq(rsvps.status, "YES"));
  const now = Date.now();
  const [, , [issued]] = await db.batch([
    db
      .update(passes)
      .set({ revokedAt: new Date(now), revokedReason: "REISSUED" })
      .where(and(eq(passes.rsvpId, rsvpId), isNull(passes.revokedAt), sql`exists (select 1 from ${rsvps} where ${attending})`)),
    db
      .insert(passes)
      .select(
        db
          .select({
            // Every column, in the table's order, as an insert-select needs.
            serial: sql<string>`${NEW_SERIAL}`.as("serial"),
            eventId: sql<string>`${eventId}`.as("event_id"),
            rsvpId: rsvps.id,
            issuedAt: sql<Date>`${now}`.as("issued_at"),
            revokedAt: sql<Date | null>`null`.as("revoked_at"),
            revokedReason: sql<null>`null`.as("revoked_reason"),
            mailedAt: sql<Date | null>`null`.as("mailed_at"),
          })
          .from(rsvps)
          .where(attending),
      )
      .onConflictDoNothing(),
    db
      .select({ serial: passes.serial, guestId: rsvps.userId })
      .from(passes)
      .innerJoin(rsvps, eq(rsvps.id, passes.rsvpId))
      .where(and(eq(passes.rsvpId, rsvpId), isNull(passes.revokedAt), attending)),
  ]);
  if (!issued) throw notFound(CHECKIN_MESSAGES.attendeeNotFound);
  return issued;
}
