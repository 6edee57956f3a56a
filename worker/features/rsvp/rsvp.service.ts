import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { eventHosts, rsvps, users, userTags } from "@worker/db/schema";
import { changesLogged } from "@worker/domain/change-log";
import { ownRsvp, ownRsvpColumns } from "@worker/domain/own-rsvp";
import { eventRole, GUEST_STATUSES, isOrganiser, requireEventRole } from "@worker/domain/permissions";
import { admission, waitlistPosition } from "@worker/domain/waitlist";
import type { Bindings } from "@worker/env";
import { badRequest, conflict, notFound } from "@worker/lib/errors";
import { imageView } from "@worker/lib/files";
import { distinctTags } from "@worker/shared/attendee-groups";
import { rsvpLogged } from "./rsvp-logged";
import { responseStatus, type PeopleChange } from "./rsvp-transitions";
import { RSVP_MESSAGES, type Attendee, type AttendeeView, type OwnRsvp } from "./rsvp.schema";

const ATTEMPTS = 3;

/**
 * The attendee list: owner and hosts see every RSVP with e-mail addresses and their labels; a guest sees the
 * participants (YES, MAYBE) without either. Read `as` a guest, an organiser gets the guest's list through the
 * same path, so the preview cannot drift from what guests are sent. Strangers get 404 for a private
 * experience, 403 for a public one, whatever `as` says.
 */
export async function listAttendees(env: Bindings, db: Db, eventId: string, userId: string, as?: AttendeeView): Promise<Attendee[]> {
  const { event, role } = await requireEventRole(db, eventId, userId, ["owner", "host", "guest"]);
  const organiser = isOrganiser(role) && as !== "guest";
  const ofEvent = eq(rsvps.eventId, eventId);
  // Not in the batch: D1's batch answers rows keyed by column name, which this join's repeated names (id, email) would mix up.
  const [rows, [hosts, tags]] = await Promise.all([
    db
      .select({
        ...ownRsvpColumns,
        waitlistRank: rsvps.waitlistRank,
        email: rsvps.email,
        invitedFirstName: rsvps.firstName,
        invitedLastName: rsvps.lastName,
        invitedTags: rsvps.tags,
        guid: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        userEmail: users.email,
        organisation: users.organisation,
        profilePicFileId: users.profilePicFileId,
      })
      .from(rsvps)
      .leftJoin(users, eq(users.id, rsvps.userId))
      .where(organiser ? ofEvent : and(ofEvent, inArray(rsvps.status, GUEST_STATUSES)))
      .orderBy(asc(rsvps.createdAt), asc(rsvps.id)),
    db.batch([
      db.select({ userId: eventHosts.userId }).from(eventHosts).where(eq(eventHosts.eventId, eventId)),
      db
        .select({ userId: userTags.userId, tag: userTags.tag })
        .from(userTags)
        .where(inArray(userTags.userId, db.select({ id: rsvps.userId }).from(rsvps).where(ofEvent)))
        .orderBy(asc(userTags.position)),
    ]),
  ]);
  const hostIds = new Set(hosts.map((h) => h.userId));
  const positions = waitlistPositions(rows);
  const tagsOf = new Map<string, string[]>();
  for (const { userId: id, tag } of tags) tagsOf.set(id, [...(tagsOf.get(id) ?? []), tag]);

  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      status: row.status,
      onboardStatus: row.onboardStatus,
      waitlistPosition: positions.get(row.id) ?? null,
      user: {
        guid: row.guid,
        // An invitee without an account yet goes by the name the organiser gave.
        firstName: row.guid ? (row.firstName ?? "") : row.invitedFirstName,
        lastName: row.guid ? (row.lastName ?? "") : row.invitedLastName,
        ...(organiser ? { emailId: row.userEmail ?? row.email } : {}),
        organisation: row.organisation ?? "",
        profilePic: row.profilePicFileId ? await imageView(env, { source: "UPLOAD", fileId: row.profilePicFileId }) : null,
        // The organisers' labels for this experience first (theirs alone: 'VIP' is not for the guests to read),
        // then the person's own profile tags; each once whatever its case.
        tags: distinctTags([...(organiser ? row.invitedTags : []), ...(row.guid ? (tagsOf.get(row.guid) ?? []) : [])]),
        isOwner: row.guid === event.ownerId,
        isHost: row.guid ? hostIds.has(row.guid) : false,
      },
    })),
  );
}

