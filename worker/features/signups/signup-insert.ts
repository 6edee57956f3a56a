import { sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { rawStatement } from "@worker/lib/batch";
import { signupLogged } from "./signup-log";

// The one statement that takes a place (docs/programme.md, 'Order of rules'). D1 runs one statement at a time, so each
// decision is made inside it: IN while there is a free place and nobody waits (no one jumps the queue), else WAITING
// at the end of the queue; only for a guest going to the experience, and (unless an organiser overrides it) not
// while they hold a place or wait in an activity of the same experience at an overlapping time. Its History row
// ('signed up', by `actorId`) is written in the same batch, only when the sign-up landed.

export async function insertSignup(
  db: Db,
  activityId: string,
  userId: string,
  { overlapAllowed, actorId }: { overlapAllowed: boolean; actorId: string },
) {
  const room = sql`(a.capacity is null or (
    a.capacity > (select count(*) from activity_signups y where y.activity_id = a.id and y.status = 'IN')
    and not exists (select 1 from activity_signups w where w.activity_id = a.id and w.status = 'WAITING')))`;
  const noOverlap = overlapAllowed
    ? sql`1`
    : sql`not exists (select 1 from activity_signups o join activities oa on oa.id = o.activity_id
        where o.event_id = a.event_id and o.user_id = ${userId} and oa.id != a.id
          and oa.start_time < a.end_time and oa.end_time > a.start_time)`;
  const signupId = crypto.randomUUID();
  const insert = rawStatement(
    db,
    sql`insert into activity_signups (id, event_id, activity_id, user_id, status, waitlist_rank)
    select ${signupId}, a.event_id, a.id, ${userId},
      case when ${room} then 'IN' else 'WAITING' end,
      case when ${room} then null
        else (select coalesce(max(w.waitlist_rank), 0) + 1 from activity_signups w where w.activity_id = a.id) end
    from activities a
    where a.id = ${activityId} and a.attendance = 'SIGNUP'
      and exists (select 1 from rsvps r where r.event_id = a.event_id and r.user_id = ${userId} and r.status = 'YES')
      and ${noOverlap}
    on conflict do nothing`,
  );
  const [result] = await db.batch([insert, signupLogged(db, "signedUp", { activityId, userId, signupId }, actorId)]);
  return result.meta.changes === 1;
}

/** The activity of the same experience the person holds or waits for at a time overlapping this one's, if any. */
export async function overlapping(db: Db, activityId: string, userId: string) {
  const [row] = await db.all<{ name: string }>(sql`select oa.name from activities a
    join activity_signups o on o.event_id = a.event_id and o.user_id = ${userId}
    join activities oa on oa.id = o.activity_id
    where a.id = ${activityId} and oa.id != a.id and oa.start_time < a.end_time and oa.end_time > a.start_time
    order by oa.start_time limit 1`);
  return row;
}
