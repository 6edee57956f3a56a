import { HOURLY_CRON, type Jobs } from "@worker/lib/jobs";
import { forgetOldNotifications, NOTIFY_SWEEP_CRON, sweepNotifications } from "./digest-sweep.service";
import { consumeNotifications, NOTIFY_DEAD_LETTER_QUEUE, NOTIFY_QUEUE } from "./notify-queue";

/**
 * Notifications' background work (docs/notifications.md): the notify queue turns digests into mail and push; every five
 * minutes the sweep wakes rooms whose poke was lost and sends digests a crash left unqueued; hourly, old told changes
 * and sent pushes are forgotten.
 */
export const notificationsJobs: Jobs = {
  queues: { [NOTIFY_QUEUE]: consumeNotifications, [NOTIFY_DEAD_LETTER_QUEUE]: consumeNotifications },
  crons: {
    [NOTIFY_SWEEP_CRON]: sweepNotifications,
    [HOURLY_CRON]: (_env, db) => forgetOldNotifications(db),
  },
};
