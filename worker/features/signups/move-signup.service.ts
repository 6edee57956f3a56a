import { sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import type { Bindings } from "@worker/env";
import { rawStatement } from "@worker/lib/batch";
import { conflict } from "@worker/lib/errors";
import { SIGNUP_MESSAGES } from "@worker/shared/signup.schema";
import { listSignups } from "./list-signups.service";
import { signupLogged } from "./signup-log";
import { guestOf, organiserTarget, type SignupPath } from "./signup-target";
import type { SignupList } from "./signups.schema";

/**
 * Owner and hosts move someone waiting to `position` in the queue (1: next to be given a place; past the end: last).
 * One statement renumbers the activity's waiting sign-ups 1..n in the new order, so moves, sign-ups and promotions
 * landing at the same time each see a whole queue; a new sign-up still goes after everyone (max rank + 1).
 */
export async function moveSignup(
  env: Bindings,
  db: Db,
  path: SignupPath,
  callerId: string,
  userId: string,
  position: number,
): Promise<SignupList> {
  const activity = await organiserTarget(db, path, callerId);
  const [moved] = await db.batch([
    rawStatement(
      db,
      sql`with
      others as (select id, row_number() over (order by waitlist_rank, id) as place from activity_signups
        where activity_id = ${activity.id} and status = 'WAITING' and user_id != ${userId}),
      mover as (select id from activity_signups where activity_id = ${activity.id} and user_id = ${userId} and status = 'WAITING'),
      target as (select min(${position}, (select count(*) from others) + 1) as place),
      ranked as materialized (
        select id, case when place >= (select place from target) then place + 1 else place end as rank from others
        union all select id, (select place from target) from mover)
      update activity_signups set waitlist_rank = (select rank from ranked where ranked.id = activity_signups.id)
      where id in (select id from ranked) and exists (select 1 from mover)`,
    ),
    signupLogged(db, "waitlistMoved", { activityId: activity.id, userId }, callerId),
  ]);
  if (moved.meta.changes === 0) {
    const guest = await guestOf(db, activity.eventId, userId);
    throw conflict(SIGNUP_MESSAGES.notWaiting, { guest: guest?.name ?? "" });
  }
  return listSignups(env, db, path, callerId);
}
