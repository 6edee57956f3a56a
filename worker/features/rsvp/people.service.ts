import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { eventHosts, rsvps, users as accounts } from "@worker/db/schema";
import { changeLogStatements, changesLogged, type ChangeEntry } from "@worker/domain/change-log";
import { personName } from "@worker/domain/people";
import { GUEST_STATUSES, requireEventRole } from "@worker/domain/permissions";
import type { Bindings } from "@worker/env";
import { idChunks } from "@worker/lib/batch";
import { badRequest, conflict } from "@worker/lib/errors";
import { guardedBatch, writeTransition } from "./rsvp-guard";
import type { PeopleChange } from "./rsvp-transitions";
import { RSVP_MESSAGES, type RsvpChange } from "./rsvp.schema";

const ATTEMPTS = 3;
// Two bound parameters per host row (event, user), well under D1's 100.
const HOST_ROWS_PER_INSERT = 40;

/** A decision about one person (removed, made a host), told to them; written with the decision. */
const aboutPerson = (
  person: { userId: string | null; name: string },
  subjectType: "rsvp" | "host",
  subjectId: string,
  field: "removedGuest" | "madeHost",
): ChangeEntry => ({
  kind: "requests",
  subjectType,
  subjectId,
  field,
  label: person.name,
  oldValue: null,
  newValue: null,
  recipientId: person.userId,
  urgent: true,
});

/**
 * What an organiser's action on these people starts from: the caller's right to act (owner or host, else
 * 403/404), the owner, the people's guest RSVPs (YES, MAYBE) and which of them are hosts already.
 */
async function readPeople(db: Db, eventId: string, callerId: string, users: string[]) {
  const { event } = await requireEventRole(db, eventId, callerId, ["owner", "host"]);
  const guestReads = idChunks(users).map((chunk) =>
    db
      .select({ id: rsvps.id, status: rsvps.status, userId: rsvps.userId, name: personName.as("name") })
      .from(rsvps)
      .innerJoin(accounts, eq(accounts.id, rsvps.userId))
      .where(and(eq(rsvps.eventId, eventId), inArray(rsvps.userId, chunk), inArray(rsvps.status, GUEST_STATUSES))),
  );
  const hostReads = idChunks(users).map((chunk) =>
    db
      .select({ userId: eventHosts.userId })
      .from(eventHosts)
      .where(and(eq(eventHosts.eventId, eventId), inArray(eventHosts.userId, chunk))),
  );
  const [guestRows, hostRows] = await Promise.all([
    db.batch(guestReads as [(typeof guestReads)[number], ...typeof guestReads]),
    db.batch(hostReads as [(typeof hostReads)[number], ...typeof hostReads]),
  ]);
  const guests = guestRows.flat();
  return {
    ownerId: event.ownerId,
    guests,
    isGuest: new Set(guests.map((row) => row.userId)),
    isHost: new Set(hostRows.flat().map((row) => row.userId)),
  };
}

async function hostsOf(db: Db, eventId: string): Promise<{ hosts: string[] }> {
  const rows = await db
    .select({ userId: eventHosts.userId })
    .from(eventHosts)
    .where(eq(eventHosts.eventId, eventId))
    .orderBy(asc(eventHosts.createdAt), asc(eventHosts.userId));
  return { hosts: rows.map((row) => row.userId) };
}

/**
 * Makes guests of the experience (RSVP YES or MAYBE) hosts; someone already a host is left as is. Written in
 * one batch, guarded so that a guest who left or was removed meanwhile, or a caller who lost the role, makes
 * the whole request read and decide again.
 */
