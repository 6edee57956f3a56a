import type { I18n } from "@lingui/core";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { feedbackAnswers, feedbackFields, feedbackForms, feedbackResponses, users } from "@worker/db/schema";
import { notFound } from "@worker/lib/errors";
import type { ExportTable } from "@worker/lib/export-file";
import { i18nFor } from "@worker/lib/i18n";
import { SOURCE_LOCALE } from "@worker/shared/locales";
import { formatDateTimeInZone, localDate } from "@worker/shared/time-zone";
import { requireFeedbackOrganiser } from "./feedback-views";
import { FEEDBACK_MESSAGES } from "./feedback.schema";

/** The columns before the questions'. */
const FEEDBACK_EXPORT_HEADER = [/*i18n*/ "Name", /*i18n*/ "E-mail", /*i18n*/ "Answered"];

/**
 * A form's answers as a table: one row per response, oldest first (name, e-mail, when, on the experience's clock with its
 * zone), then one column per question in the form's order (a rating as its number, an open answer as written). Its
 * header and file name are in the requester's language (`i18n`: the request's c.var.i18n); the questions as written.
 */
export async function exportAnswers(
  db: Db,
  eventId: string,
  formId: string,
  userId: string,
  i18n: I18n = i18nFor(SOURCE_LOCALE),
): Promise<ExportTable> {
  const { event } = await requireFeedbackOrganiser(db, eventId, userId);
  const [forms, fields, responses, answers] = await db.batch([
    db
      .select({ title: feedbackForms.title })
      .from(feedbackForms)
      .where(and(eq(feedbackForms.id, formId), eq(feedbackForms.eventId, eventId))),
    db
      .select({ id: feedbackFields.id, label: feedbackFields.label })
      .from(feedbackFields)
      .where(eq(feedbackFields.formId, formId))
      .orderBy(asc(feedbackFields.position)),
    db
      .select({
        id: feedbackResponses.id,
        at: feedbackResponses.createdAt,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(feedbackResponses)
      .innerJoin(users, eq(users.id, feedbackResponses.userId))
      .where(eq(feedbackResponses.formId, formId))
      .orderBy(asc(feedbackResponses.createdAt), asc(feedbackResponses.id)),
    db
      .select({
        responseId: feedbackAnswers.responseId,
        fieldId: feedbackAnswers.fieldId,
        rating: feedbackAnswers.rating,
        text: feedbackAnswers.text,
      })
      .from(feedbackAnswers)
      .innerJoin(feedbackResponses, eq(feedbackResponses.id, feedbackAnswers.responseId))
      .where(eq(feedbackResponses.formId, formId)),
  ]);
  const [form] = forms;
  if (!form) throw notFound(FEEDBACK_MESSAGES.formNotFound);
  const answerOf = new Map(answers.map((a) => [`${a.responseId}:${a.fieldId}`, a.rating !== null ? a.rating : (a.text ?? "")]));
  const rows = responses.map((response) => [
    [response.firstName, response.lastName].filter(Boolean).join(" "),
    response.email,
    formatDateTimeInZone(response.at.getTime(), event.timeZone, i18n),
    ...fields.map((field) => answerOf.get(`${response.id}:${field.id}`) ?? ""),
  ]);
  return {
    name: i18n._("{name} feedback {form} {date}", { name: event.name, form: form.title, date: localDate(Date.now(), event.timeZone) }),
    header: [...FEEDBACK_EXPORT_HEADER.map((column) => i18n._(column)), ...fields.map((field) => field.label)],
    rows,
  };
}
