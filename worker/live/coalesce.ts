import { COALESCE_WINDOW_MS, isCountMessage, type CountMessage, type LiveMessage } from "./protocol";

/** How long count messages of a deleted post are still dropped: a like that raced the deletion publishes late. */
const DELETED_POST_MEMORY_MS = 60_000;

/**
 * Decides which published messages go out now and which wait for their window's end, per post and kind
 * (ARCHITECTURE §4.7: no in-memory state). The windows live in the room's SQLite storage and their ends
 * are the room's alarm, so a held message survives the room hibernating or being evicted in between.
 */
export class Coalescer {
  private ready = false;

  constructor(private readonly storage: SqlStorage) {}

  private get sql(): SqlStorage {
    if (!this.ready) {
      this.storage.exec(
        "CREATE TABLE IF NOT EXISTS count_windows (key TEXT PRIMARY KEY, post_id TEXT NOT NULL, ends_at INTEGER NOT NULL, held TEXT)",
      );
      this.storage.exec("CREATE TABLE IF NOT EXISTS deleted_posts (post_id TEXT PRIMARY KEY, forget_at INTEGER NOT NULL)");
      this.ready = true;
    }
    return this.storage;
  }

  /**
   * What to send now for a published message: the message itself, or nothing while an open window holds it
   * (replacing the one it held: only the latest count matters). A deleted post's held and later counts are
   * dropped, so none reaches a page after the deletion.
   */
  admit(message: LiveMessage, now: number): LiveMessage | null {
    // Other messages touch no storage, so their sends never wait for a write to be confirmed.
    if (message.type !== "feed.deleted" && !isCountMessage(message)) return message;
    this.sql.exec("DELETE FROM count_windows WHERE ends_at <= ? AND held IS NULL", now);
    this.sql.exec("DELETE FROM deleted_posts WHERE forget_at <= ?", now);
    if (message.type === "feed.deleted") {
      this.sql.exec("DELETE FROM count_windows WHERE post_id = ?", message.postId);
      this.sql.exec(
        "INSERT OR REPLACE INTO deleted_posts (post_id, forget_at) VALUES (?, ?)",
        message.postId,
        now + DELETED_POST_MEMORY_MS,
      );
      return message;
    }
    if (this.sql.exec("SELECT 1 FROM deleted_posts WHERE post_id = ?", message.postId).toArray().length > 0) return null;

    const key = windowKey(message);
    const held = this.sql.exec(
      "UPDATE count_windows SET held = ? WHERE key = ? AND ends_at > ? RETURNING key",
      JSON.stringify(message),
      key,
      now,
    );
    if (held.toArray().length > 0) return null;
    this.sql.exec(
      "INSERT OR REPLACE INTO count_windows (key, post_id, ends_at, held) VALUES (?, ?, ?, NULL)",
      key,
      message.postId,
      now + COALESCE_WINDOW_MS,
    );
    return message;
  }

  /** Ends the windows due by now and answers the messages they held, oldest window first; each sent one opens the next window. */
  flush(now: number): LiveMessage[] {
    const due = this.sql
      .exec<{ held: string }>("SELECT held FROM count_windows WHERE ends_at <= ? AND held IS NOT NULL ORDER BY ends_at", now)
      .toArray()
      .map((row) => JSON.parse(row.held) as LiveMessage);
    this.sql.exec("DELETE FROM count_windows WHERE ends_at <= ? AND held IS NULL", now);
    this.sql.exec("UPDATE count_windows SET ends_at = ?, held = NULL WHERE ends_at <= ?", now + COALESCE_WINDOW_MS, now);
    return due;
  }

  /** When the next held message is due (epoch milliseconds), or null when nothing is held. */
  nextDue(): number | null {
    return this.sql.exec<{ due: number | null }>("SELECT MIN(ends_at) AS due FROM count_windows WHERE held IS NOT NULL").one().due;
  }
}

const windowKey = (message: CountMessage) => `${message.type}:${message.postId}`;
