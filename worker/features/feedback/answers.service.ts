import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "@worker/db/client";
import { feedbackAnswers, feedbackForms, feedbackResponses } from "@worker/db/schema";
import { requireEventRole } from "@worker/domain/permissions";
import { badRequest, causedBy, conflict, forbidden } from "@worker/lib/errors";
import { PARTICIPANTS, readForm } from "./feedback-views";
import { FEEDBACK_MESSAGES, type AnswerBody } from "./feedback.schema";

/**
 * Checks the answer against the form's questions: every rating question rated exactly once, nothing else named,
 * and something said (a form asking only the open-ended question takes no blank answer).
 */
function checkAnswer(form: { fields: { id: string }[]; dataFields: { id: string }[] }, body: AnswerBody) {
  const ratingIds = new Set(form.fields.map((field) => field.id));
  const dataIds = new Set(form.dataFields.map((field) => field.id));
  const rated = new Set<string>();
  for (const { fieldId } of body.responses) {
    if (!ratingIds.has(fieldId)) throw badRequest(FEEDBACK_MESSAGES.unknownField);
    if (rated.has(fieldId)) throw badRequest(FEEDBACK_MESSAGES.ratedTwice);
    rated.add(fieldId);
  }
  if (rated.size !== ratingIds.size) throw badRequest(FEEDBACK_MESSAGES.missingRating);
  for (const { dataFieldId } of body.dataResponses) if (!dataIds.has(dataFieldId)) throw badRequest(FEEDBACK_MESSAGES.unknownField);
  if (body.responses.length === 0 && body.dataResponses.length === 0) throw badRequest(FEEDBACK_MESSAGES.emptyAnswer);
}

/**
 * A guest's answer to the published form, stored whole or not at all. The response row is inserted only while
 * the form is still published, and at most once per person (a unique index), so answers sent at once or racing
 * an unpublish cannot slip through; its answers name the questions as they were read, so a form whose questions
 * were replaced meanwhile fails the batch on their foreign keys.
 */
export async function answerForm(db: Db, eventId: string, formId: string, userId: string, body: AnswerBody) {
  const { role } = await requireEventRole(db, eventId, userId, PARTICIPANTS);
  if (role !== "guest") throw forbidden(FEEDBACK_MESSAGES.organiserAnswers);
  const form = await readForm(db, eventId, formId);
  if (!form.isActive) throw conflict(FEEDBACK_MESSAGES.notPublished);
  if (form.responsesCount > 0) {
    const [mine] = await db
      .select({ id: feedbackResponses.id })
      .from(feedbackResponses)
      .where(and(eq(feedbackResponses.formId, formId), eq(feedbackResponses.userId, userId)));
    if (mine) throw conflict(FEEDBACK_MESSAGES.alreadyAnswered);
  }
  checkAnswer(form, body);

  const id = crypto.randomUUID();
  const answers = [
    ...body.responses.map((answer) => ({ responseId: id, fieldId: answer.fieldId, rating: answer.rating, text: null })),
    ...body.dataResponses.map((answer) => ({ responseId: id, fieldId: answer.dataFieldId, rating: null, text: answer.data })),
  ];
  const statements: BatchItem<"sqlite">[] = [
    db.insert(feedbackResponses).select(
      db
        .select({
          id: sql<string>`${id}`.as("id"),
          formId: feedbackForms.id,
          userId: sql<string>`${userId}`.as("user_id"),
          createdAt: sql<Date>`cast(unixepoch('subsec') * 1000 as integer)`.as("created_at"),
        })
        .from(feedbackForms)
        .where(and(eq(feedbackForms.id, formId), eq(feedbackForms.eventId, eventId), eq(feedbackForms.isActive, true))),
    ),
    // One bound parameter whatever the number of questions; nothing is inserted when the response was not.
    db.insert(feedbackAnswers).select(
      sql`select value ->> 'responseId', value ->> 'fieldId', value ->> 'rating', value ->> 'text' from json_each(${JSON.stringify(answers)})
        where exists (select 1 from ${feedbackResponses} where ${feedbackResponses.id} = ${id})`,
    ),
    db.select({ createdAt: feedbackResponses.createdAt }).from(feedbackResponses).where(eq(feedbackResponses.id, id)),
  ];
  let stored: { createdAt: Date }[];
  try {
    stored = (await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]))[2] as { createdAt: Date }[];
  } catch (error) {
    if (causedBy(error, "UNIQUE constraint failed")) throw conflict(FEEDBACK_MESSAGES.alreadyAnswered);
    if (causedBy(error, "FOREIGN KEY constraint failed")) throw conflict(FEEDBACK_MESSAGES.formChanged);
    throw error;
  }
  const [response] = stored;
  if (!response) throw conflict(FEEDBACK_MESSAGES.notPublished);
  return { id, formId, createdAt: response.createdAt.toISOString() };
}
