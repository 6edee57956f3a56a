import app from "./app";
import { getDb } from "@worker/db/client";
import type { Bindings, NotifyMessage } from "./env";
import { sweepOrphanFiles } from "@worker/domain/orphan-sweep";
import { consumeNotifications, NOTIFY_DEAD_LETTER_QUEUE, NOTIFY_QUEUE } from "@worker/features/notifications/notify-queue";
import { consumeMail } from "@worker/lib/mail-queue";
import type { MailMessage } from "@worker/lib/mailer";
import { forgetOldMailCounts } from "@worker/lib/mail-counts";
import { forgetOldNotifications, NOTIFY_SWEEP_CRON, sweepNotifications } from "@worker/live/digest-sweep";

export { EventRoom } from "@worker/live/event-room";
export type { AppType } from "./app";

const isNotifyBatch = (batch: MessageBatch<MailMessage | NotifyMessage>): batch is MessageBatch<NotifyMessage> =>
  batch.queue === NOTIFY_QUEUE || batch.queue === NOTIFY_DEAD_LETTER_QUEUE;

export default {
  fetch: app.fetch,
  async scheduled(controller, env) {
    // Every 5 minutes: notification digests a crash left unqueued.
    if (controller.cron === NOTIFY_SWEEP_CRON) return sweepNotifications(env, getDb(env.DB));
    // Hourly: files a request left half-written, or nothing names any more (feed uploads never posted among them),
    // are deleted a day later; old counters, told changes and sent pushes are forgotten.
    await sweepOrphanFiles(env, getDb(env.DB));
    await forgetOldMailCounts(getDb(env.DB));
    await forgetOldNotifications(getDb(env.DB));
  },
  // The mail and notify queues and their dead-letter queues (wrangler.jsonc queues.consumers).
  async queue(batch, env) {
    if (isNotifyBatch(batch)) return consumeNotifications(batch, env, getDb(env.DB));
    await consumeMail(batch as MessageBatch<MailMessage>, env, getDb(env.DB));
  },
} satisfies ExportedHandler<Bindings, MailMessage | NotifyMessage>;
