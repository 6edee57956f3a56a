import { waitUntil } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { mailOutbox } from "@worker/db/schema";
import type { Db } from "@worker/db/client";
import type { Bindings } from "@worker/env";
import { chunkedInserts, idChunks } from "./batch";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /**
   * Many messages at once (invitations, reminders): written to the outbox in chunked batches before it
   * resolves; in production they reach the provider in batch calls after the response. Answers how many.
   */
  sendMany(mails: Iterable<Mail>): Promise<number>;
}

/** Work that may finish after the response (the request's waitUntil). */
export type Background = (work: Promise<void>) => void;

const PROVIDER_URL = "https://api.resend.com/emails";
/** Resend's batch endpoint takes at most 100 messages a call. */
const PROVIDER_BATCH_URL = "https://api.resend.com/emails/batch";
const PROVIDER_BATCH_SIZE = 100;
/** Messages built and written per D1 batch: bounds the memory of a 10,000-guest import, not only the parameters. */
const OUTBOX_WINDOW = 500;

const statusOf = (env: Bindings) => (env.ENVIRONMENT === "production" ? "QUEUED" : "SENT");

function callProvider(env: Bindings, url: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { Authorization: `Bearer ${env.MAIL_API_KEY}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

const from = (env: Bindings) => env.MAIL_FROM ?? "Experiences <no-reply@experiences.app>";

/** Marks outbox rows SENT or FAILED, under D1's bound-parameter limit. */
async function markOutbox(db: Db, ids: string[], status: "SENT" | "FAILED"): Promise<void> {
  const updates: BatchItem<"sqlite">[] = idChunks(ids).map((chunk) =>
    db.update(mailOutbox).set({ status }).where(inArray(mailOutbox.id, chunk)),
  );
  if (updates.length > 0) await db.batch(updates as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}

/**
 * Hands queued outbox rows to the provider, one batch call per 100. A refused or failed call marks its
 * rows FAILED and the rest still go: one bad batch never holds back the others.
 */
async function deliver(env: Bindings, db: Db, ids: string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += PROVIDER_BATCH_SIZE) {
    const batch = ids.slice(i, i + PROVIDER_BATCH_SIZE);
    const reads = idChunks(batch).map((chunk) =>
      db
        .select({ to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text, html: mailOutbox.html })
        .from(mailOutbox)
        .where(inArray(mailOutbox.id, chunk)),
    );
    const mails = (await db.batch(reads as [(typeof reads)[number], ...typeof reads])).flat();
    let ok = false;
    try {
      const response = await callProvider(
        env,
        PROVIDER_BATCH_URL,
        mails.map((mail) => ({ from: from(env), ...mail })),
      );
      ok = response.ok;
      if (!ok) console.error("Mail provider refused a batch", response.status, await response.text());
    } catch (error) {
      console.error("Mail provider unreachable", error);
    }
    await markOutbox(db, batch, ok ? "SENT" : "FAILED");
  }
}

/**
 * Every message is written to the outbox. In development the outbox is the mailbox (/dev/mailbox);
 * in production the message is also handed to the mail provider over HTTPS.
 */
export function createMailer(env: Bindings, db: Db, background: Background = waitUntil): Mailer {
  return {
    async send(mail) {
      const id = crypto.randomUUID();
      await db.insert(mailOutbox).values({ id, ...mail, status: statusOf(env) });
      if (env.ENVIRONMENT !== "production") return;
      const response = await callProvider(env, PROVIDER_URL, { from: from(env), ...mail });
      await db
        .update(mailOutbox)
        .set({ status: response.ok ? "SENT" : "FAILED" })
        .where(eq(mailOutbox.id, id));
      if (!response.ok) throw new Error(`Mail provider answered ${response.status}`);
    },

    async sendMany(mails) {
      const ids: string[] = [];
      let window: (typeof mailOutbox.$inferInsert)[] = [];
      const flush = async () => {
        const [first, ...rest] = chunkedInserts(db, mailOutbox, window);
        if (first) await db.batch([first, ...rest]);
        window = [];
      };
      for (const mail of mails) {
        const id = crypto.randomUUID();
        ids.push(id);
        window.push({ id, ...mail, status: statusOf(env) });
        if (window.length === OUTBOX_WINDOW) await flush();
      }
      await flush();
      if (env.ENVIRONMENT === "production" && ids.length > 0) {
        background(deliver(env, db, ids).catch((error: unknown) => console.error("Mail delivery failed", error)));
      }
      return ids.length;
    },
  };
}