/** The waiting RSVPs' places in the queue, from 1, by rank (ties by id, as waitlistPosition counts them). */
function waitlistPositions(rows: { id: string; status: string; waitlistRank: number | null }[]): Map<string, number> {
  const waiting = rows
    .filter((row) => row.status === "WAITLISTED")
    .sort((a, b) => (a.waitlistRank ?? 0) - (b.waitlistRank ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return new Map(waiting.map((row, i) => [row.id, i + 1]));
}

/** Anyone signed in who has the experience's link may read their own RSVP (the RSVP header shows it). */
export async function selfRsvp(db: Db, eventId: string, userId: string): Promise<OwnRsvp | null> {
  if (!(await eventRole(db, eventId, userId))) throw notFound(/*i18n*/ "Event not found");
  return (await ownRsvp(db, eventId, userId)).rsvp;
}

/**
 * The change-log row of a join request, inserted only when the statement just before it in the batch changed a row
 * (SQLite's changes()) and left this RSVP asking: a write that lost the race logs nothing.
 */
const requestLogged = (db: Db, eventId: string, userId: string, rsvpId: string) =>
  rsvpLogged(
    db,
    { eventId, actorId: userId, rsvpId },
    "requested",
    "organisers",
    and(eq(rsvps.status, "HOST_APPROVAL_REQUESTED"), sql`changes() = 1`)!,
  );

/**
 * The caller's Join (YES) or Decline (NO). The write is conditional on the status it was decided from;
 * when another write landed in between (a host's action, the same person in another tab), it decides again.
 * A join takes a place only if one is free in that same statement, else the end of the waitlist (docs/waitlist.md);
 * leaving a place promotes the first one waiting (a trigger of migrations/0018).
 */
export async function respond(
  env: Bindings,
  db: Db,
  eventId: string,
  userId: string,
  answer: "YES" | "NO",
): Promise<PeopleChange<OwnRsvp>> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const found = await eventRole(db, eventId, userId);
    if (!found) throw notFound(/*i18n*/ "Event not found");
    if (isOrganiser(found.role)) throw badRequest(RSVP_MESSAGES.organiserResponds);
    const { email, rsvp: current } = await ownRsvp(db, eventId, userId);
    const status = responseStatus(found.event.rsvpType, current?.status ?? null, answer);
    const id = current?.id ?? crypto.randomUUID();
    // An unchanged answer keeps the RSVP as it is (a waiting guest keeps their place in the queue).
    const columns = status === current?.status ? { status } : status === "YES" ? admission(eventId) : { status, waitlistRank: null };
    const write = current
      ? db
          .update(rsvps)
          .set({ ...columns, userId, updatedAt: new Date() })
          .where(and(eq(rsvps.id, current.id), eq(rsvps.status, current.status)))
          .returning(ownRsvpColumns)
      : db
          .insert(rsvps)
          .values({ id, eventId, userId, email, ...columns })
          .onConflictDoNothing()
          .returning(ownRsvpColumns);
    // A new request to join is logged for the organisers in the same batch, only if the write above landed.
    const asks = status === "HOST_APPROVAL_REQUESTED" && current?.status !== status;
    const [[written]] = asks ? await db.batch([write, requestLogged(db, eventId, userId, id)]) : [await write];
    // When the status changed, the person's other tabs follow and their sockets reconnect as participant or not.
    if (written) {
      // A request to join is logged above; a place left promotes the first one waiting, which D1's trigger logs.
      if (written.status !== current?.status) await changesLogged(env, eventId);
      const position = written.status === "WAITLISTED" ? await positionOf(db, written.id) : null;
      return { answer: { ...written, waitlistPosition: position }, changed: written.status !== current?.status ? [userId] : null };
    }
  }
  throw conflict(RSVP_MESSAGES.changed);
}

async function positionOf(db: Db, rsvpId: string): Promise<number | null> {
  const [row] = await db.select({ waitlistPosition }).from(rsvps).where(eq(rsvps.id, rsvpId));
  return row?.waitlistPosition ?? null;
}
