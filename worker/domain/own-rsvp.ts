import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { rsvps, users } from "@worker/db/schema";
import { unauthorized } from "@worker/lib/errors";
import { waitlistPosition } from "./waitlist";

/** The columns of a person's own RSVP, as the RSVP header shows it. */
export const ownRsvpColumns = { id: rsvps.id, status: rsvps.status, onboardStatus: rsvps.onboardStatus };

/** The caller's RSVP: the one on their account, else an invitation to their address still waiting for an account. */
export async function ownRsvp(db: Db, eventId: string, userId: string) {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw unauthorized(/*i18n*/ "Your session has expired. Please sign in again.");
  const [row] = await db
    .select({ ...ownRsvpColumns, waitlistPosition })
    .from(rsvps)
    .where(and(eq(rsvps.eventId, eventId), or(eq(rsvps.userId, userId), and(isNull(rsvps.userId), eq(rsvps.email, user.email)))))
    .orderBy(sql`${rsvps.userId} is null`)
    .limit(1);
  return { email: user.email, rsvp: row ?? null };
}
