import { and, eq } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { pushSubscriptions } from "@worker/db/schema";
import type { PushSubscriptionBody } from "./notifications.schema";

/**
 * Keeps a browser's push subscription. An endpoint is one browser profile: saved again, it gets the new keys, and if
 * another account had it (someone else signed in on that browser before), it moves to the caller.
 */
export async function savePushSubscription(db: Db, userId: string, body: PushSubscriptionBody, userAgent: string | null) {
  const { endpoint, keys } = body;
  const [saved] = await db
    .insert(pushSubscriptions)
    .values({ id: crypto.randomUUID(), userId, endpoint, p256dh: keys.p256dh, auth: keys.auth, userAgent })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh: keys.p256dh, auth: keys.auth, userAgent } })
    .returning({ id: pushSubscriptions.id });
  return { id: saved!.id };
}

/** Forgets a browser of the caller's ('Stop on this device'); another account's endpoint is left alone. */
export async function deletePushSubscription(db: Db, userId: string, endpoint: string) {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}
