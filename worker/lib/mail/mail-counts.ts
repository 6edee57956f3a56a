import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { mailCounts } from "@worker/db/schema";
import { idChunks } from "../batch";

// The counters of the invitation-mail ledger (db/tables/mail.ts): one per key and UTC day. Each claim is a single
// conditional upsert, so claims landing at once never pass a limit between them.

/** The UTC day of `now`, as the ledger keys it. */
export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/** Claims `n` more on `key` today if the count stays within `limit`; answers whether it did. */
export async function claimCount(db: Db, key: string, n: number, limit: number, now = new Date()): Promise<boolean> {
  if (n > limit) return false;
  const claimed = await db
    .insert(mailCounts)
    .values({ key, day: utcDay(now), count: n })
    .onConflictDoUpdate({
      target: [mailCounts.key, mailCounts.day],
      set: { count: sql`${mailCounts.count} + excluded.count` },
      setWhere: sql`${mailCounts.count} + excluded.count <= ${limit}`,
    })
    .returning({ count: mailCounts.count });
  return claimed.length > 0;
}

/** Gives back `n` of a claim on `key` made on `day` and not used. */
export async function releaseCount(db: Db, key: string, n: number, day: string): Promise<void> {
  if (n <= 0) return;
  await db
    .update(mailCounts)
    .set({ count: sql`max(0, ${mailCounts.count} - ${n})` })
    .where(and(eq(mailCounts.key, key), eq(mailCounts.day, day)));
}

/** Claims one on each key whose count today is below `limit`; answers the keys claimed. */
export async function claimOneEach(db: Db, keys: string[], limit: number, now = new Date()): Promise<Set<string>> {
  const day = utcDay(now);
  // Three bound parameters a row and one for the limit: 30 rows a statement stays under D1's 100.
  const claims = idChunks(keys, 30).map((chunk) =>
    db
      .insert(mailCounts)
      .values(chunk.map((key) => ({ key, day, count: 1 })))
      .onConflictDoUpdate({
        target: [mailCounts.key, mailCounts.day],
        set: { count: sql`${mailCounts.count} + 1` },
        setWhere: sql`${mailCounts.count} < ${limit}`,
      })
      .returning({ key: mailCounts.key }),
  );
  const [first, ...rest] = claims;
  if (!first) return new Set();
  return new Set((await db.batch([first, ...rest])).flat().map((row) => row.key));
}

/** Today's counts of these keys (keys never claimed today are absent). */
export async function countsToday(db: Db, keys: string[], now = new Date()): Promise<Map<string, number>> {
  const day = utcDay(now);
  const reads = idChunks(keys).map((chunk) =>
    db
      .select({ key: mailCounts.key, count: mailCounts.count })
      .from(mailCounts)
      .where(and(eq(mailCounts.day, day), inArray(mailCounts.key, chunk))),
  );
  const [first, ...rest] = reads;
  if (!first) return new Map();
  return new Map((await db.batch([first, ...rest])).flat().map((row) => [row.key, row.count]));
}

/** Drops the counters of days before yesterday (the hourly cron): a day's count is never read after it ends. */
export async function forgetOldMailCounts(db: Db, now = new Date()): Promise<void> {
  const yesterday = utcDay(new Date(now.getTime() - 24 * 60 * 60 * 1000));
  await db.delete(mailCounts).where(lt(mailCounts.day, yesterday));
}
