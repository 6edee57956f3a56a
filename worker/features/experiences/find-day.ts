import { and, eq } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { programs } from "@worker/db/schema";
import { notFound } from "@worker/lib/errors";

/** The day, only if it belongs to this event: another event's day id is never reachable through this event's path. */
export async function findDay(db: Db, eventId: string, dayId: string): Promise<typeof programs.$inferSelect> {
  const [day] = await db
    .select()
    .from(programs)
    .where(and(eq(programs.id, dayId), eq(programs.eventId, eventId)))
    .limit(1);
  if (!day) throw notFound(/*i18n*/ "Day not found");
  return day;
}
