import { index, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { createdAt } from "./columns";
import { activities, eventRef } from "./experiences";
import { files } from "./files";

// ── Documents ─────────────────────────────────────────────────────────────────

export const documents = sqliteTable(
  "documents",
  {
    id: text("id").primaryKey(),
    eventId: eventRef(),
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
