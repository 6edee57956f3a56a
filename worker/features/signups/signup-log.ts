import { sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { HISTORY_ONLY_DIGEST } from "@worker/domain/change-log";
import { rawStatement } from "@worker/lib/batch";

// The change-log rows of an activity's sign-up list (docs/programme.md, 'History'): who signed up, left, was moved on the
// waitlist. Each is read from the sign-up row itself (the person's name, its status and place), in the same batch as
// the write: written before a delete, after an insert or an update, so it lands only with the change it tells.

export type SignupLogField = "signedUp" | "leftActivity" | "waitlistMoved" | "promoted";

/** The sign-up as a row tells it: { guest, status, position }. */
const told = sql`json_object('guest', trim(u.first_name || ' ' || u.last_name), 'status', s.status,
  'position', case when s.status = 'WAITING' then (select count(*) from activity_signups w where w.activity_id = s.activity_id
    and w.status = 'WAITING' and (w.waitlist_rank < s.waitlist_rank or (w.waitlist_rank = s.waitlist_rank and w.id <= s.id))) end)`;

/**
 * The row telling `field` of one person's sign-up (`signupId`, or theirs in the activity), by `actorId`. Told to the
 * person when someone else made the change (an organiser added, removed or promoted them); their own, and every move on
 * the waitlist, are the History panel's alone. 'promoted' is written before the update, only while they wait, as the
 * waitlist's trigger writes it (kind requests: a decision about them).
 */
export function signupLogged(
  db: Db,
  field: SignupLogField,
  signup: { activityId: string; userId: string; signupId?: string },
  actorId: string,
) {
  const historyOnly = field === "waitlistMoved" || actorId === signup.userId;
  const kind = field === "promoted" ? "requests" : "itinerary";
  const value = field === "leftActivity" ? sql`${told}, null` : sql`null, ${told}`;
  return rawStatement(
    db,
    sql`insert into change_log (event_id, actor_id, kind, subject_type, subject_id, program_id, field, label,
      old_value, new_value, groups, recipient_id, urgent, created_at, digest_id)
    select s.event_id, ${actorId}, ${kind}, 'activity', a.id, a.program_id, ${field}, a.name, ${value}, a.groups,
      s.user_id, 1, cast(unixepoch('subsec') * 1000 as integer), ${historyOnly ? HISTORY_ONLY_DIGEST : null}
    from activity_signups s join activities a on a.id = s.activity_id join users u on u.id = s.user_id
    where s.activity_id = ${signup.activityId} and s.user_id = ${signup.userId}
      ${signup.signupId ? sql`and s.id = ${signup.signupId}` : sql``}
      ${field === "promoted" || field === "waitlistMoved" ? sql`and s.status = 'WAITING'` : sql``}`,
  );
}
