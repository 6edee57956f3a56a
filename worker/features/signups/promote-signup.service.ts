import { and, eq } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { activitySignups } from "@worker/db/schema";
import type { Bindings } from "@worker/env";
import { conflict } from "@worker/lib/errors";
import { SIGNUP_MESSAGES } from "@worker/shared/signup.schema";
import { listSignups } from "./list-signups.service";
import { signupLogged } from "./signup-log";
import { guestOf, organiserTarget, type SignupPath } from "./signup-target";
import type { SignupList } from "./signups.schema";

/**
 * Owner and hosts give someone waiting a place now, ahead of the queue and even when the activity is full: the
 * organiser's decision (docs/programme.md). The automatic paths never fill past the places; this one may, and the count
 * says so ('41 / 40'). They are told as a freed place is told.
 */
export async function promoteSignup(env: Bindings, db: Db, path: SignupPath, callerId: string, userId: string): Promise<SignupList> {
  const activity = await organiserTarget(db, path, callerId);
  const [, promoted] = await db.batch([
    signupLogged(db, "promoted", { activityId: activity.id, userId }, callerId),
    db
      .update(activitySignups)
      .set({ status: "IN", waitlistRank: null })
      .where(and(eq(activitySignups.activityId, activity.id), eq(activitySignups.userId, userId), eq(activitySignups.status, "WAITING")))
      .returning({ id: activitySignups.id }),
  ]);
  if (promoted.length === 0) {
    const guest = await guestOf(db, activity.eventId, userId);
    throw conflict(SIGNUP_MESSAGES.notWaiting, { guest: guest?.name ?? "" });
  }
  return listSignups(env, db, path, callerId);
}
