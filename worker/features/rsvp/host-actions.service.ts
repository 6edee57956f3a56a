import { and, eq, inArray } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../db/client";
import { rsvps, type RsvpStatus } from "../../db/schema";
import type { Bindings } from "../../env";
import { idChunks } from "../../lib/batch";
import { badRequest, conflict } from "../../lib/errors";
import { requireEventRole } from "../../lib/permissions";
import { publish } from "../../live/publish";
import { RSVP_MESSAGES, type HostAction, type RsvpChange } from "./rsvp.schema";
import { hostTransition } from "./rsvp.transitions";

const ATTEMPTS = 3;

// The view of migrations/0003_rsvp_write_guard.sql, declared here (as experience-write.ts declares its own) so
// that drizzle-kit never generates a table for it. Inserting into it stores nothing; it aborts the batch when
// any of `ids` is no longer in `status`.
const rsvpGuard = sqliteTable("rsvp_write_guard", {
  eventId: text("event_id").notNull(),
  status: text("status").notNull(),
  ids: text("ids").notNull(),
  expected: integer("expected").notNull(),
});
const CONFLICT = "rsvp_status_conflict";

const isGuardFailure = (error: unknown): boolean => {
  for (let e: unknown = error; e instanceof Error; e = e.cause) if (e.message.includes(CONFLICT)) return true;
  return false;
};

/**
 * Moves every RSVP to `to` in one D1 batch, only if each is still in the status it was read in; false
 * (and nothing written) when any has moved since.
 */
export async function writeTransition(db: Db, eventId: string, rows: { id: string; status: RsvpStatus }[], to: RsvpStatus): Promise<boolean> {
  const byStatus = new Map<RsvpStatus, string[]>();
  for (const row of rows) byStatus.set(row.status, [...(byStatus.get(row.status) ?? []), row.id]);
  // The ids travel as one JSON text, so a guard is one bound parameter whatever the selection's size.
  const guards: BatchItem<"sqlite">[] = [...byStatus].map(([status, ids]) =>
    db.insert(rsvpGuard).values({ eventId, status, ids: JSON.stringify(ids), expected: ids.length }),
  );
  const updates: BatchItem<"sqlite">[] = idChunks(rows.map((row) => row.id)).map((chunk) =>
    db
      .update(rsvps)
      .set({ status: to, updatedAt: new Date() })
      .where(and(eq(rsvps.eventId, eventId), inArray(rsvps.id, chunk))),
  );
  try {
    await db.batch([guards[0]!, ...guards.slice(1), ...updates]);
    return true;
  } catch (error) {
    if (isGuardFailure(error)) return false;
    throw error;
  }
}

/**
 * A host's bulk action on RSVPs of the experience: all of them change or none. Every RSVP is checked
 * first (in the experience, not the host's own, in a status the action applies to); then one D1 batch
 * writes them, guarded against any of them having moved since it was read.
 */
export async function hostAction(env: Bindings, db: Db, userId: string, eventId: string, action: HostAction, ids: string[]): Promise<RsvpChange[]> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    await requireEventRole(db, eventId, userId, ["owner", "host"]);
    const reads = idChunks(ids).map((chunk) =>
      db
        .select({ id: rsvps.id, status: rsvps.status, userId: rsvps.userId })
        .from(rsvps)
        .where(and(eq(rsvps.eventId, eventId), inArray(rsvps.id, chunk))),
    );
    const rows = (await db.batch(reads as [(typeof reads)[number], ...typeof reads])).flat();
    if (rows.length !== ids.length) throw badRequest(RSVP_MESSAGES.notInEvent);
    if (rows.some((row) => row.userId === userId)) throw badRequest(RSVP_MESSAGES.ownRsvp);
    const { to } = hostTransition(action, rows.map((row) => row.status));

    if (!(await writeTransition(db, eventId, rows, to))) continue;
    await publish(env, { type: "rsvp.changed", eventId });
    return ids.map((id) => ({ id, status: to }));
  }
  throw conflict(RSVP_MESSAGES.changed);
}
