import { inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "@worker/db/client";
import { mailOutbox, type MailAttachment } from "@worker/db/schema";
import type { Bindings } from "@worker/env";
import { idChunks, rowsPerInsert } from "../batch";

export interface Mail {
  /**
   * A deterministic outbox id (notifications: `{digestId}:{userId}:{kind}`): a second send of the same id is dropped, so
   * a digest handled twice mails once. Without one, a random id.
   */
  id?: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe on invitations. */
  headers?: Record<string, string>;
  /** Inline images the HTML names by `cid:` (mail clients strip `data:` images): keep them to a few KB. */
  attachments?: MailAttachment[];
}

/** What the mail queue carries: the outbox rows of one provider call. The messages themselves stay in D1. */
export type MailMessage = Bindings["MAIL_QUEUE"] extends Queue<infer Body> ? Body : never;

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /**
   * Many messages at once (invitations, reminders): written to the outbox in chunked batches, then queued (100 to a
   * message), before it resolves; the mail queue's consumer delivers them (worker/lib/mail/mail-queue.ts). Answers how many.
   */
  sendMany(mails: Iterable<Mail> | AsyncIterable<Mail>): Promise<number>;
}

/** Messages built and written per D1 batch: bounds the memory of a 10,000-guest import, not only the parameters. */
const OUTBOX_WINDOW = 500;
/** Outbox rows a queue message names: what the provider takes in one batch call (Resend: 100). */
const MAILS_PER_MESSAGE = 100;

/** Marks outbox rows with a status, under D1's bound-parameter limit. */
export async function markOutbox(db: Db, ids: string[], status: "SENT" | "FAILED"): Promise<void> {
  const updates: BatchItem<"sqlite">[] = idChunks(ids).map((chunk) =>
    db.update(mailOutbox).set({ status }).where(inArray(mailOutbox.id, chunk)),
  );
  const [first, ...rest] = updates;
  if (first) await db.batch([first, ...rest]);
}

/**
 * Queues written outbox rows. A queue that refuses them leaves the rows FAILED (the outbox never claims a message is
 * on its way when it is not) and throws: the caller's request fails as any failed write does. Rows with deterministic
 * ids stay QUEUED instead: their caller retries (a notification digest's queue message), and its second send queues them.
 */
async function enqueue(env: Bindings, db: Db, ids: string[], keepOnFailure: boolean): Promise<void> {
  try {
    // A window of 500 is 5 messages of under 4 KB each: one send, well under a batch's 256 KB.
    await env.MAIL_QUEUE.sendBatch(idChunks(ids, MAILS_PER_MESSAGE).map((chunk) => ({ body: { ids: chunk } satisfies MailMessage })));
  } catch (error) {
    if (!keepOnFailure) await markOutbox(db, ids, "FAILED");
    throw error;
  }
}

/** Every message is written to the outbox (QUEUED), then put on the mail queue, in windows of 500. */
export function createMailer(env: Bindings, db: Db): Mailer {
  const mailer: Mailer = {
    async send(mail) {
      await mailer.sendMany([mail]);
    },

    async sendMany(mails) {
      let sent = 0;
      let window: (typeof mailOutbox.$inferInsert)[] = [];
      const flush = async () => {
        // An id already written (a digest handled twice) is left as it is: the consumer sends only rows still QUEUED.
        const inserts = idChunks(window, rowsPerInsert(mailOutbox)).map((rows) => db.insert(mailOutbox).values(rows).onConflictDoNothing());
        const [first, ...rest] = inserts;
        if (first) await db.batch([first, ...rest]);
        await enqueue(
          env,
          db,
          window.map((row) => row.id),
          deterministic,
        );
        sent += window.length;
        window = [];
      };
      let deterministic = false;
      for await (const { id, ...mail } of mails) {
        deterministic ||= id !== undefined;
        window.push({ id: id ?? crypto.randomUUID(), ...mail, status: "QUEUED" });
        if (window.length === OUTBOX_WINDOW) await flush();
      }
      if (window.length > 0) await flush();
      return sent;
    },
  };
  return mailer;
}
