import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { activities, activitySignups, rsvps } from "@worker/db/schema";
import { idChunks } from "@worker/lib/batch";
import type { MySignup, SignupStatus, SignupView } from "@worker/shared/signup.schema";
import { seesActivity } from "./activity-audience";

// What the activity views show of a sign-up activity's places (docs/programme.md): counts for everyone, the reader's
// own place for them. Read in the same batch as the activities it describes.

/** A sign-up's place in its activity's queue, counted densely from 1 (ranks may have gaps); null when it is IN. */
export const signupPosition = sql<number | null>`case when "activity_signups"."status" = 'WAITING' then (
  select count(*) from activity_signups w where w.activity_id = "activity_signups"."activity_id" and w.status = 'WAITING'
    and (w.waitlist_rank < "activity_signups"."waitlist_rank"
      or (w.waitlist_rank = "activity_signups"."waitlist_rank" and w.id <= "activity_signups"."id"))
) end`;

/** The statements reading an experience's sign-up counts, and one person's own places (none for a visitor). */
export function signupQueries(db: Db, scope: { eventId: string; activityId?: string }, readerId: string | null) {
  const where = scope.activityId ? eq(activitySignups.activityId, scope.activityId) : eq(activitySignups.eventId, scope.eventId);
  return [
    db
      .select({ activityId: activitySignups.activityId, status: activitySignups.status, count: count() })
      .from(activitySignups)
      .where(where)
      .groupBy(activitySignups.activityId, activitySignups.status),
    db
      .select({ activityId: activitySignups.activityId, status: activitySignups.status, position: signupPosition })
      .from(activitySignups)
      .where(and(where, eq(activitySignups.userId, readerId ?? ""))),
  ] as const;
}

type CountRow = { activityId: string; status: SignupStatus; count: number };
type MineRow = { activityId: string; status: SignupStatus; position: number | null };

/** What an activity row needs to answer its `signup` part. */
export interface SignupActivity {
  id: string;
  attendance: "EVERYONE" | "SIGNUP";
  capacity: number | null;
  startTime: Date;
  signupOpensAt: Date | null;
  signupClosesAt: Date | null;
}

/** When signing up for this activity closes: the time set, else its start. */
export const closesAt = (activity: SignupActivity) => activity.signupClosesAt ?? activity.startTime;

/** Turns the rows of signupQueries into each activity's `signup` part (null for an activity everyone attends). */
export function signupViews(counts: CountRow[], mine: MineRow[]) {
  const countOf = new Map(counts.map((row) => [`${row.activityId}:${row.status}`, row.count]));
  const mineOf = new Map<string, MySignup>(mine.map((row) => [row.activityId, { status: row.status, position: row.position }]));
  return (activity: SignupActivity): SignupView | null =>
    activity.attendance === "SIGNUP"
      ? {
          capacity: activity.capacity,
          taken: countOf.get(`${activity.id}:IN`) ?? 0,
          waiting: countOf.get(`${activity.id}:WAITING`) ?? 0,
          opensAt: activity.signupOpensAt?.toISOString() ?? null,
          closesAt: closesAt(activity).toISOString(),
          mine: mineOf.get(activity.id) ?? null,
        }
      : null;
}

/**
 * The statements deleting sign-ups their holders may no longer see (an activity's groups changed, or a guest's groups):
 * a guest who may not see an activity holds no place in it, and their place passes on. Scoped to one activity (its new
 * groups), or to some people of the experience.
 */
export async function unseenSignupsDeleted(db: Db, scope: { eventId: string; activityId?: string; groups?: string[]; userIds?: string[] }) {
  if (scope.groups?.length === 0 || scope.userIds?.length === 0) return [];
  const held = await db
    .select({ id: activitySignups.id, userId: activitySignups.userId, tags: rsvps.tags, groups: activities.groups })
    .from(activitySignups)
    .innerJoin(activities, eq(activities.id, activitySignups.activityId))
    .innerJoin(rsvps, and(eq(rsvps.eventId, activitySignups.eventId), eq(rsvps.userId, activitySignups.userId)))
    .where(
      and(eq(activitySignups.eventId, scope.eventId), scope.activityId ? eq(activitySignups.activityId, scope.activityId) : undefined),
    );
  const people = scope.userIds && new Set(scope.userIds);
  const unseen = held
    .filter((signup) => !people || people.has(signup.userId))
    .filter((signup) => !seesActivity({ organiser: false, groups: signup.tags }, { groups: scope.groups ?? signup.groups }))
    .map((signup) => signup.id);
  return idChunks(unseen).map((ids) => db.delete(activitySignups).where(inArray(activitySignups.id, ids)));
}

/**
 * Who a change to a sign-up activity concerns (docs/programme.md, 'Told'): its sign-ups, in or waiting, and the
 * organisers. Read for the activities among `activityIds` that take sign-ups now: activity id → the people signed up.
 * A change to any other activity is for everyone who sees it.
 */
export async function signupAudiences(db: Db, activityIds: string[]): Promise<Map<string, Set<string>>> {
  const audiences = new Map<string, Set<string>>();
  for (const ids of idChunks([...new Set(activityIds)])) {
    const [taking, signedUp] = await db.batch([
      db
        .select({ id: activities.id })
        .from(activities)
        .where(and(inArray(activities.id, ids), eq(activities.attendance, "SIGNUP"))),
      db
        .select({ activityId: activitySignups.activityId, userId: activitySignups.userId })
        .from(activitySignups)
        .where(inArray(activitySignups.activityId, ids)),
    ]);
    for (const { id } of taking) audiences.set(id, new Set());
    for (const row of signedUp) audiences.get(row.activityId)?.add(row.userId);
  }
  return audiences;
}

/** Whether a change-log row concerns the reader, by signupAudiences: a row for one person is theirs already. */
export const concernsReader = (
  audiences: Map<string, Set<string>>,
  change: { subjectType: string; subjectId: string; recipientId: string | null },
  reader: { userId: string; organiser: boolean },
) =>
  change.recipientId !== null ||
  change.subjectType !== "activity" ||
  reader.organiser ||
  (audiences.get(change.subjectId)?.has(reader.userId) ?? true);
