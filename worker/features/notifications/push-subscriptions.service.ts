import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { pushSubscriptions } from "@worker/db/schema";
import { badRequest, conflict } from "@worker/lib/errors";
import { NOTIFICATION_MESSAGES, PUSH_SUBSCRIPTIONS_MAX, type PushSubscriptionBody } from "./notifications.schema";
import { endpointProblem, isP256PublicKey } from "./push-endpoint";

/**
 * Keeps a browser's push subscription: an endpoint of a browser's push service with a real P-256 key, else 400 naming
 * why. An endpoint is one browser profile: saved again by its account, it gets the new keys; held by another account,
 * it stays theirs (409) until they remove it. A person keeps their newest PUSH_SUBSCRIPTIONS_MAX browsers.
 */
export async function savePushSubscription(db: Db, userId: string, body: PushSubscriptionBody, userAgent: string | null) {
  const { endpoint, keys } = body;
  const problem = endpointProblem(endpoint);
  if (problem) throw badRequest(problem);
  if (!(await isP256PublicKey(keys.p256dh))) throw badRequest(NOTIFICATION_MESSAGES.badKey);
  const [saved] = await db.batch([
    db
      .insert(pushSubscriptions)
      .values({ id: crypto.randomUUID(), userId, endpoint, p256dh: keys.p256dh, auth: keys.auth, userAgent })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { p256dh: keys.p256dh, auth: keys.auth, userAgent },
        setWhere: eq(pushSubscriptions.userId, userId),
      })
      .returning({ id: pushSubscriptions.id }),
    // Run whatever the insert did: saved side by side, each request's trim still leaves the newest few.
    db.delete(pushSubscriptions).where(
      and(
        eq(pushSubscriptions.userId, userId),
        sql`${pushSubscriptions.id} not in (select id from push_subscriptions where user_id = ${userId}
          order by created_at desc, rowid desc limit ${PUSH_SUBSCRIPTIONS_MAX})`,
      ),
    ),
  ]);
  if (!saved[0]) throw conflict(NOTIFICATION_MESSAGES.endpointTaken);
  return { id: saved[0].id };
}

/** Forgets a browser of the caller's ('Stop on this device'); another account's endpoint is left alone. */
export async function deletePushSubscription(db: Db, userId: string, endpoint: string) {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}
