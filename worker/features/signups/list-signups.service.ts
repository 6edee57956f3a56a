import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { activitySignups, users } from "@worker/db/schema";
import { signupPosition } from "@worker/domain/activity-signups";
import { personColumns, toPerson } from "@worker/domain/people";
import type { Bindings } from "@worker/env";
import { organiserTarget, type SignupPath } from "./signup-target";
import type { SignupList } from "./signups.schema";

/** Owner and hosts: who holds a place in the activity (in the order they signed up) and who waits, in the queue's order. */
export async function listSignups(env: Bindings, db: Db, path: SignupPath, callerId: string): Promise<SignupList> {
  const activity = await organiserTarget(db, path, callerId);
  const rows = await db
    .select({
      ...personColumns,
      emailId: users.email,
      status: activitySignups.status,
      createdAt: activitySignups.createdAt,
      position: signupPosition,
    })
    .from(activitySignups)
    .innerJoin(users, eq(users.id, activitySignups.userId))
    .where(eq(activitySignups.activityId, activity.id))
    .orderBy(asc(sql`coalesce(${activitySignups.waitlistRank}, 0)`), asc(activitySignups.createdAt), asc(activitySignups.id));
  const listed = await Promise.all(
    rows.map(async (row) => ({
      person: await toPerson(env, row),
      emailId: row.emailId,
      signedUpAt: row.createdAt.toISOString(),
      status: row.status,
      position: row.position,
    })),
  );
  return {
    capacity: activity.capacity,
    going: listed.filter((row) => row.status === "IN").map(({ person, emailId, signedUpAt }) => ({ person, emailId, signedUpAt })),
    waiting: listed
      .filter((row) => row.status === "WAITING")
      .map(({ person, emailId, signedUpAt, position }) => ({ person, emailId, signedUpAt, position: position! }))
      .sort((a, b) => a.position - b.position),
  };
}
