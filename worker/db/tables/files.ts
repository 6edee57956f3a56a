import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { createdAt } from "./columns";
import { events } from "./experiences";

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
