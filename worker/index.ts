import app from "./app";
import { getDb } from "@worker/db/client";
import type { Bindings } from "./env";
import { sweepOrphanFiles } from "@worker/domain/orphan-sweep";
import { consumeMail } from "@worker/lib/mail-queue";
import type { MailMessage } from "@worker/lib/mailer";
import { forgetOldMailCounts } from "@worker/lib/mail-counts";

export { EventRoom } from "@worker/live/event-room";
export type { AppType } from "./app";

export default {
  fetch: app.fetch,
  // Hourly (wrangler.toml [triggers]): files a request left half-written, or nothing names any more (feed uploads
  // never posted among them), are deleted a day later.
  async scheduled(_controller, env) {
    await sweepOrphanFiles(env, getDb(env.DB));
    await forgetOldMailCounts(getDb(env.DB));
  },
  // The mail queue and its dead-letter queue (wrangler.toml [[queues.consumers]]).
  async queue(batch, env) {
    await consumeMail(batch, env, getDb(env.DB));
  },
} satisfies ExportedHandler<Bindings, MailMessage>;
