import { eq } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { eventHosts, events } from "@worker/db/schema";
import { requireEventRole } from "./permissions";

/** The event, if the user may change it: its owner or one of its hosts. */
export const requireOrganiser = (db: Db, eventId: string, userId: string) => requireEventRole(db, eventId, userId, ["owner", "host"]);

/** The user ids of the event's owner and hosts, read now. */
export async function organiserIds(db: Db, eventId: string): Promise<string[]> {
  const [owners, hosts] = await db.batch([
    db.select({ userId: events.ownerId }).from(events).where(eq(events.id, eventId)),
    db.select({ userId: eventHosts.userId }).from(eventHosts).where(eq(eventHosts.eventId, eventId)),
  ]);
  return [...owners, ...hosts].map((row) => row.userId);
}
