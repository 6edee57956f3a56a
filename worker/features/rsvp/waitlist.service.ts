import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { rsvps } from "@worker/db/schema";
import { changesLogged } from "@worker/domain/change-log";
import { requireEventRole } from "@worker/domain/permissions";
import type { Bindings } from "@worker/env";
import { badRequest, conflict } from "@worker/lib/errors";
import { guardedBatch, guardedResults } from "./rsvp-guard";
import { rsvpLogged } from "./rsvp-logged";
import type { PeopleChange } from "./rsvp-transitions";
import { RSVP_MESSAGES } from "./rsvp.schema";
import { OVER_CAPACITY, WAITLIST_MESSAGES, type Waitlist } from "./waitlist.schema";

const ATTEMPTS = 3;

/** The queue, first in line first (by rank, ties by id: as positions are counted everywhere). */
function readQueue(db: Db, eventId: string) {
  return db
    .select({ id: rsvps.id, status: rsvps.status, userId: rsvps.userId })
    .from(rsvps)
    .where(and(eq(rsvps.eventId, eventId), eq(rsvps.status, "WAITLISTED")))
    .orderBy(asc(rsvps.waitlistRank), asc(rsvps.id));
}

const positions = (ids: string[]): Waitlist => ({ waitlist: ids.map((id, i) => ({ id, position: i + 1 })) });
const peopleOf = (queue: { userId: string | null }[]) => queue.flatMap((row) => (row.userId ? [row.userId] : []));

/**
 * Moves one waiting guest to `position` (past the end: last). The queue is renumbered 1..n in one batch, guarded
 * against any of it having moved meanwhile; someone joining at that moment lands after it, as they would have.
 */
export async function moveOnWaitlist(
  db: Db,
  callerId: string,
  eventId: string,
  rsvpId: string,
  position: number,
): Promise<PeopleChange<Waitlist>> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    await requireEventRole(db, eventId, callerId, ["owner", "host"]);
    const queue = await readQueue(db, eventId);
    const ids = queue.map((row) => row.id);
    if (!ids.includes(rsvpId)) throw badRequest(WAITLIST_MESSAGES.notWaiting);
    const order = ids.filter((id) => id !== rsvpId);
    order.splice(Math.min(position, ids.length) - 1, 0, rsvpId);
    if (order.every((id, i) => id === ids[i])) return { answer: positions(ids), changed: null };
    const updates = order.map((id, i) =>
      db
        .update(rsvps)
        .set({ waitlistRank: i + 1 })
        .where(eq(rsvps.id, id)),
    );
    if (!(await guardedBatch(db, eventId, { rows: queue, organiserId: callerId }, updates))) continue;
    return { answer: positions(order), changed: peopleOf(queue) };
  }
  throw conflict(RSVP_MESSAGES.changed);
}

/**
 * Gives a waiting guest a place now, ahead of the queue. While the experience is full it is refused (409, saying so)
 * unless `overCapacity`: the organiser then knowingly goes over the capacity. The check and the write are one statement.
 */
export async function promoteFromWaitlist(
  env: Bindings,
  db: Db,
  callerId: string,
  eventId: string,
  rsvpId: string,
  overCapacity: boolean,
): Promise<PeopleChange<Waitlist>> {
  const { event } = await requireEventRole(db, eventId, callerId, ["owner", "host"]);
  const queue = await readQueue(db, eventId);
  const room = sql`(select e.capacity is null or e.capacity > (select count(*) from rsvps y where y.event_id = e.id and y.status = 'YES')
    from events e where e.id = ${eventId})`;
  const promote = db
    .update(rsvps)
    .set({ status: "YES", waitlistRank: null, updatedAt: new Date() })
    .where(and(eq(rsvps.eventId, eventId), eq(rsvps.id, rsvpId), eq(rsvps.status, "WAITLISTED"), overCapacity ? undefined : room))
    .returning({ id: rsvps.id });
  const told = rsvpLogged(db, { eventId, actorId: callerId, rsvpId }, "promoted", "person", sql`changes() = 1`);
  const results = await guardedResults(db, eventId, { organiserId: callerId }, [promote, told]);
  if (!results) throw conflict(RSVP_MESSAGES.changed);
  if ((results[0] as unknown[]).length === 0) {
    if (!queue.some((row) => row.id === rsvpId)) throw badRequest(WAITLIST_MESSAGES.notWaiting);
    const [now] = await db.select({ status: rsvps.status }).from(rsvps).where(eq(rsvps.id, rsvpId));
    if (now?.status !== "WAITLISTED") throw badRequest(WAITLIST_MESSAGES.notWaiting);
    throw conflict(OVER_CAPACITY, { capacity: event.capacity ?? 0 });
  }
  await changesLogged(env, eventId);
  const left = queue.filter((row) => row.id !== rsvpId);
  return { answer: positions(left.map((row) => row.id)), changed: peopleOf(queue) };
}
