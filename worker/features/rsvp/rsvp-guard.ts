import { and, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { Db } from "@worker/db/client";
import { rsvps, type RsvpStatus } from "@worker/db/schema";
import { idChunks } from "@worker/lib/batch";
import { causedBy } from "@worker/lib/errors";

// The view of migrations/0003_rsvp_write_guard.sql, declared here (as experience-write.ts declares its own) so
// that drizzle-kit never generates a table for it. Inserting into it stores nothing; it aborts the batch when
// the number of `ids` still in `status` is not `expected`.
const rsvpGuard = sqliteTable("rsvp_write_guard", {
  eventId: text("event_id").notNull(),
  status: text("status").notNull(),
  ids: text("ids").notNull(),
  expected: integer("expected").notNull(),
});
const CONFLICT = "rsvp_status_conflict";

const isGuardFailure = (error: unknown): boolean => causedBy(error, CONFLICT);

export interface Guarded {
  /** RSVPs that must each still be in the status they were read in. */
  rows?: { id: string; status: RsvpStatus }[];
  /** Someone who must still be the experience's owner or one of its hosts: a host removed meanwhile changes nothing. */
  organiserId?: string;
}

function guards(db: Db, eventId: string, { rows = [], organiserId }: Guarded): BatchItem<"sqlite">[] {
  const byStatus = new Map<RsvpStatus, string[]>();
  for (const row of rows) byStatus.set(row.status, [...(byStatus.get(row.status) ?? []), row.id]);
  // The ids travel as one JSON text, so a guard is one bound parameter whatever the selection's size.
  const statements: BatchItem<"sqlite">[] = [...byStatus].map(([status, ids]) =>
    db.insert(rsvpGuard).values({ eventId, status, ids: JSON.stringify(ids), expected: ids.length }),
  );
  if (organiserId !== undefined) {
    // The same view, asked to count no RSVPs at all: it expects 0 while the person is still an organiser and 1
    // otherwise, so the batch aborts exactly when they have lost the role. No second view or migration needed.
    const organiser = sql`exists(select 1 from events e where e.id = ${eventId} and e.owner_id = ${organiserId})
      or exists(select 1 from event_hosts h where h.event_id = ${eventId} and h.user_id = ${organiserId})`;
    statements.push(
      db.insert(rsvpGuard).values({ eventId, status: "", ids: "[]", expected: sql`(case when ${organiser} then 0 else 1 end)` }),
    );
  }
  return statements;
}

/**
 * Runs `statements` in one D1 batch behind the guards, all or nothing: false (and nothing written) when any
 * guarded RSVP has moved since it was read, or the organiser has lost the role; the caller reads again.
 */
export async function guardedBatch(db: Db, eventId: string, guarded: Guarded, statements: BatchItem<"sqlite">[]): Promise<boolean> {
  return (await guardedResults(db, eventId, guarded, statements)) !== null;
}

/** `guardedBatch`, answering the results of `statements` (in order), or null when a guard aborted the batch. */
export async function guardedResults(
  db: Db,
  eventId: string,
  guarded: Guarded,
  statements: BatchItem<"sqlite">[],
): Promise<unknown[] | null> {
  const before = guards(db, eventId, guarded);
  const all = [...before, ...statements];
  if (all.length === 0) return [];
  try {
    return (await db.batch(all as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])).slice(before.length);
  } catch (error) {
    if (isGuardFailure(error)) return null;
    throw error;
  }
}

/**
 * Moves every RSVP to `to` in one D1 batch (with `also`), only if each is still in the status it was read in
 * and `organiserId`, when given, still an organiser; false (and nothing written) otherwise.
 */
export async function writeTransition(
  db: Db,
  eventId: string,
  rows: { id: string; status: RsvpStatus }[],
  to: RsvpStatus,
  { organiserId, also = [] }: { organiserId?: string; also?: BatchItem<"sqlite">[] } = {},
): Promise<boolean> {
  const updates: BatchItem<"sqlite">[] = idChunks(rows.map((row) => row.id)).map((chunk) =>
    db
      .update(rsvps)
      .set({ status: to, updatedAt: new Date() })
      .where(and(eq(rsvps.eventId, eventId), inArray(rsvps.id, chunk))),
  );
  return guardedBatch(db, eventId, { rows, organiserId }, [...updates, ...also]);
}
