import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { rsvps } from "@worker/db/schema";

// The SQL of the waitlist (docs/waitlist.md). Places are RSVPs in status YES; the owner holds no RSVP, and a host keeps
// the guest RSVP they were made from. Promotion when a place frees is done by migrations/0018's
// triggers over the view `waitlist_due`.

/** Whether the experience has a free place now: no capacity, or fewer YES than it, and no one already waiting. */
const hasRoom = (eventId: string) => sql`(
  select e.capacity is null or (
    e.capacity > (select count(*) from rsvps y where y.event_id = e.id and y.status = 'YES')
    and not exists (select 1 from rsvps w where w.event_id = e.id and w.status = 'WAITLISTED')
  ) from events e where e.id = ${eventId})`;

/**
 * The columns of a join or an approval, decided inside the write's own statement (D1 runs one statement at a time):
 * YES while there is room, else WAITLISTED at the end of the queue. Two joins at once for the last place: one of each.
 */
export function admission(eventId: string) {
  const room = hasRoom(eventId);
  return {
    status: sql<"YES" | "WAITLISTED">`case when ${room} then 'YES' else 'WAITLISTED' end`,
    waitlistRank: sql<number | null>`case when ${room} then null
      else (select coalesce(max(w.waitlist_rank), 0) + 1 from rsvps w where w.event_id = ${eventId}) end`,
  };
}

/** An RSVP's place in the queue, counted densely from 1 (ranks may have gaps); null when it is not waiting. */
export const waitlistPosition = sql<number | null>`case when "rsvps"."status" = 'WAITLISTED' then (
  select count(*) from rsvps w where w.event_id = "rsvps"."event_id" and w.status = 'WAITLISTED'
    and (w.waitlist_rank < "rsvps"."waitlist_rank" or (w.waitlist_rank = "rsvps"."waitlist_rank" and w.id <= "rsvps"."id"))
) end`;

/** The people waiting for a place: read before a write that may promote them or move them up, whose pages then follow. */
export async function waitlistedPeople(db: Db, eventId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: rsvps.userId })
    .from(rsvps)
    .where(and(eq(rsvps.eventId, eventId), eq(rsvps.status, "WAITLISTED")));
  return rows.flatMap((row) => (row.userId ? [row.userId] : []));
}
