import { and, asc, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { changeLog, notificationDigests, pushOutbox } from "@worker/db/schema";
import type { Bindings } from "@worker/env";
import { eventRoom } from "@worker/live/room";
import { dueOf, notifyWindows } from "./digest.desk";

/**
 * The cron of wrangler.jsonc triggers that runs the sweep. Not exported from worker/index.ts: workerd takes every named
 * export of the entry module for an entrypoint, and a string there stops the Worker from starting.
 */
export const NOTIFY_SWEEP_CRON = "*/5 * * * *";

/** How long past its due time a change may wait, or a claimed digest stay unsent, before the cron steps in. */
export const SWEEP_GRACE_MS = 2 * 60_000;
/** Rooms woken per run, and digests sent again per run: the next run (5 minutes on) takes the rest. */
const SWEEP_LIMIT = 100;

/**
 * Every 5 minutes (wrangler.jsonc triggers): what a crash left behind. Change-log rows still pending two minutes after
 * they were due (the write committed, but its poke was lost) wake their rooms again; digests
 * claimed but never enqueued (the room's retries ran out between the claim and the send) are sent.
 */
export async function sweepNotifications(env: Bindings, db: Db): Promise<void> {
  await Promise.all([pokeForgottenRooms(env, db), resendUnqueuedDigests(env, db)]);
}

async function pokeForgottenRooms(env: Bindings, db: Db) {
  const windows = notifyWindows(env);
  const cutoff = Date.now() - SWEEP_GRACE_MS;
  const rows = await db
    .selectDistinct({ eventId: changeLog.eventId })
    .from(changeLog)
    .where(
      and(
        isNull(changeLog.digestId),
        // The index's range first (nothing younger than the shorter window can be late), then each row's own window.
        lt(changeLog.createdAt, new Date(cutoff - Math.min(windows.urgent, windows.later))),
        sql`${dueOf(windows)} < ${cutoff}`,
      ),
    )
    .limit(SWEEP_LIMIT);
  const poked = await Promise.allSettled(rows.map(({ eventId }) => eventRoom(env, eventId).pokeDigests(eventId)));
  poked.forEach((result, i) => {
    if (result.status === "rejected") console.error("digest sweep: poke failed", rows[i]!.eventId, result.reason);
  });
}

async function resendUnqueuedDigests(env: Bindings, db: Db) {
  const digests = await db
    .select({ id: notificationDigests.id })
    .from(notificationDigests)
    .where(and(isNull(notificationDigests.enqueuedAt), lt(notificationDigests.createdAt, new Date(Date.now() - SWEEP_GRACE_MS))))
    .orderBy(asc(notificationDigests.createdAt))
    .limit(SWEEP_LIMIT);
  if (digests.length === 0) return;
  const ids = digests.map(({ id }) => id);
  await env.NOTIFY_QUEUE.sendBatch(ids.map((digestId) => ({ body: { type: "digest" as const, digestId } })));
  await db.update(notificationDigests).set({ enqueuedAt: new Date() }).where(inArray(notificationDigests.id, ids));
}

/** How long told changes and their digests are kept ('What changed' reaches 30 days back), and sent pushes. */
export const CHANGES_KEPT_MS = 90 * 24 * 60 * 60 * 1000;
const PUSHES_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

/** Hourly: forgets changes told more than 90 days ago with their digests, and pushes older than 30 days. */
export async function forgetOldNotifications(db: Db, now = Date.now()): Promise<void> {
  const changesBefore = new Date(now - CHANGES_KEPT_MS);
  await db.batch([
    db.delete(changeLog).where(and(isNotNull(changeLog.digestId), lt(changeLog.createdAt, changesBefore))),
    db.delete(notificationDigests).where(and(isNotNull(notificationDigests.enqueuedAt), lt(notificationDigests.createdAt, changesBefore))),
    db.delete(pushOutbox).where(lt(pushOutbox.createdAt, new Date(now - PUSHES_KEPT_MS))),
  ]);
}
