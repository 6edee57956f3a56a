import type { Db } from "@worker/db/client";
import { readerOf, seesActivity } from "@worker/domain/activity-audience";
import type { Bindings } from "@worker/env";
import { conflict, notFound } from "@worker/lib/errors";
import { SIGNUP_MESSAGES } from "@worker/shared/signup.schema";
import { listSignups } from "./list-signups.service";
import { insertSignup, overlapping } from "./signup-insert";
import { guestOf, organiserTarget, ownSignup, type SignupPath } from "./signup-target";
import type { SignupList } from "./signups.schema";

/**
 * Owner and hosts add a guest going to the experience: a place while one is free, else the end of the waitlist, as
 * their own sign-up would (the window does not bind organisers). Refused for a guest not going or outside the activity's
 * groups, and over another activity they hold at the same time unless `allowOverlap` (the organiser's override).
 */
export async function addSignup(
  env: Bindings,
  db: Db,
  path: SignupPath,
  callerId: string,
  body: { userId: string; allowOverlap: boolean },
): Promise<SignupList> {
  const activity = await organiserTarget(db, path, callerId);
  if (activity.attendance !== "SIGNUP") throw conflict(SIGNUP_MESSAGES.notSignup);
  const guest = await guestOf(db, activity.eventId, body.userId);
  if (!guest) throw notFound(/*i18n*/ "Guest not found");
  if (!guest.going) throw conflict(SIGNUP_MESSAGES.guestNotGoing, { guest: guest.name });
  if (!seesActivity(await readerOf(db, activity.eventId, body.userId), activity))
    throw conflict(SIGNUP_MESSAGES.guestNotInGroups, { guest: guest.name });
  const added =
    (await ownSignup(db, activity.id, body.userId)) ||
    (await insertSignup(db, activity.id, body.userId, { overlapAllowed: body.allowOverlap, actorId: callerId }));
  if (!added) {
    const other = await overlapping(db, activity.id, body.userId);
    if (other) throw conflict(SIGNUP_MESSAGES.guestOverlaps, { guest: guest.name, name: other.name });
    if (!(await ownSignup(db, activity.id, body.userId))) throw conflict(SIGNUP_MESSAGES.guestNotGoing, { guest: guest.name });
  }
  return listSignups(env, db, path, callerId);
}
