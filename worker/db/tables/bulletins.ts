import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { createdAt } from "./columns";
import { eventRef } from "./experiences";
import { files } from "./files";

// ── Bulletins ─────────────────────────────────────────────────────────────────

export const bulletins = sqliteTable(
  "bulletins",
  {
    id: text("id").primaryKey(),
    eventId: eventRef(),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    mediaFileId: text("media_file_id").references(() => files.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("bulletins_event_created_idx").on(t.eventId, t.createdAt)],
);
