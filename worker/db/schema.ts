import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { PRIVACY_VALUES, RSVP_STATUS_VALUES, RSVP_TYPE_VALUES, type ExternalImageSource } from "../lib/views.schema";

// Times are stored as epoch milliseconds; the API speaks ISO 8601.
const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

/** An image is either a file we stored in R2 or a picture hosted elsewhere (Unsplash, Pexels, a link, Google). */
export type ImageRef =
  | { source: "UPLOAD"; fileId: string }
  | { source: ExternalImageSource; url: string; photoId?: string };

/** An activity's location: free text, or the place object of the places autocomplete. */
export type Location =
  | string
  | { structuredFormat: { mainText: { text: string }; secondaryText?: { text: string } }; description?: string; googleMapsUri?: string; placeId?: string };

export const RSVP_STATUSES = RSVP_STATUS_VALUES;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];

// ── Accounts ────────────────────────────────────────────────────────────────

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    phone: text("phone"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull().default(""),
    organisation: text("organisation").notNull().default(""),
    bio: text("bio").notNull().default(""),
    profilePicFileId: text("profile_pic_file_id"),
    passwordHash: text("password_hash"),
    googleSub: text("google_sub"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    uniqueIndex("users_phone_unique").on(t.phone),
    uniqueIndex("users_google_sub_unique").on(t.googleSub),
  ],
);

export const userTags = sqliteTable(
  "user_tags",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tag: text("tag").notNull(),
    position: integer("position").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tag] }), index("user_tags_tag_idx").on(t.tag)],
);

export const otps = sqliteTable(
  "otps",
  {
    id: text("id").primaryKey(),
    target: text("target").notNull(),
    purpose: text("purpose", { enum: ["REGISTER", "PASSWORD_RESET"] }).notNull(),
    codeHash: text("code_hash").notNull(),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    verifiedAt: integer("verified_at", { mode: "timestamp_ms" }),
    consumedAt: integer("consumed_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("otps_target_idx").on(t.target, t.createdAt)],
);

export const passwordResets = sqliteTable(
  "password_resets",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("password_resets_user_idx").on(t.userId, t.createdAt)],
);

export const refreshFamilies = sqliteTable(
  "refresh_families",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("refresh_families_user_idx").on(t.userId)],
);

