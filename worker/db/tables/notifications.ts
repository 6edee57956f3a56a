import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { CHANGE_FIELDS, CHANGE_SUBJECTS, NOTIFY_CHANNELS, NOTIFY_KINDS, type PushPayload } from "@worker/shared/notify-kinds";
import { users, userRef } from "./accounts";
import { createdAt } from "./columns";
import { eventRef } from "./experiences";

// ── Notifications ─────────────────────────────────────────────────────────────

/**
 * Who changed what in an experience, and when, with the old and new values: written in the same batch as the change
 * itself (so a row exists only for a change that committed), read by the notification digests (worker/features/notifications/digest.desk.ts
 * decides when, worker/features/notifications/notify-queue.ts what) and by 'What changed since you last looked'.
 */
export const changeLog = sqliteTable(
  "change_log",
  {
    seq: integer("seq").primaryKey({ autoIncrement: true }),
    eventId: eventRef(),
    /** Who made the change; never told about it. */
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind", { enum: NOTIFY_KINDS }).notNull(),
    subjectType: text("subject_type", { enum: CHANGE_SUBJECTS }).notNull(),
    subjectId: text("subject_id").notNull(),
    /** The day the subject was on when it changed (an activity's, or the day itself), for the History panel's day filter; null otherwise. */
    programId: text("program_id"),
    field: text("field", { enum: CHANGE_FIELDS }).notNull(),
    /** The subject's name at the time (an activity's, a day's, a bulletin's title, a person's): the row reads alone. */
    label: text("label").notNull(),
    oldValue: text("old_value", { mode: "json" }).$type<unknown>(),
    newValue: text("new_value", { mode: "json" }).$type<unknown>(),
    /** An activity's attendee groups at the time: only people who may see it are told (docs/programme.md); empty: its audience. */
    groups: text("groups", { mode: "json" }).$type<string[]>().notNull().default([]),
    /** The one person the change is for (a decision about them, a comment on their post); null: the kind's audience. */
    recipientId: text("recipient_id").references(() => users.id, { onDelete: "cascade" }),
    /** Within 48 hours of now (or a bulletin, a request, a decision): told within 2 minutes rather than in the hourly digest. */
    urgent: integer("urgent", { mode: "boolean" }).notNull(),
    createdAt: createdAt(),
    /** The digest that took this row (notification_digests.id); null while it waits for one. */
    digestId: text("digest_id"),
  },
  (t) => [index("change_log_event_seq_idx").on(t.eventId, t.seq), index("change_log_pending_idx").on(t.digestId, t.createdAt)],
);

/**
 * One digest per experience and alarm: the change-log rows up to `throughSeq` not taken before. Its id is deterministic
 * (`{eventId}:{throughSeq}`), so an alarm retried after a crash claims the same digest, never a second one.
 */
export const notificationDigests = sqliteTable(
  "notification_digests",
  {
    id: text("id").primaryKey(),
    eventId: eventRef(),
    throughSeq: integer("through_seq").notNull(),
    createdAt: createdAt(),
    /** When its queue message was sent; null: the cron sends it again. */
    enqueuedAt: integer("enqueued_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("notification_digests_enqueued_idx").on(t.enqueuedAt, t.createdAt)],
);

/** A person's switch for one kind on one channel; no row means the default (notificationDefaults). */
export const notificationPrefs = sqliteTable(
  "notification_prefs",
  {
    userId: userRef(),
    kind: text("kind", { enum: NOTIFY_KINDS }).notNull(),
    channel: text("channel", { enum: NOTIFY_CHANNELS }).notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.channel] })],
);

/** Experiences a person muted: nothing of any kind about them, on any channel. */
export const notificationMutes = sqliteTable(
  "notification_mutes",
  {
    userId: userRef(),
    eventId: eventRef(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.eventId] }), index("notification_mutes_event_idx").on(t.eventId)],
);

/** A browser that allowed push (RFC 8030 endpoint with its RFC 8291 keys); deleted when its push service answers 404/410. */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: text("id").primaryKey(),
    userId: userRef(),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    lastSuccessAt: integer("last_success_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId)],
);

/**
 * Every push the app sends, written before it is queued (as mail_outbox is for mail). Its id is deterministic
 * (`{digestId}:{subscriptionId}:{kind}`), so a digest handled twice pushes once. In development the consumer does
 * not call the push service: the outbox is the box (/dev/pushbox.json).
 */
export const pushOutbox = sqliteTable(
  "push_outbox",
  {
    id: text("id").primaryKey(),
    subscriptionId: text("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    payload: text("payload", { mode: "json" }).$type<PushPayload>().notNull(),
    status: text("status", { enum: ["QUEUED", "SENT", "GONE", "FAILED"] })
      .notNull()
      .default("QUEUED"),
    createdAt: createdAt(),
  },
  (t) => [index("push_outbox_created_idx").on(t.createdAt)],
);

/** The newest change-log row a person has seen in an experience: 'What changed since you last looked' starts after it. */
export const changeSeen = sqliteTable(
  "change_seen",
  {
    userId: userRef(),
    eventId: eventRef(),
    lastSeq: integer("last_seq").notNull(),
    seenAt: integer("seen_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.eventId] })],
);
