import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { files } from "./files";
import { events } from "./experiences";
import { createdAt } from "./columns";

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
