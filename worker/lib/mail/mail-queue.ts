import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { mailOutbox, type MailAttachment } from "@worker/db/schema";
import type { Bindings } from "@worker/env";
import { idChunks } from "../batch";
import { markOutbox, type MailMessage } from "./mailer";

/** The queues of wrangler.jsonc: mail to deliver, and what is left of it once its retries are spent. */
export const MAIL_QUEUE = "experiences-mail";
export const MAIL_DEAD_LETTER_QUEUE = "experiences-mail-dead";

/** Resend's batch endpoint: at most 100 messages a call (MAILS_PER_MESSAGE); it takes no attachments. */
const PROVIDER_BATCH_URL = "https://api.resend.com/emails/batch";
/** Resend's one-message endpoint: mail with inline attachments (the 'Your pass' QR code) goes here, one call each. */
const PROVIDER_ONE_URL = "https://api.resend.com/emails";
/** Retry delays double from 30 s up to an hour; after max_retries (wrangler.jsonc) the queue dead-letters the message. */
const FIRST_RETRY_SECONDS = 30;
const LONGEST_RETRY_SECONDS = 60 * 60;

export const retryDelaySeconds = (attempts: number) =>
  Math.min(FIRST_RETRY_SECONDS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_SECONDS);

const from = (env: Bindings) => env.MAIL_FROM ?? "Experiences <no-reply@experiences.app>";

type Row = typeof mailOutbox.$inferSelect;

/** An inline attachment as Resend takes it: the HTML's `cid:` names its content_id. */
const toResend = ({ filename, content, contentType, contentId }: MailAttachment) => ({
  filename,
  content,
  content_type: contentType,
  content_id: contentId,
});

const providerMail = (env: Bindings, { to, subject, text, html, headers, attachments }: Row) => ({
  from: from(env),
  to,
  subject,
  text,
  html,
  ...(headers ? { headers } : {}),
  ...(attachments ? { attachments: attachments.map(toResend) } : {}),
});

type Outcome = "sent" | "refused" | "retry";

/** One provider call: refused (a 4xx other than 429) is final, a 429, 5xx or network failure is retried. */
async function callProvider(env: Bindings, url: string, body: unknown): Promise<Outcome> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { Authorization: `Bearer ${env.MAIL_API_KEY}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    if (response.ok) return "sent";
    console.error("Mail provider answered", response.status, await response.text());
    return response.status === 429 || response.status >= 500 ? "retry" : "refused";
  } catch (error) {
    console.error("Mail provider unreachable", error);
    return "retry";
  }
}

/**
 * Hands the rows to the provider: those without attachments in one batch call, each with attachments in its own call
 * (the batch endpoint takes none). Marks what was sent or refused; answers whether something is left to retry.
 */
async function handOver(env: Bindings, db: Db, rows: Row[]): Promise<boolean> {
  const plain = rows.filter((row) => !row.attachments);
  const calls: { group: Row[]; url: string; body: unknown }[] = rows
    .filter((row) => row.attachments)
    .map((row) => ({ group: [row], url: PROVIDER_ONE_URL, body: providerMail(env, row) }));
  if (plain.length > 0) calls.unshift({ group: plain, url: PROVIDER_BATCH_URL, body: plain.map((row) => providerMail(env, row)) });
  for (const { group, url, body } of calls) {
    // In development there is no provider: the outbox is the mailbox.
    const outcome = env.ENVIRONMENT !== "production" ? "sent" : await callProvider(env, url, body);
    // What was handed over stays marked: the message's retry sends only the rows still QUEUED.
    if (outcome === "retry") return true;
    await markOutbox(
      db,
      group.map((row) => row.id),
      outcome === "sent" ? "SENT" : "FAILED",
    );
  }
  return false;
}

/** One message: the rows it names still QUEUED (a message the queue delivers twice is sent once). */
async function deliver(env: Bindings, db: Db, message: Message<MailMessage>): Promise<void> {
  const reads = idChunks(message.body.ids).map((chunk) =>
    db
      .select()
      .from(mailOutbox)
      .where(and(inArray(mailOutbox.id, chunk), eq(mailOutbox.status, "QUEUED"))),
  );
  const [first, ...rest] = reads;
  const rows = first ? (await db.batch([first, ...rest])).flat() : [];
  if (await handOver(env, db, rows)) return message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
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
