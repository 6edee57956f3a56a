import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { userRef } from "./accounts";
import { createdAt } from "./columns";
import { eventRef } from "./experiences";

// ── Feedback forms ────────────────────────────────────────────────────────────

export const feedbackForms = sqliteTable(
  "feedback_forms",
  {
    id: text("id").primaryKey(),
    eventId: eventRef(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("feedback_forms_event_idx").on(t.eventId),
    // Guests answer "the" published form: publishing one unpublishes the others, and at most one may be published.
    uniqueIndex("feedback_forms_one_published")
      .on(t.eventId)
      .where(sql`is_active = 1`),
  ],
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
    userId: userRef(),
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
