import type { Db } from "@worker/db/client";
import { closesAt } from "@worker/domain/activity-signups";
import { conflict, forbidden } from "@worker/lib/errors";
import { SIGNUP_MESSAGES, type SignupView } from "@worker/shared/signup.schema";
import { insertSignup, overlapping } from "./signup-insert";
import { ownSignup, placesNow, signupTarget, type SignupPath } from "./signup-target";

/**
 * The caller signs up for a SIGNUP activity: a place while one is free, else the end of its waitlist. Asking again
 * keeps the place they have. Refused, naming why, for an activity everyone attends, a guest not going, outside the
 * sign-up window, or over another activity they hold at the same time.
 */
export async function signUp(db: Db, path: SignupPath, callerId: string, now = Date.now()): Promise<SignupView> {
  const { activity, going } = await signupTarget(db, path, callerId);
  if (activity.attendance !== "SIGNUP") throw conflict(SIGNUP_MESSAGES.notSignup);
  if (!going) throw forbidden(SIGNUP_MESSAGES.notGoing);
  if (await ownSignup(db, activity.id, callerId)) return placesNow(db, activity, callerId);
  if (activity.signupOpensAt && now < activity.signupOpensAt.getTime()) throw conflict(SIGNUP_MESSAGES.notOpen);
  if (now >= closesAt(activity).getTime()) throw conflict(SIGNUP_MESSAGES.closed);
  if (!(await insertSignup(db, activity.id, callerId, { overlapAllowed: false, actorId: callerId }))) {
    // Refused inside the statement: by a sign-up at the same time that landed first, or the guest left meanwhile.
    const other = await overlapping(db, activity.id, callerId);
    if (other) throw conflict(SIGNUP_MESSAGES.overlaps, { name: other.name });
    if (!(await ownSignup(db, activity.id, callerId))) throw forbidden(SIGNUP_MESSAGES.notGoing);
  }
  return placesNow(db, activity, callerId);
}
