import { and, eq } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { notificationMutes } from "@worker/db/schema";
import { requireParticipant } from "./participant-access";

/** Mutes (or unmutes) an experience for a participant: nothing about it reaches them, of any kind, on any channel. */
export async function setMute(db: Db, eventId: string, userId: string, muted: boolean) {
  await requireParticipant(db, eventId, userId);
  if (muted) await db.insert(notificationMutes).values({ userId, eventId }).onConflictDoNothing();
  else await db.delete(notificationMutes).where(and(eq(notificationMutes.userId, userId), eq(notificationMutes.eventId, eventId)));
  return { eventId, muted };
}
