import { and, eq, inArray } from "drizzle-orm";
import { mailOutbox } from "@worker/db/schema";
import type { Db } from "@worker/db/client";
import type { Bindings } from "@worker/env";
import { idChunks } from "./batch";
import { markOutbox, type MailMessage } from "./mailer";

/** The queues of wrangler.toml: mail to deliver, and what is left of it once its retries are spent. */
export const MAIL_QUEUE = "experiences-mail";
export const MAIL_DEAD_LETTER_QUEUE = "experiences-mail-dead";

/** Resend's batch endpoint: at most 100 messages a call (MAILS_PER_MESSAGE). */
const PROVIDER_BATCH_URL = "https://api.resend.com/emails/batch";
/** Retry delays double from 30 s up to an hour; after max_retries (wrangler.toml) the queue dead-letters the message. */
const FIRST_RETRY_SECONDS = 30;
const LONGEST_RETRY_SECONDS = 60 * 60;

export const retryDelaySeconds = (attempts: number) =>
  Math.min(FIRST_RETRY_SECONDS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_SECONDS);

const from = (env: Bindings) => env.MAIL_FROM ?? "Experiences <no-reply@experiences.app>";

type Outcome = "sent" | "refused" | "retry";

/** One provider call for the batch: refused (a 4xx other than 429) is final, a 429, 5xx or network failure is retried. */
async function callProvider(env: Bindings, rows: (typeof mailOutbox.$inferSelect)[]): Promise<Outcome> {
  try {
    const response = await fetch(PROVIDER_BATCH_URL, {
      method: "POST",
      headers: { Authorization: `Bearer ${env.MAIL_API_KEY}`, "Content-Type": "application/json" },
      body: JSON.stringify(
        rows.map(({ to, subject, text, html, headers }) => ({ from: from(env), to, subject, text, html, ...(headers ? { headers } : {}) })),
      ),
    });
    if (response.ok) return "sent";
    console.error("Mail provider answered", response.status, await response.text());
    return response.status === 429 || response.status >= 500 ? "retry" : "refused";
  } catch (error) {
    console.error("Mail provider unreachable", error);
    return "retry";
  }
}

/** One message: the rows it names still QUEUED (a message the queue delivers twice is sent once), in one provider call. */
async function deliver(env: Bindings, db: Db, message: Message<MailMessage>): Promise<void> {
  const reads = idChunks(message.body.ids).map((chunk) =>
    db
      .select()
      .from(mailOutbox)
      .where(and(inArray(mailOutbox.id, chunk), eq(mailOutbox.status, "QUEUED"))),
  );
  const [first, ...rest] = reads;
  const rows = first ? (await db.batch([first, ...rest])).flat() : [];
  // In development there is no provider: the outbox is the mailbox.
  const outcome = rows.length === 0 || env.ENVIRONMENT !== "production" ? "sent" : await callProvider(env, rows);
  if (outcome === "retry") return message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
  await markOutbox(
    db,
    rows.map((row) => row.id),
    outcome === "sent" ? "SENT" : "FAILED",
  );
  message.ack();
}

/**
 * The mail queue's consumer: each message is one provider batch call, marked SENT, or FAILED when the provider
 * refuses it for good; a failed call is retried with a growing delay, and what reaches the dead-letter queue is FAILED.
 */
export async function consumeMail(batch: MessageBatch<MailMessage>, env: Bindings, db: Db): Promise<void> {
  if (batch.queue === MAIL_DEAD_LETTER_QUEUE) {
    await markOutbox(
      db,
      batch.messages.flatMap((message) => message.body.ids),
      "FAILED",
    );
    batch.ackAll();
    return;
  }
  for (const message of batch.messages) await deliver(env, db, message);
}
