import { and, eq, isNull, lte, max, sql } from "drizzle-orm";
import { getDb, type Db } from "@worker/db/client";
import { changeLog, events, notificationDigests } from "@worker/db/schema";
import type { Bindings } from "@worker/env";

/** How long a pending change waits for others to join it: urgent ones briefly, the rest up to the longer window. */
export function notifyWindows(env: Pick<Bindings, "NOTIFY_URGENT_WINDOW_MS" | "NOTIFY_LATER_WINDOW_MS">) {
  const ms = (value: string, fallback: number) => (value !== "" && Number.isFinite(Number(value)) ? Math.max(0, Number(value)) : fallback);
  return { urgent: ms(env.NOTIFY_URGENT_WINDOW_MS, 60_000), later: ms(env.NOTIFY_LATER_WINDOW_MS, 30 * 60_000) };
}
export type NotifyWindows = ReturnType<typeof notifyWindows>;

/** When a change-log row is due to be told: its window is fixed from the moment it was written, never sliding. */
export const dueOf = ({ urgent, later }: NotifyWindows) =>
  sql<number>`(${changeLog.createdAt} + CASE WHEN ${changeLog.urgent} THEN ${urgent} ELSE ${later} END)`;

const pendingOf = (eventId: string) => and(eq(changeLog.eventId, eventId), isNull(changeLog.digestId));

/** A claim that failed is tried again after this, doubling per failure up to the cap (the cron's re-poke comes sooner if D1 answers again). */
const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 5 * 60_000;

/** The digest's id: one per experience and last change it takes, so a claim retried after a crash names the same digest. */
export const digestIdOf = (eventId: string, throughSeq: number) => `${eventId}:${throughSeq}`;

/**
 * When the experience's next notification digest is due, and claiming it exactly once (docs/notifications.md, "When: the
 * room's clock"). The room keeps, in its SQLite storage, the due time of its earliest pending change-log row (read from D1
 * on every poke) and, while a claim is under way, the last row it takes; the room's one alarm, shared with the Coalescer,
 * wakes it. A claim takes every pending row (urgent and later ones together: one mail, not two), marks them with a
 * deterministic digest, sends the digest's queue message and then forgets the claim, so a claim cut short anywhere is
 * resumed with the same rows and the same digest.
 */
export class DigestDesk {
  private ready = false;

  constructor(
    private readonly storage: SqlStorage,
    private readonly env: Bindings,
  ) {}

  private get sql(): SqlStorage {
    if (!this.ready) {
      this.storage.exec(
        "CREATE TABLE IF NOT EXISTS digest_clock (id INTEGER PRIMARY KEY CHECK (id = 1), event_id TEXT NOT NULL, due_at INTEGER, failures INTEGER NOT NULL DEFAULT 0)",
      );
      this.storage.exec("CREATE TABLE IF NOT EXISTS digest_claim (id INTEGER PRIMARY KEY CHECK (id = 1), through_seq INTEGER NOT NULL)");
      this.ready = true;
    }
    return this.storage;
  }

  private get db(): Db {
    return getDb(this.env.DB);
  }

  private state() {
    return this.sql
      .exec<{ eventId: string; dueAt: number | null; failures: number }>(
        "SELECT event_id AS eventId, due_at AS dueAt, failures FROM digest_clock",
      )
      .toArray()[0];
  }

  private keep(eventId: string, dueAt: number | null) {
    this.sql.exec(
      "INSERT INTO digest_clock (id, event_id, due_at) VALUES (1, ?, ?) ON CONFLICT (id) DO UPDATE SET event_id = excluded.event_id, due_at = excluded.due_at",
      eventId,
      dueAt,
    );
  }

  /** When the next digest is due (epoch milliseconds), or null when no change waits. */
  dueAt(): number | null {
    return this.state()?.dueAt ?? null;
  }

