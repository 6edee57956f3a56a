import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { feedLikes, feedPosts } from "@worker/db/schema";
import { isOrganiser } from "@worker/domain/permissions";
import { notFound } from "@worker/lib/errors";
import { requireUnmuted } from "./feed-access";
import { NOW, visiblePosts } from "./feed-views";
import { FEED_MESSAGES } from "./feed.schema";

/**
 * Likes the post if the caller does not like it yet, and unlikes it otherwise. The like row and the post's
 * count change in one D1 batch, the count recounted from the rows, so any number of people liking at once
 * leave likes_count equal to the likes stored.
 */
export async function toggleLike(
  db: Db,
  eventId: string,
  postId: string,
  userId: string,
): Promise<{ likesCount: number; selfLike: boolean }> {
  const moderator = isOrganiser((await requireUnmuted(db, eventId, userId)).role);
  const [post] = await db
    .select({ liked: sql<number>`exists(select 1 from feed_likes l where l.post_id = ${postId} and l.user_id = ${userId})` })
    .from(feedPosts)
    // A post the organisers hid is not there for a guest, as for every other read and write of it.
    .where(and(eq(feedPosts.id, postId), eq(feedPosts.eventId, eventId), visiblePosts(moderator)))
    .limit(1);
  if (!post) throw notFound(FEED_MESSAGES.postNotFound);
  const selfLike = !post.liked;
  // Written towards what the caller saw: a second click racing the first leaves the same state, never an error.
  const write = selfLike
    ? db
        .insert(feedLikes)
        .select(
          db
            .select({ postId: feedPosts.id, userId: sql<string>`${userId}`.as("user_id"), createdAt: NOW })
            .from(feedPosts)
            .where(and(eq(feedPosts.id, postId), visiblePosts(moderator))),
        )
        .onConflictDoNothing()
    : db.delete(feedLikes).where(and(eq(feedLikes.postId, postId), eq(feedLikes.userId, userId)));
  const recount = db
    .update(feedPosts)
    .set({ likesCount: sql`(select count(*) from feed_likes l where l.post_id = ${postId})` })
    .where(eq(feedPosts.id, postId))
    .returning({ likesCount: feedPosts.likesCount });
  const [, counted] = await db.batch([write, recount]);
  const [row] = counted;
  if (!row) throw notFound(FEED_MESSAGES.postNotFound);
  return { likesCount: row.likesCount, selfLike };
}
