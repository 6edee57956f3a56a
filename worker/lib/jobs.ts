import type { Db } from "@worker/db/client";
import type { Bindings } from "@worker/env";

// Work done outside a request, by feature: a feature that has some says so in its `<name>.jobs.ts`, and worker/index.ts
// runs them from the queues and the cron (worker/jobs.ts). The queues and crons themselves are declared in wrangler.jsonc
// (queues.consumers, triggers.crons).

/** The hourly cron of wrangler.jsonc's triggers: sweeps and forgetting. */
export const HOURLY_CRON = "17 * * * *";

type Work = (env: Bindings, db: Db) => Promise<unknown>;
/** A queue's consumer. A batch holds only its queue's messages: each consumer types its own. */
type Consumer = (batch: MessageBatch<never>, env: Bindings, db: Db) => Promise<void>;

export interface Jobs {
  /** Work per cron expression, run in turn with the other features' work on the same cron. */
  crons?: Record<string, Work>;
  /** The consumer of each queue, by the queue's name. */
  queues?: Record<string, Consumer>;
}
