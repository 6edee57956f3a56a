import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";

/** An inline attachment: the HTML shows it as `<img src="cid:{contentId}">`. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  contentId: string;
  /** The file, base64. */
  content: string;
}

// ── Mail ──────────────────────────────────────────────────────────────────────

/**
 * Every message the app sends, written before it is queued. QUEUED until the mail queue's consumer hands it to the
 * provider (SENT), or gives up after its retries (FAILED, from the dead-letter queue). In development the consumer
 * marks it SENT without a provider: the outbox is the mailbox (/dev/mailbox).
 */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: text("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** Extra headers, e.g. List-Unsubscribe on invitations. */
    headers: text("headers", { mode: "json" }).$type<Record<string, string>>(),
    /** Inline images the HTML names by `cid:` (the 'Your pass' QR code), base64: a few KB each. */
    attachments: text("attachments", { mode: "json" }).$type<MailAttachment[]>(),
    status: text("status", { enum: ["QUEUED", "SENT", "FAILED"] })
      .notNull()
      .default("QUEUED"),
    createdAt: createdAt(),
  },
  (t) => [index("mail_outbox_created_idx").on(t.createdAt)],
);

/**
 * The ledger of invitation mail: how many invitations and reminders an account sent (`sender:<user id>`) and an
 * address received (`to:<address>`) on one UTC day. Quotas are claimed here with conditional upserts, so requests
 * landing at once never pass a limit between them.
 */
export const mailCounts = sqliteTable(
  "mail_counts",
  {
    key: text("key").notNull(),
    /** The UTC day, YYYY-MM-DD. */
    day: text("day").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.day] }), index("mail_counts_day_idx").on(t.day)],
);

/** The suppression scope of an address that asked for no invitations from anyone. */
export const EVERYONE_SCOPE = "all";

/** Addresses that asked for no more invitations: from one experience (`scope` is its id) or from anyone (EVERYONE_SCOPE). */
export const mailSuppressions = sqliteTable(
  "mail_suppressions",
  {
    email: text("email").notNull(),
    scope: text("scope").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.email, t.scope] })],
);
