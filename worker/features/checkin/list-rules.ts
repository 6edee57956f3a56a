import { and, eq } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { activities, programs } from "@worker/db/schema";
import { badRequest } from "@worker/lib/errors";
import { CHECKIN_MESSAGES } from "./checkin.schema";

/** A list as it would stand after a create or a change. */
export interface ListShape {
  dayId: string | null;
  activityId: string | null;
  opensAt: Date | null;
  closesAt: Date | null;
}

/** Refuses a list for a day or an activity of another experience, for both at once, or closing before it opens (400). */
export async function checkListShape(db: Db, eventId: string, list: ListShape): Promise<void> {
  if (list.dayId && list.activityId) throw badRequest(CHECKIN_MESSAGES.dayOrActivity);
  if (list.opensAt && list.closesAt && list.closesAt.getTime() <= list.opensAt.getTime()) throw badRequest(CHECKIN_MESSAGES.badWindow);
  const [days, acts] = await db.batch([
    db
      .select({ id: programs.id })
      .from(programs)
      .where(and(eq(programs.id, list.dayId ?? ""), eq(programs.eventId, eventId))),
    db
      .select({ id: activities.id })
      .from(activities)
      .where(and(eq(activities.id, list.activityId ?? ""), eq(activities.eventId, eventId))),
  ]);
  if (list.dayId && days.length === 0) throw badRequest(CHECKIN_MESSAGES.badDay);
  if (list.activityId && acts.length === 0) throw badRequest(CHECKIN_MESSAGES.badActivity);
}

/** A time of the body (ISO with a zone, or null to clear it). */
export const timeOf = (value: string | null | undefined) => (value ? new Date(value) : null);
