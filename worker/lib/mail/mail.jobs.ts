import { HOURLY_CRON, type Jobs } from "@worker/lib/jobs";
import { forgetOldMailCounts } from "./mail-counts";
import { consumeMail, MAIL_DEAD_LETTER_QUEUE, MAIL_QUEUE } from "./mail-queue";

/** Mail's background work: delivering the outbox through the mail queue, and forgetting the daily counters of past days. */
export const mailJobs: Jobs = {
  queues: { [MAIL_QUEUE]: consumeMail, [MAIL_DEAD_LETTER_QUEUE]: consumeMail },
  crons: { [HOURLY_CRON]: (_env, db) => forgetOldMailCounts(db) },
};
