import { and, eq } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { activitySignups } from "@worker/db/schema";
import type { SignupView } from "@worker/shared/signup.schema";
import { signupLogged } from "./signup-log";
import { placesNow, signupTarget, type SignupPath } from "./signup-target";

/** The caller gives up their place or leaves the waitlist; a freed place goes to the first waiting (migrations/0021). */
export async function leaveActivity(db: Db, path: SignupPath, callerId: string): Promise<SignupView> {
  const { activity } = await signupTarget(db, path, callerId);
  await db.batch([
    signupLogged(db, "leftActivity", { activityId: activity.id, userId: callerId }, callerId),
    db.delete(activitySignups).where(and(eq(activitySignups.activityId, activity.id), eq(activitySignups.userId, callerId))),
  ]);
  return placesNow(db, activity, callerId);
}