export const refreshTokens = sqliteTable(
  "refresh_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    familyId: text("family_id")
      .notNull()
      .references(() => refreshFamilies.id, { onDelete: "cascade" }),
    rotatedAt: integer("rotated_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("refresh_tokens_family_idx").on(t.familyId)],
);

/** Sign-in attempts not (yet) known to have succeeded, for the per-account and per-client throttles. */
export const signinAttempts = sqliteTable(
  "signin_attempts",
  {
    id: text("id").primaryKey(),
    /** The user id, or the e-mail address or phone number typed when no account has it. */
    account: text("account").notNull(),
    /** The caller's network (lib/auth/client.ts). */
    client: text("client").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("signin_attempts_account_idx").on(t.account, t.createdAt),
    index("signin_attempts_client_idx").on(t.client, t.createdAt),
    index("signin_attempts_created_idx").on(t.createdAt),
  ],
);

// ── Files (every R2 object has a row, so nothing is orphaned) ─────────────────

export const files = sqliteTable(
  "files",
  {
    id: text("id").primaryKey(),
    key: text("key").notNull(),
    // Set for files that belong to an event: deleting the event deletes these objects.
    eventId: text("event_id").references(() => events.id, { onDelete: "cascade" }),
    uploaderId: text("uploader_id").references(() => users.id, { onDelete: "set null" }),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    name: text("name").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("files_key_unique").on(t.key), index("files_event_idx").on(t.eventId)],
);

// ── Experiences and their itinerary ───────────────────────────────────────────

export const events = sqliteTable(
  "events",
  {
    id: text("id").primaryKey(),
    // RESTRICT: an account that still owns experiences cannot vanish and take them along.
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    subtitle: text("subtitle").notNull().default(""),
    description: text("description").notNull().default(""),
    image: text("image", { mode: "json" }).$type<ImageRef>(),
    privacy: text("privacy", { enum: PRIVACY_VALUES }).notNull().default("PUBLIC"),
    rsvpType: text("rsvp_type", { enum: RSVP_TYPE_VALUES }).notNull().default("OPEN_INVITE"),
    startTime: integer("start_time", { mode: "timestamp_ms" }).notNull(),
    endTime: integer("end_time", { mode: "timestamp_ms" }).notNull(),
    // The optimistic lock of itinerary writes: read with the state a write depends on, checked and bumped in the
    // write's D1 batch (lib/itinerary/experience-write.ts; the guard view is in migrations/0001_experience_write_guard.sql).
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("events_owner_idx").on(t.ownerId), index("events_start_idx").on(t.startTime)],
);

export const eventHosts = sqliteTable(
  "event_hosts",
  {
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index("event_hosts_user_idx").on(t.userId)],
);

export const programs = sqliteTable(
  "programs",
  {
    id: text("id").primaryKey(),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    date: text("date").notNull(), // YYYY-MM-DD (UTC)
    dayIndex: integer("day_index").notNull(),
    name: text("name").notNull(),
    subtitle: text("subtitle").notNull().default(""),
    description: text("description").notNull().default(""),
    image: text("image", { mode: "json" }).$type<ImageRef>(),
    createdAt: createdAt(),
  },
  (t) => [index("programs_event_idx").on(t.eventId, t.dayIndex)],
);

export const activities = sqliteTable(
  "activities",
  {
    id: text("id").primaryKey(),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    programId: text("program_id")
      .notNull()
      .references(() => programs.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    subtitle: text("subtitle").notNull().default(""),
    description: text("description").notNull().default(""),
    location: text("location", { mode: "json" }).$type<Location>(),
    startTime: integer("start_time", { mode: "timestamp_ms" }).notNull(),
    endTime: integer("end_time", { mode: "timestamp_ms" }).notNull(),
    image: text("image", { mode: "json" }).$type<ImageRef>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("activities_program_idx").on(t.programId, t.startTime),
    index("activities_event_idx").on(t.eventId),
  ],
);

// ── Documents ─────────────────────────────────────────────────────────────────

export const documents = sqliteTable(
  "documents",
  {
    id: text("id").primaryKey(),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    // null: a common document of the event; otherwise the guest it belongs to.
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    fileId: text("file_id")
      .notNull()
      .references(() => files.id, { onDelete: "cascade" }),
    type: text("type").notNull().default("other"),
    otherDocumentType: text("other_document_type"),
    uploaderId: text("uploader_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("documents_event_user_idx").on(t.eventId, t.userId)],
);

export const activityDocuments = sqliteTable(
  "activity_documents",
  {
    activityId: text("activity_id")
      .notNull()
      .references(() => activities.id, { onDelete: "cascade" }),
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.documentId] }), index("activity_documents_document_idx").on(t.documentId)],
);

// ── Guests ────────────────────────────────────────────────────────────────────

export const rsvps = sqliteTable(
  "rsvps",
  {
    id: text("id").primaryKey(),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    // An invite by e-mail may precede the account; it is attached to the user on sign-up.
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    status: text("status", { enum: RSVP_STATUSES }).notNull(),
    onboardStatus: text("onboard_status"),
    invitedById: text("invited_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("rsvps_event_email_unique").on(t.eventId, t.email),
    index("rsvps_event_status_idx").on(t.eventId, t.status),
    index("rsvps_user_idx").on(t.userId),
  ],
);

// ── Social feed ───────────────────────────────────────────────────────────────

export const feedPosts = sqliteTable(
  "feed_posts",
  {
    id: text("id").primaryKey(),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    authorId: text("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull().default(""),
    mediaFileId: text("media_file_id").references(() => files.id, { onDelete: "set null" }),
    mimeType: text("mime_type"),
    mediaWidth: integer("media_width"),
    mediaHeight: integer("media_height"),
    likesCount: integer("likes_count").notNull().default(0),
    commentCount: integer("comment_count").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("feed_posts_event_created_idx").on(t.eventId, t.createdAt)],
);

export const feedLikes = sqliteTable(
  "feed_likes",
  {
    postId: text("post_id")
      .notNull()
      .references(() => feedPosts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

export const feedComments = sqliteTable(
  "feed_comments",
  {
    id: text("id").primaryKey(),
    postId: text("post_id")
      .notNull()
      .references(() => feedPosts.id, { onDelete: "cascade" }),
    authorId: text("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    comment: text("comment").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("feed_comments_post_created_idx").on(t.postId, t.createdAt)],
);

// ── Bulletins ─────────────────────────────────────────────────────────────────

export const bulletins = sqliteTable(
  "bulletins",
  {
    id: text("id").primaryKey(),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    mediaFileId: text("media_file_id").references(() => files.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("bulletins_event_created_idx").on(t.eventId, t.createdAt)],
);

// ── Feedback forms ────────────────────────────────────────────────────────────

export const feedbackForms = sqliteTable(
  "feedback_forms",
  {
    id: text("id").primaryKey(),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("feedback_forms_event_idx").on(t.eventId)],
);

/** RATING fields are the 1-5 questions; a form has at most one TEXT field (the open-ended "data field"). */
export const feedbackFields = sqliteTable(
  "feedback_fields",
  {
    id: text("id").primaryKey(),
    formId: text("form_id")
      .notNull()
      .references(() => feedbackForms.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["RATING", "TEXT"] }).notNull(),
    label: text("label").notNull(),
    position: integer("position").notNull(),
  },
  (t) => [index("feedback_fields_form_idx").on(t.formId, t.position)],
);

export const feedbackResponses = sqliteTable(
  "feedback_responses",
  {
    id: text("id").primaryKey(),
    formId: text("form_id")
      .notNull()
      .references(() => feedbackForms.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("feedback_responses_form_user_unique").on(t.formId, t.userId)],
);

export const feedbackAnswers = sqliteTable(
  "feedback_answers",
  {
    responseId: text("response_id")
      .notNull()
      .references(() => feedbackResponses.id, { onDelete: "cascade" }),
    fieldId: text("field_id")
      .notNull()
      .references(() => feedbackFields.id, { onDelete: "cascade" }),
    rating: integer("rating"),
    text: text("text"),
  },
  (t) => [primaryKey({ columns: [t.responseId, t.fieldId] }), index("feedback_answers_field_idx").on(t.fieldId)],
);

// ── Mail ──────────────────────────────────────────────────────────────────────

export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: text("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    status: text("status", { enum: ["QUEUED", "SENT", "FAILED"] }).notNull().default("QUEUED"),
    createdAt: createdAt(),
  },
  (t) => [index("mail_outbox_created_idx").on(t.createdAt)],
);