  /**
   * Reads when the experience's earliest pending change is due (one D1 read) and keeps it; the room then sets its alarm.
   * A failure is logged, not thrown: the change is already in D1, and the cron pokes the room again.
   */
  async poke(eventId: string): Promise<void> {
    try {
      const [row] = await this.db
        .select({ due: sql<number | null>`MIN(${dueOf(notifyWindows(this.env))})` })
        .from(changeLog)
        .where(pendingOf(eventId));
      this.keep(eventId, row?.due ?? null);
    } catch (error) {
      console.error("digest poke failed", eventId, error);
    }
  }

  /**
   * The alarm's part: when the digest is due (or `force`d, by the development flush), claims every pending change and
   * enqueues the digest; then reads the next due time. Answers the digest enqueued, or null. Never throws: a claim that
   * fails keeps its rows for the next try, due again after a growing pause.
   */
  async tick(now: number, force = false): Promise<string | null> {
    const state = this.state();
    if (!state || (!force && (state.dueAt === null || state.dueAt > now))) return null;
    try {
      const digestId = await this.claim(state.eventId);
      // Nothing due until the poke says otherwise: a poke that fails leaves the rows to the cron, not to a spinning alarm.
      this.sql.exec("UPDATE digest_clock SET due_at = NULL, failures = 0");
      await this.poke(state.eventId);
      return digestId;
    } catch (error) {
      console.error("digest claim failed", state.eventId, error);
      const pause = Math.min(RETRY_FIRST_MS * 2 ** state.failures, RETRY_MAX_MS);
      this.sql.exec("UPDATE digest_clock SET due_at = ?, failures = failures + 1", now + pause);
      return null;
    }
  }

  /** Claims, marks and enqueues; any step may throw, and the next call resumes with the same last row. */
  private async claim(eventId: string): Promise<string | null> {
    const throughSeq = (await this.claimed(eventId)) ?? null;
    if (throughSeq === null) return null;
    const digestId = digestIdOf(eventId, throughSeq);
    const db = this.db;
    // Inserted only while the experience exists (a deleted one took its rows with it); marked in the same batch.
    const [, , [digest]] = await db.batch([
      db
        .insert(notificationDigests)
        .select(
          db
            .select({
              id: sql<string>`${digestId}`.as("id"),
              eventId: events.id,
              throughSeq: sql<number>`${throughSeq}`.as("through_seq"),
              createdAt: sql<number>`cast(unixepoch('subsec') * 1000 as integer)`.as("created_at"),
              enqueuedAt: sql<null>`NULL`.as("enqueued_at"),
            })
            .from(events)
            .where(eq(events.id, eventId)),
        )
        .onConflictDoNothing(),
      db
        .update(changeLog)
        .set({ digestId })
        .where(and(pendingOf(eventId), lte(changeLog.seq, throughSeq))),
      db.select({ enqueuedAt: notificationDigests.enqueuedAt }).from(notificationDigests).where(eq(notificationDigests.id, digestId)),
    ]);
    if (digest && digest.enqueuedAt === null) {
      await this.env.NOTIFY_QUEUE.send({ type: "digest", digestId });
      await db.update(notificationDigests).set({ enqueuedAt: new Date() }).where(eq(notificationDigests.id, digestId));
    }
    this.sql.exec("DELETE FROM digest_claim");
    return digest ? digestId : null;
  }

  /** The last row of the claim under way, or of a new one: every pending row so far (null: none is pending). */
  private async claimed(eventId: string): Promise<number | undefined> {
    const held = () => this.sql.exec<{ through: number }>("SELECT through_seq AS through FROM digest_claim").toArray()[0]?.through;
    if (held() !== undefined) return held();
    const [row] = await this.db
      .select({ through: max(changeLog.seq) })
      .from(changeLog)
      .where(pendingOf(eventId));
    if (row?.through == null) return undefined;
    // A claim that started meanwhile (the flush and the alarm together) wins: both then finish the same one.
    this.sql.exec("INSERT INTO digest_claim (id, through_seq) VALUES (1, ?) ON CONFLICT (id) DO NOTHING", row.through);
    return held();
  }
}
