import { and, eq } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { feedMutes } from "@worker/db/schema";
import { eventRole, isOrganiser } from "@worker/domain/permissions";
import { badRequest, notFound } from "@worker/lib/errors";
import { requireModerator } from "./feed-access";
import { MODERATION_MESSAGES } from "./moderation.schema";

/**
 * Mutes a participant in the experience's feed, or unmutes them, as the owner or a host (idempotent). A muted person
 * still reads the feed; posting, commenting, liking, uploading and reporting answer 403. Organisers cannot be muted.
 */
export async function setMute(db: Db, eventId: string, moderatorId: string, targetId: string, muted: boolean) {
  await requireModerator(db, eventId, moderatorId);
  const target = await eventRole(db, eventId, targetId);
  if (muted) {
    if (!target || target.role === "none") throw notFound(MODERATION_MESSAGES.notParticipant);
    if (isOrganiser(target.role)) throw badRequest(MODERATION_MESSAGES.muteOrganiser);
    await db.insert(feedMutes).values({ eventId, userId: targetId, mutedById: moderatorId }).onConflictDoNothing();
  } else {
    await db.delete(feedMutes).where(and(eq(feedMutes.eventId, eventId), eq(feedMutes.userId, targetId)));
  }
  return { userId: targetId, muted };
}
