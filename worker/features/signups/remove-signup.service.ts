import { and, eq } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { activitySignups } from "@worker/db/schema";
import type { Bindings } from "@worker/env";
import { notFound } from "@worker/lib/errors";
import { SIGNUP_MESSAGES } from "@worker/shared/signup.schema";
import { listSignups } from "./list-signups.service";
import { signupLogged } from "./signup-log";
import { organiserTarget, type SignupPath } from "./signup-target";
import type { SignupList } from "./signups.schema";

/** Owner and hosts take someone off the activity or its waitlist; a freed place goes to the first waiting (migrations/0021). */
export async function removeSignup(env: Bindings, db: Db, path: SignupPath, callerId: string, userId: string): Promise<SignupList> {
  const activity = await organiserTarget(db, path, callerId);
  const [, removed] = await db.batch([
    signupLogged(db, "leftActivity", { activityId: activity.id, userId }, callerId),
    db
      .delete(activitySignups)
      .where(and(eq(activitySignups.activityId, activity.id), eq(activitySignups.userId, userId)))
      .returning({ id: activitySignups.id }),
  ]);
  if (removed.length === 0) throw notFound(SIGNUP_MESSAGES.guestNotFound);
  return listSignups(env, db, path, callerId);
}
