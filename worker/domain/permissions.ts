import { eq, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { events, type RsvpStatus } from "@worker/db/schema";
import { forbidden, notFound } from "@worker/lib/errors";

export type EventRole = "owner" | "host" | "guest" | "none";

/** RSVP statuses that make someone a guest of the experience (a participant). */
export const GUEST_STATUSES: RsvpStatus[] = ["YES", "MAYBE"];

export type EventRow = typeof events.$inferSelect;

/** What this user is to this event, read from D1 on every call (never from the token). Null when the event does not exist. */
export async function eventRole(db: Db, eventId: string, userId: string | null): Promise<{ event: EventRow; role: EventRole } | null> {
  const uid = userId ?? "";
  const [row] = await db
    .select({
      event: events,
      // drizzle leaves columns unqualified in a one-table select, so the correlated subqueries name theirs.
      isHost: sql<number>`exists(select 1 from event_hosts h where h.event_id = events.id and h.user_id = ${uid})`,
      isGuest: sql<number>`exists(select 1 from rsvps r where r.event_id = events.id and r.user_id = ${uid} and r.status in (${sql.join(
        GUEST_STATUSES.map((s) => sql`${s}`),
        sql`, `,
      )}))`,
    })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  if (!row) return null;
  const role: EventRole = userId && row.event.ownerId === userId ? "owner" : row.isHost ? "host" : row.isGuest ? "guest" : "none";
  return { event: row.event, role };
}

export const isOrganiser = (role: EventRole) => role === "owner" || role === "host";
export const isParticipant = (role: EventRole) => role !== "none";

/**
 * Loads the event and checks the caller holds one of the roles. A caller who may not know the event
 * exists (a stranger to a private event) gets the same 404 as for a missing one.
 */
export async function requireEventRole(db: Db, eventId: string, userId: string | null, allowed: EventRole[]) {
  const found = await eventRole(db, eventId, userId);
  if (!found) throw notFound(/*i18n*/ "Event not found");
  const { event, role } = found;
  if (!allowed.includes(role)) {
    if (role === "none" && event.privacy === "PRIVATE") throw notFound(/*i18n*/ "Event not found");
    throw forbidden();
  }
  return found;
}
