import { and, eq, exists, ne, notExists, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "@worker/db/client";
import { feedbackFields, feedbackForms, feedbackResponses } from "@worker/db/schema";
import { requireEventRole } from "@worker/domain/permissions";
import { chunkedInserts } from "@worker/lib/batch";
import { badRequest, conflict, notFound } from "@worker/lib/errors";
import { PARTICIPANTS, readForm, readForms, readPublishedForm, requireFeedbackOrganiser } from "./feedback-views";
import {
  FEEDBACK_MESSAGES,
  type ActiveFeedback,
  type CreateFormBody,
  type ManagedFeedbackForm,
  type UpdateFormBody,
} from "./feedback.schema";

type Questions = Pick<ManagedFeedbackForm, "fields" | "dataFields">;
type QuestionLabels = { fields: { label: string }[]; dataFields: { dataFieldLabel: string }[] };

/** Rows of feedback_fields for a form's questions: the rating questions in order, then the open-ended one. */
const fieldRows = (formId: string, { fields, dataFields }: QuestionLabels) => [
  ...fields.map((field, position) => ({ id: crypto.randomUUID(), formId, kind: "RATING" as const, label: field.label, position })),
  ...dataFields.map((field, i) => ({
    id: crypto.randomUUID(),
    formId,
    kind: "TEXT" as const,
    label: field.dataFieldLabel,
    position: fields.length + i,
  })),
];

export async function listForms(db: Db, eventId: string, userId: string): Promise<ManagedFeedbackForm[]> {
  await requireFeedbackOrganiser(db, eventId, userId);
  return readForms(db, eventId);
}

export async function getForm(db: Db, eventId: string, formId: string, userId: string): Promise<ManagedFeedbackForm> {
  await requireFeedbackOrganiser(db, eventId, userId);
  return readForm(db, eventId, formId);
}

/** The published form for a participant to answer; owner and hosts read it too (to see what guests see) but never answer. */
export async function activeFeedback(db: Db, eventId: string, userId: string): Promise<ActiveFeedback> {
  const { role } = await requireEventRole(db, eventId, userId, PARTICIPANTS);
  const { form, answered } = await readPublishedForm(db, eventId, userId);
  return { form, answered, canAnswer: form !== null && role === "guest" && !answered };
}

/** A new form, always a draft: publishing is a separate step (spec 2 §4). */
export async function createForm(db: Db, eventId: string, userId: string, body: CreateFormBody): Promise<ManagedFeedbackForm> {
  await requireFeedbackOrganiser(db, eventId, userId);
  const id = crypto.randomUUID();
  await db.batch([
    db.insert(feedbackForms).values({ id, eventId, title: body.title, description: body.description, isActive: false }),
    ...chunkedInserts(db, feedbackFields, fieldRows(id, body)),
  ]);
  return readForm(db, eventId, id);
}

const sameQuestions = (current: Questions, next: QuestionLabels) =>
  current.fields.length === next.fields.length &&
  current.dataFields.length === next.dataFields.length &&
  current.fields.every((field, i) => field.label === next.fields[i]?.label) &&
  current.dataFields.every((field, i) => field.dataFieldLabel === next.dataFields[i]?.dataFieldLabel);

export interface FormUpdate {
  form: ManagedFeedbackForm;
  /** Whether guests' view of the published form changed (it or another was published, unpublished or edited). */
  publishedChanged: boolean;
}

/**
 * Edits a form. Questions are replaced as a whole and only while nobody has answered: every statement that
 * touches them is conditional on the form having no answers, inside one D1 batch, so an answer landing
 * between the read and the write wins and the edit is refused (409), never applied over it.
 */
export async function updateForm(db: Db, eventId: string, formId: string, userId: string, body: UpdateFormBody): Promise<FormUpdate> {
  await requireFeedbackOrganiser(db, eventId, userId);
  const current = await readForm(db, eventId, formId);
  const next: QuestionLabels = { fields: body.fields ?? current.fields, dataFields: body.dataFields ?? current.dataFields };
  const replacing = !sameQuestions(current, next);
  if (replacing && next.fields.length + next.dataFields.length === 0) throw badRequest(FEEDBACK_MESSAGES.noQuestions);
  if (replacing && current.responsesCount > 0) throw conflict(FEEDBACK_MESSAGES.fieldsFrozen);

  const unanswered = notExists(
    db
      .select({ one: sql`1` })
      .from(feedbackResponses)
      .where(eq(feedbackResponses.formId, formId)),
  );
  const thisForm = and(eq(feedbackForms.id, formId), eq(feedbackForms.eventId, eventId));
  const statements: BatchItem<"sqlite">[] = [];
  if (body.isActive === true) {
    // First, so the one-published-form index never sees two; and only when this form's update below will apply
    // (it still exists, and is still unanswered when its questions are replaced), so a publish racing a delete
    // or an answer changes nothing rather than leaving no form published.
    const self = alias(feedbackForms, "self");
    const selfApplies = and(eq(self.id, formId), eq(self.eventId, eventId), replacing ? unanswered : undefined);
    const updateApplies = exists(
      db
        .select({ one: sql`1` })
        .from(self)
        .where(selfApplies),
    );
    statements.push(
      db
        .update(feedbackForms)
        .set({ isActive: false })
        .where(and(eq(feedbackForms.eventId, eventId), ne(feedbackForms.id, formId), eq(feedbackForms.isActive, true), updateApplies)),
    );
  }
  const update = db
    .update(feedbackForms)
    .set({ title: body.title, description: body.description, isActive: body.isActive, updatedAt: new Date() })
    .where(replacing ? and(thisForm, unanswered) : thisForm)
    .returning({ id: feedbackForms.id });
  statements.push(update);
  if (replacing) {
    const rows = fieldRows(formId, next);
    statements.push(db.delete(feedbackFields).where(and(eq(feedbackFields.formId, formId), unanswered)));
    // The new questions travel as one JSON text: one bound parameter whatever their number, inserted only while unanswered.
    statements.push(
      db.insert(feedbackFields).select(
        sql`select value ->> 'id', value ->> 'formId', value ->> 'kind', value ->> 'label', value ->> 'position' from json_each(${JSON.stringify(rows)})
          where not exists (select 1 from ${feedbackResponses} where ${feedbackResponses.formId} = ${formId})`,
      ),
    );
  }
  const results = await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const updated = results[body.isActive === true ? 1 : 0] as { id: string }[];
  if (updated.length === 0) {
    // Deleted meanwhile, or answered between the read and the write.
    await readForm(db, eventId, formId);
    throw conflict(FEEDBACK_MESSAGES.fieldsFrozen);
  }
  const form = await readForm(db, eventId, formId);
  return { form, publishedChanged: current.isActive || form.isActive };
}

/** Deletes a form with its questions and answers; answers whether it was the published one. */
export async function deleteForm(db: Db, eventId: string, formId: string, userId: string): Promise<{ wasPublished: boolean }> {
  await requireFeedbackOrganiser(db, eventId, userId);
  const [deleted] = await db
    .delete(feedbackForms)
    .where(and(eq(feedbackForms.id, formId), eq(feedbackForms.eventId, eventId)))
    .returning({ isActive: feedbackForms.isActive });
  if (!deleted) throw notFound(FEEDBACK_MESSAGES.formNotFound);
  return { wasPublished: deleted.isActive };
}
