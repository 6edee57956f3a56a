import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users, userRef } from "./accounts";
import { createdAt } from "./columns";
import { eventRef } from "./experiences";
import { files } from "./files";

// ── Social feed ───────────────────────────────────────────────────────────────

export const feedPosts = sqliteTable(
  "feed_posts",
  {
    id: text("id").primaryKey(),
    eventId: eventRef(),
    authorId: userRef("author_id"),
    title: text("title").notNull().default(""),
    mediaFileId: text("media_file_id").references(() => files.id, { onDelete: "set null" }),
    mimeType: text("mime_type"),
    mediaWidth: integer("media_width"),
    mediaHeight: integer("media_height"),
    likesCount: integer("likes_count").notNull().default(0),
    commentCount: integer("comment_count").notNull().default(0),
    /** Hidden by an organiser (moderation): left out for guests, shown marked to organisers, who may restore it. */
    hiddenAt: integer("hidden_at", { mode: "timestamp_ms" }),
    hiddenById: text("hidden_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("feed_posts_event_created_idx").on(t.eventId, t.createdAt),
    // One post per stored file: deleting a post deletes its file, which no other post may show.
    uniqueIndex("feed_posts_media_file_unique").on(t.mediaFileId),
  ],
);

export const feedLikes = sqliteTable(
  "feed_likes",
  {
    postId: text("post_id")
      .notNull()
      .references(() => feedPosts.id, { onDelete: "cascade" }),
    userId: userRef(),
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
    authorId: userRef("author_id"),
    comment: text("comment").notNull(),
    /** Hidden by an organiser (moderation), as a post is. */
    hiddenAt: integer("hidden_at", { mode: "timestamp_ms" }),
    hiddenById: text("hidden_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("feed_comments_post_created_idx").on(t.postId, t.createdAt)],
);

/** A participant's report of a post or a comment (moderation): one per person and subject; organisers see them counted. */
export const feedReports = sqliteTable(
  "feed_reports",
  {
    id: text("id").primaryKey(),
    eventId: eventRef(),
    /** The post reported, or the post of the comment reported. */
    postId: text("post_id")
      .notNull()
      .references(() => feedPosts.id, { onDelete: "cascade" }),
    /** The comment reported; null when the report is about the post. */
    commentId: text("comment_id").references(() => feedComments.id, { onDelete: "cascade" }),
    /** What is reported: the comment's id, else the post's (one report per person and subject). */
    subjectId: text("subject_id").notNull(),
    reporterId: userRef("reporter_id"),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("feed_reports_reporter_subject_unique").on(t.reporterId, t.subjectId),
    index("feed_reports_event_idx").on(t.eventId, t.createdAt),
  ],
);

/** A participant an organiser muted in the experience's feed: they read it but may not post, comment or report. */
export const feedMutes = sqliteTable(
  "feed_mutes",
  {
    eventId: eventRef(),
    userId: userRef(),
    mutedById: text("muted_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] })],
);
