import { and, asc, eq, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { events, users } from "@worker/db/schema";
import { personColumns, toPerson } from "@worker/domain/people";
import { GUEST_STATUSES } from "@worker/domain/permissions";
import type { Bindings } from "@worker/env";
import { imageView } from "@worker/lib/files";
import { type ExperienceListItem } from "./experiences.schema";

// ── List ────────────────────────────────────────────────────────────────────

const hostedBy = (userId: string) =>
  sql<number>`exists(select 1 from event_hosts h where h.event_id = ${events.id} and h.user_id = ${userId})`;
const guestOf = (userId: string) =>
  sql<number>`exists(select 1 from rsvps r where r.event_id = ${events.id} and r.user_id = ${userId} and r.status in (${sql.join(
    GUEST_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  )}))`;
// Correlated counts in the list's one query (served by programs_event_idx and rsvps_event_status_idx), not a query per card.
const dayCount = sql<number>`(select count(*) from programs p where p.event_id = ${events.id})`;
const goingCount = sql<number>`(select count(*) from rsvps r where r.event_id = ${events.id} and r.status = 'YES')`;
const participates = (userId: string) => or(eq(events.ownerId, userId), hostedBy(userId), guestOf(userId));
/** An invitation waiting for the person's answer (REQUESTED, ONBOARD_REQUESTED): Home offers Join and Decline on it. */
const invitedTo = (userId: string) =>
  sql<number>`exists(select 1 from rsvps r where r.event_id = ${events.id} and r.user_id = ${userId} and r.status in ('REQUESTED', 'ONBOARD_REQUESTED'))`;

/**
 * The experiences `personId` owns, hosts or is a guest of, with their role in each, their number of days and of guests going. Someone else's list
 * shows only what the viewer may see anyway: public experiences, and private ones the viewer takes part in. The viewer's own
 * list (not their profile's) also holds the invitations waiting for their answer, as role `invited`.
 */
export async function listExperiences(env: Bindings, db: Db, viewerId: string, personId?: string): Promise<ExperienceListItem[]> {
  const where: SQL | undefined =
    personId === undefined
      ? or(participates(viewerId), invitedTo(viewerId))
      : personId === viewerId
        ? participates(personId)
        : and(participates(personId), or(eq(events.privacy, "PUBLIC"), participates(viewerId)));
  const person = personId ?? viewerId;
  const rows = await db
    .select({
      id: events.id,
      name: events.name,
      startTime: events.startTime,
      endTime: events.endTime,
      timeZone: events.timeZone,
      privacy: events.privacy,
      rsvpType: events.rsvpType,
      image: events.image,
      owner: personColumns,
      isHost: hostedBy(person),
      isGuest: guestOf(person),
      dayCount,
      goingCount,
    })
    .from(events)
    .innerJoin(users, eq(users.id, events.ownerId))
    .where(where)
    .orderBy(asc(events.startTime), asc(events.id));
  return Promise.all(
    rows.map(async ({ owner, isHost, isGuest, image, startTime, endTime, ...row }) => ({
      ...row,
      startTime: startTime.toISOString(),
      endTime: endTime.toISOString(),
      image: await imageView(env, image),
      owner: await toPerson(env, owner),
      role: owner.guid === person ? "owner" : isHost ? "host" : isGuest ? "guest" : "invited",
    })),
  );
}
