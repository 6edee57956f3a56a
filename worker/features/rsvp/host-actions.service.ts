import { and, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../db/client";
import { events, rsvps, type RsvpStatus } from "../../db/schema";
import type { Bindings } from "../../env";
import { idChunks } from "../../lib/batch";
import { badRequest, conflict } from "../../lib/errors";
import { requireEventRole } from "../../lib/permissions";
import { publish } from "../../live/publish";
import { RSVP_MESSAGES, type HostAction, type RsvpChange } from "./rsvp.schema";
import { hostTransition } from "./rsvp.transitions";

const ATTEMPTS = 3;
const CHANGED = "rsvp_statuses_changed";

// json() of text that is not JSON raises an error, which aborts the whole D1 batch: the guard refuses
// the batch when the rows are no longer in the statuses the transition was checked against.
const guard = (db: Db, eventId: string, status: RsvpStatus, ids: string[]) =>
  db
    .select({
      unchanged: sql`case when (select count(*) from ${rsvps} where ${rsvps.eventId} = ${eventId} and ${rsvps.status} = ${status} and ${inArray(rsvps.id, ids)}) = ${ids.length} then 1 else json(${CHANGED}) end`,
    })
    .from(events)
    .where(eq(events.id, eventId));

const isGuardFailure = (error: unknown): boolean => {
  for (let e: unknown = error; e instanceof Error; e = e.cause) if (/malformed JSON/i.test(e.message)) return true;
  return false;
};

/**
 * Moves every RSVP to `to` in one D1 batch, only if each is still in the status it was read in; false
 * (and nothing written) when any has moved since.
 */
export async function writeTransition(db: Db, eventId: string, rows: { id: string; status: RsvpStatus }[], to: RsvpStatus): Promise<boolean> {
  const byStatus = new Map<RsvpStatus, string[]>();
  for (const row of rows) byStatus.set(row.status, [...(byStatus.get(row.status) ?? []), row.id]);
  const guards: BatchItem<"sqlite">[] = [...byStatus].flatMap(([status, ids]) => idChunks(ids).map((chunk) => guard(db, eventId, status, chunk)));
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
