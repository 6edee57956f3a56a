import { and, eq } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { feedPosts } from "@worker/db/schema";
import type { CountMessage } from "@worker/live/protocol";
import { FEED_LIMITS, type FeedAction } from "@worker/shared/feed-limits";

/** The rolling window the limits count in. */
const FEED_LIMIT_WINDOW_MS = 60_000;

/**
 * The feed's desk in an experience's EventRoom: per-person feed limits (docs/moderation.md), and the post counts its
 * live messages carry.
 *
 * The limits are a sliding log of each person's recent posts, comments and reports in the room's SQLite storage.
 * Synchronous reads and writes only, so two requests cannot both take the last place, and no timer: old entries are
 * pruned by the next call, and the room still hibernates.
 */
export class FeedDesk {
  private ready = false;

  constructor(private readonly storage: SqlStorage) {}

  private get sql(): SqlStorage {
    if (!this.ready) {
      this.storage.exec("CREATE TABLE IF NOT EXISTS feed_actions (user_id TEXT NOT NULL, action TEXT NOT NULL, at INTEGER NOT NULL)");
      this.storage.exec("CREATE INDEX IF NOT EXISTS feed_actions_user ON feed_actions (user_id, action, at)");
      this.ready = true;
    }
    return this.storage;
  }

  /** Takes one place for this person's action: null when allowed (and counted), else the seconds until a place frees. */
  take(userId: string, action: FeedAction, now: number): number | null {
    const since = now - FEED_LIMIT_WINDOW_MS;
    this.sql.exec("DELETE FROM feed_actions WHERE at <= ?", since);
    const [row] = this.sql
      .exec<{ taken: number; oldest: number | null }>(
        "SELECT count(*) AS taken, min(at) AS oldest FROM feed_actions WHERE user_id = ? AND action = ?",
        userId,
        action,
      )
      .toArray();
    if (row && row.taken >= FEED_LIMITS[action]) return Math.max(1, Math.ceil(((row.oldest ?? now) + FEED_LIMIT_WINDOW_MS - now) / 1000));
    this.sql.exec("INSERT INTO feed_actions (user_id, action, at) VALUES (?, ?, ?)", userId, action, now);
    return null;
  }

  /**
   * The message with its post's count as D1 holds it now, or null when the post is gone. Concurrent likes
   * publish their counts in any order; read at each send, the last message of a burst always carries the
   * count after its last write, never an older one that happened to arrive last.
   */
  async withCurrentCount(db: Db, message: CountMessage): Promise<CountMessage | null> {
    const [post] = await db
      .select({ likesCount: feedPosts.likesCount, commentCount: feedPosts.commentCount })
      .from(feedPosts)
      .where(and(eq(feedPosts.id, message.postId), eq(feedPosts.eventId, message.eventId)))
      .limit(1);
    if (!post) return null;
    return message.type === "like.changed" ? { ...message, likesCount: post.likesCount } : { ...message, commentCount: post.commentCount };
  }
}