export async function makeHosts(
  env: Bindings,
  db: Db,
  callerId: string,
  eventId: string,
  users: string[],
): Promise<PeopleChange<{ hosts: string[] }>> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const { ownerId, guests, isGuest, isHost } = await readPeople(db, eventId, callerId, users);
    if (users.includes(ownerId)) throw badRequest(RSVP_MESSAGES.ownerPlace);
    const fresh = users.filter((user) => !isHost.has(user));
    if (fresh.some((user) => !isGuest.has(user))) throw badRequest(RSVP_MESSAGES.onlyGuestsHosts);
    if (fresh.length === 0) return { answer: await hostsOf(db, eventId), changed: null };

    const inserts = idChunks(fresh, HOST_ROWS_PER_INSERT).map((chunk) =>
      db
        .insert(eventHosts)
        .values(chunk.map((userId) => ({ eventId, userId })))
        .onConflictDoNothing(),
    );
    const rows = guests.filter((row) => fresh.includes(row.userId!));
    const logged = changeLogStatements(
      db,
      eventId,
      callerId,
      rows.map((row) => aboutPerson(row, "host", row.userId!, "madeHost")),
    );
    if (!(await guardedBatch(db, eventId, { rows, organiserId: callerId }, [...inserts, ...logged]))) continue;
    await changesLogged(env, eventId);
    return { answer: await hostsOf(db, eventId), changed: fresh, hostsChanged: true };
  }
  throw conflict(RSVP_MESSAGES.changed);
}

/** Takes host rights away; never from the owner or from the caller. Someone not a host is left as is; their RSVP stays. */
export async function unmakeHosts(db: Db, callerId: string, eventId: string, users: string[]): Promise<PeopleChange<{ hosts: string[] }>> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const { ownerId, isHost } = await readPeople(db, eventId, callerId, users);
    if (users.includes(ownerId)) throw badRequest(RSVP_MESSAGES.ownerPlace);
    if (users.includes(callerId)) throw badRequest(RSVP_MESSAGES.ownHost);
    const gone = users.filter((user) => isHost.has(user));
    if (gone.length === 0) return { answer: await hostsOf(db, eventId), changed: null };

    const deletes = idChunks(gone).map((chunk) =>
      db.delete(eventHosts).where(and(eq(eventHosts.eventId, eventId), inArray(eventHosts.userId, chunk))),
    );
    if (!(await guardedBatch(db, eventId, { organiserId: callerId }, deletes))) continue;
    return { answer: await hostsOf(db, eventId), changed: gone, hostsChanged: true };
  }
  throw conflict(RSVP_MESSAGES.changed);
}

/**
 * Removes guests from the experience: their RSVPs become HOST_REMOVED (only a host's 'Resend Invite' brings
 * them back) and a host among them loses host rights too. Never the owner or the caller; everyone named
 * must be attending (YES, MAYBE), or nothing changes.
 */
export async function removeGuests(
  env: Bindings,
  db: Db,
  callerId: string,
  eventId: string,
  users: string[],
): Promise<PeopleChange<RsvpChange[]>> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const { ownerId, guests, isGuest, isHost } = await readPeople(db, eventId, callerId, users);
    if (users.includes(ownerId)) throw badRequest(RSVP_MESSAGES.ownerPlace);
    if (users.includes(callerId)) throw badRequest(RSVP_MESSAGES.ownPlace);
    if (users.some((user) => !isGuest.has(user))) throw badRequest(RSVP_MESSAGES.onlyGuestsRemoved);

    const unhost = idChunks(users).map((chunk) =>
      db.delete(eventHosts).where(and(eq(eventHosts.eventId, eventId), inArray(eventHosts.userId, chunk))),
    );
    const logged = changeLogStatements(
      db,
      eventId,
      callerId,
      guests.map((row) => aboutPerson(row, "rsvp", row.id, "removedGuest")),
    );
    if (!(await writeTransition(db, eventId, guests, "HOST_REMOVED", { organiserId: callerId, also: [...unhost, ...logged] }))) continue;
    await changesLogged(env, eventId);
    return {
      answer: guests.map((row) => ({ id: row.id, status: "HOST_REMOVED" as const })),
      changed: users,
      hostsChanged: users.some((user) => isHost.has(user)),
    };
  }
  throw conflict(RSVP_MESSAGES.changed);
}
