import { and, eq } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { feedPosts } from "@worker/db/schema";
import type { CountMessage } from "./protocol";

/**
 * The message with its post's count as D1 holds it now, or null when the post is gone. Concurrent likes
 * publish their counts in any order; read at each send, the last message of a burst always carries the
 * count after its last write, never an older one that happened to arrive last.
 */
export async function withCurrentCount(db: Db, message: CountMessage): Promise<CountMessage | null> {
  const [post] = await db
    .select({ likesCount: feedPosts.likesCount, commentCount: feedPosts.commentCount })
    .from(feedPosts)
    .where(and(eq(feedPosts.id, message.postId), eq(feedPosts.eventId, message.eventId)))
    .limit(1);
  if (!post) return null;
  return message.type === "like.changed" ? { ...message, likesCount: post.likesCount } : { ...message, commentCount: post.commentCount };
}
