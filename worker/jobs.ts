import { getDb } from "@worker/db/client";
import type { Bindings } from "@worker/env";
import { filesJobs } from "@worker/features/files/files.jobs";
import { notificationsJobs } from "@worker/features/notifications/notifications.jobs";
import type { Jobs } from "@worker/lib/jobs";
import { mailJobs } from "@worker/lib/mail/mail.jobs";

// Every feature's background work (lib/jobs.ts), gathered as app.ts gathers every feature's routes; index.ts runs it.
const JOBS: Jobs[] = [filesJobs, mailJobs, notificationsJobs];

/** A cron fired (wrangler.jsonc triggers.crons): each feature's work for it, one after another. */
export async function runCron(cron: string, env: Bindings): Promise<void> {
  for (const jobs of JOBS) await jobs.crons?.[cron]?.(env, getDb(env.DB));
}

/** A batch arrived on a queue (wrangler.jsonc queues.consumers): the feature that owns the queue consumes it. */
export async function consume(batch: MessageBatch, env: Bindings): Promise<void> {
  const consumer = JOBS.map((jobs) => jobs.queues?.[batch.queue]).find((found) => found !== undefined);
  if (!consumer) throw new Error(`No consumer for queue ${batch.queue}`);
  await consumer(batch as MessageBatch<never>, env, getDb(env.DB));
}
