import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { feedbackFields, feedbackForms, feedbackResponses } from "@worker/db/schema";
import { requireEventRole, type EventRole } from "@worker/domain/permissions";
import { notFound } from "@worker/lib/errors";
import { FEEDBACK_MESSAGES, type FeedbackForm, type ManagedFeedbackForm } from "./feedback.schema";

const ORGANISERS: EventRole[] = ["owner", "host"];
export const PARTICIPANTS: EventRole[] = ["owner", "host", "guest"];

/** Managing forms and reading results: the owner and hosts (a stranger of a private experience gets 404, of a public one 403). */
export const requireFeedbackOrganiser = (db: Db, eventId: string, userId: string) => requireEventRole(db, eventId, userId, ORGANISERS);

type FormRow = typeof feedbackForms.$inferSelect;
type FieldRow = Pick<typeof feedbackFields.$inferSelect, "id" | "formId" | "kind" | "label">;

const fieldColumns = { id: feedbackFields.id, formId: feedbackFields.formId, kind: feedbackFields.kind, label: feedbackFields.label };

function toForm(form: FormRow, fields: FieldRow[]): FeedbackForm {
  const own = fields.filter((field) => field.formId === form.id);
  return {
    id: form.id,
    eventId: form.eventId,
    title: form.title,
    description: form.description,
    isActive: form.isActive,
    fields: own.filter((field) => field.kind === "RATING").map((field) => ({ id: field.id, label: field.label })),
    dataFields: own.filter((field) => field.kind === "TEXT").map((field) => ({ id: field.id, dataFieldLabel: field.label })),
    createdAt: form.createdAt.toISOString(),
    updatedAt: form.updatedAt?.toISOString() ?? null,
  };
}

/** The experience's forms (or one of them) with their questions in order and their answer counts, in one D1 batch. */
export async function readForms(db: Db, eventId: string, formId?: string): Promise<ManagedFeedbackForm[]> {
  const ofEvent =
    formId === undefined ? eq(feedbackForms.eventId, eventId) : and(eq(feedbackForms.eventId, eventId), eq(feedbackForms.id, formId));
  const formIds = db.select({ id: feedbackForms.id }).from(feedbackForms).where(ofEvent);
  const [forms, fields, counts] = await db.batch([
    db.select().from(feedbackForms).where(ofEvent).orderBy(desc(feedbackForms.createdAt), desc(feedbackForms.id)),
    db.select(fieldColumns).from(feedbackFields).where(inArray(feedbackFields.formId, formIds)).orderBy(asc(feedbackFields.position)),
    db
      .select({ formId: feedbackResponses.formId, responses: count() })
      .from(feedbackResponses)
      .where(inArray(feedbackResponses.formId, formIds))
      .groupBy(feedbackResponses.formId),
  ]);
  return forms.map((form) => ({
    ...toForm(form, fields),
    responsesCount: counts.find((row) => row.formId === form.id)?.responses ?? 0,
  }));
}

/** One form of the experience, as its organisers see it; 404 when it is not one of this experience's. */
export async function readForm(db: Db, eventId: string, formId: string): Promise<ManagedFeedbackForm> {
  const [form] = await readForms(db, eventId, formId);
  if (!form) throw notFound(FEEDBACK_MESSAGES.formNotFound);
  return form;
}

/** The experience's published form, if any, and whether this user has answered it: one D1 batch. */
export async function readPublishedForm(
  db: Db,
  eventId: string,
  userId: string,
): Promise<{ form: FeedbackForm | null; answered: boolean }> {
  const published = and(eq(feedbackForms.eventId, eventId), eq(feedbackForms.isActive, true));
  const publishedId = db.select({ id: feedbackForms.id }).from(feedbackForms).where(published);
  const [forms, fields, answers] = await db.batch([
    db.select().from(feedbackForms).where(published).limit(1),
    db.select(fieldColumns).from(feedbackFields).where(inArray(feedbackFields.formId, publishedId)).orderBy(asc(feedbackFields.position)),
    db
      .select({ id: feedbackResponses.id })
      .from(feedbackResponses)
      .where(and(inArray(feedbackResponses.formId, publishedId), eq(feedbackResponses.userId, userId)))
      .limit(1),
  ]);
  const [form] = forms;
  return { form: form ? toForm(form, fields) : null, answered: answers.length > 0 };
}
