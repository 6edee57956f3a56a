import { AUDIENCE_OF, isCountMessage, type LiveMessage } from "./protocol";
import { userHolder } from "./viewer";

/**
 * How far before its ticket was issued a new socket is told what changed. A page reads its data, then asks for a ticket
 * and opens its socket: a change published in between would otherwise reach it only on the next reload. Messages name
 * what changed and pages read it again, so one told twice costs a refetch, never a wrong screen.
 */
export const REPLAY_MARGIN_MS = 15_000;
/** How long a message is kept for the sockets still to open: a ticket lives 60 s (features/live/live-ticket.ts). */
const KEEP_MS = 60_000 + REPLAY_MARGIN_MS;
/** At most this many messages kept, so a busy experience's new sockets are not flooded. */
const KEEP_AT_MOST = 200;

/** A message kept for replay, with whom it was for (user ids; null: its audience, as AUDIENCE_OF says). */
export interface RecentMessage {
  message: LiveMessage;
  recipients: string[] | null;
}

/**
 * The room's last minute of published messages, in its SQLite storage (ARCHITECTURE §4.7: nothing in memory), so a
 * socket that opens is told what it could not have read: everything published since shortly before its ticket.
 */
export class RecentMessages {
  private ready = false;

  constructor(private readonly storage: SqlStorage) {}

  private get sql(): SqlStorage {
    if (!this.ready) {
      this.storage.exec(
        "CREATE TABLE IF NOT EXISTS recent_messages (seq INTEGER PRIMARY KEY AUTOINCREMENT, at INTEGER NOT NULL, message TEXT NOT NULL, recipients TEXT)",
      );
      this.ready = true;
    }
    return this.storage;
  }

  /** Keeps a message as it goes out, and forgets what is too old or too many. */
  keep(message: LiveMessage, recipients: string[] | undefined, now: number): void {
    if (message.type === "presence") return;
    this.sql.exec(
      "INSERT INTO recent_messages (at, message, recipients) VALUES (?, ?, ?)",
      now,
      JSON.stringify(message),
      recipients ? JSON.stringify(recipients) : null,
    );
    this.sql.exec(
      "DELETE FROM recent_messages WHERE at <= ? OR seq <= (SELECT MAX(seq) FROM recent_messages) - ?",
      now - KEEP_MS,
      KEEP_AT_MOST,
    );
  }

  /**
   * The messages kept since `since`, oldest first, each once: a post's counts only its latest (the room reads the
   * current count again before sending), new posts as one "read the feed again".
   */
  since(since: number): RecentMessage[] {
    const rows = this.sql
      .exec<{ message: string; recipients: string | null }>(
        "SELECT message, recipients FROM recent_messages WHERE at >= ? ORDER BY seq",
        since,
      )
      .toArray();
    const latest = new Map<string, RecentMessage>();
    for (const row of rows) {
      const kept = JSON.parse(row.message) as LiveMessage;
      // A page places a post it is told of at the top of its feed: one it may have read already, or one older than
      // its first page, is told as "read the feed again" instead (feed.refreshed names no post).
      const message: LiveMessage = kept.type === "feed.posted" ? { type: "feed.refreshed", eventId: kept.eventId } : kept;
      const key = isCountMessage(message) ? `${message.type}:${message.postId}` : JSON.stringify(message) + (row.recipients ?? "");
      latest.delete(key);
      latest.set(key, { message, recipients: row.recipients ? (JSON.parse(row.recipients) as string[]) : null });
    }
    return [...latest.values()];
  }
}

/**
 * Whether a socket with these tags (its audience and holder, worker/event-room.ts) is one a message goes to, as the
 * room's fan-out picks them: "self" sockets never, a message for some people only their participant sockets.
 */
export function reaches(tags: string[], message: LiveMessage, recipients: string[] | null): boolean {
  if (!tags.includes("participants")) return recipients === null && tags.includes("everyone") && AUDIENCE_OF[message.type] === "everyone";
  return recipients === null || recipients.some((userId) => tags.includes(userHolder(userId)));
}
