import { and, eq } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { feedPosts } from "@worker/db/schema";
import { isOrganiser } from "@worker/domain/permissions";
import type { Bindings } from "@worker/env";
import { forbidden, notFound } from "@worker/lib/errors";
import { deleteFiles } from "@worker/lib/files";
import { readableFeed } from "./feed-access";
import { FEED_MESSAGES } from "./feed.schema";

/** Deletes a post (its likes and comments cascade) as its author, the owner or a host; then its photo or video. */
export async function deletePost(env: Bindings, db: Db, eventId: string, postId: string, userId: string): Promise<void> {
  const { role } = await readableFeed(db, eventId, userId);
  const thePost = and(eq(feedPosts.id, postId), eq(feedPosts.eventId, eventId));
  const [post] = await db.select({ authorId: feedPosts.authorId }).from(feedPosts).where(thePost).limit(1);
  if (!post) throw notFound(FEED_MESSAGES.postNotFound);
  if (post.authorId !== userId && !isOrganiser(role)) throw forbidden(FEED_MESSAGES.notYours);
  const deleted = await db.delete(feedPosts).where(thePost).returning({ mediaFileId: feedPosts.mediaFileId });
  // Deleted meanwhile by someone else: the caller's wish is done, but this request did not do it.
  if (deleted.length === 0) throw notFound(FEED_MESSAGES.postNotFound);
  await deleteFiles(
    env,
    db,
    deleted.flatMap((row) => (row.mediaFileId ? [row.mediaFileId] : [])),
  );
}
