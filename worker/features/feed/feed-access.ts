import { and, eq } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { feedMutes } from "@worker/db/schema";
import { eventRole, isOrganiser, requireEventRole, type EventRole } from "@worker/domain/permissions";
import { forbidden, notFound, tooManyRequests } from "@worker/lib/errors";
import type { FeedAction } from "@worker/shared/feed-limits";
import { LIMIT_MESSAGES, limitValues, MODERATION_MESSAGES } from "./moderation.schema";

/** Participants read, post, like and comment. */
const PARTICIPANTS: EventRole[] = ["owner", "host", "guest"];

/**
 * The experience's feed as this viewer may read it (null: a visitor who is not signed in). Anyone reads a
 * public experience's feed; nobody outside a private one learns it exists.
 */
export async function readableFeed(db: Db, eventId: string, viewerId: string | null) {
  const found = await eventRole(db, eventId, viewerId);
  if (!found || (found.role === "none" && found.event.privacy === "PRIVATE")) throw notFound(/*i18n*/ "Event not found");
  return found;
}

/** Posting, liking and commenting: participants only (a stranger of a public experience gets 403, of a private one 404). */
const requireParticipant = (db: Db, eventId: string, userId: string) => requireEventRole(db, eventId, userId, PARTICIPANTS);

/** Moderating: the owner and hosts (a guest or a stranger of a public experience gets 403, of a private one 404). */
export async function requireModerator(db: Db, eventId: string, userId: string) {
  const found = await requireParticipant(db, eventId, userId);
  if (found.role === "guest") throw forbidden(MODERATION_MESSAGES.organisersOnly);
  return found;
}

/** Whether an organiser muted this person in the experience's feed. */
async function isMuted(db: Db, eventId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: feedMutes.userId })
    .from(feedMutes)
    .where(and(eq(feedMutes.eventId, eventId), eq(feedMutes.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** A participant who is not muted: liking (and, through requireFeedPlace, posting, commenting and reporting). */
export async function requireUnmuted(db: Db, eventId: string, userId: string) {
  const [found, muted] = await Promise.all([requireParticipant(db, eventId, userId), isMuted(db, eventId, userId)]);
  if (muted) throw forbidden(MODERATION_MESSAGES.muted);
  return found;
}

/** Takes one of the caller's places for an action in the experience's EventRoom: null when allowed, else the seconds to wait. */
export type TakeFeedPlace = (action: FeedAction) => Promise<number | null>;

/**
 * A participant who is not muted, within their per-minute limit for this action (held by the experience's
 * EventRoom, docs/moderation.md; the route hands over `take`): 403 for a muted person, 429 in plain words past the
 * limit. The owner and hosts are not limited: they moderate the feed (and post the day's announcements in bursts).
 */
export async function requireFeedPlace(db: Db, eventId: string, userId: string, action: FeedAction, take: TakeFeedPlace) {
  const found = await requireUnmuted(db, eventId, userId);
  if (isOrganiser(found.role)) return found;
  const wait = await take(action);
  if (wait !== null) throw tooManyRequests(LIMIT_MESSAGES[action], limitValues(action, wait));
  return found;
}
