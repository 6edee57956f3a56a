import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { feedbackAnswers, feedbackFields, feedbackForms, feedbackResponses, users } from "@worker/db/schema";
import { toPerson } from "@worker/domain/people";
import type { Bindings } from "@worker/env";
import { notFound } from "@worker/lib/errors";
import { requireFeedbackOrganiser } from "./feedback-views";
import { FEEDBACK_MESSAGES, RATING_MAX, RATING_MIN, type FeedbackResults } from "./feedback.schema";

const round2 = (value: ReturnType<typeof sql>) => sql<number | null>`round(${value}, 2)`;
const RATINGS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

/**
 * A form's results, computed by D1 in one batch: each rating question's average and spread, the average of every
 * rating given (the mean of the question averages too, as every answer rates every question), and the open answers.
 */
export async function formResults(env: Bindings, db: Db, eventId: string, formId: string, userId: string): Promise<FeedbackResults> {
  await requireFeedbackOrganiser(db, eventId, userId);
  const ofForm = and(eq(feedbackForms.id, formId), eq(feedbackForms.eventId, eventId));
  const rated = and(eq(feedbackFields.formId, formId), eq(feedbackFields.kind, "RATING"));
  const [forms, responses, perField, total, openAnswers] = await db.batch([
    db.select({ id: feedbackForms.id }).from(feedbackForms).where(ofForm),
    db.select({ count: count() }).from(feedbackResponses).where(eq(feedbackResponses.formId, formId)),
    db
      .select({
        fieldId: feedbackFields.id,
        label: feedbackFields.label,
        averageRating: round2(sql`avg(${feedbackAnswers.rating})`),
        // One column per rating: "count of answers with rating n", as a JSON array.
        distribution: sql<string>`json_array(${sql.join(
          RATINGS.map((n) => sql`count(case when ${feedbackAnswers.rating} = ${n} then 1 end)`),
          sql`, `,
        )})`,
      })
      .from(feedbackFields)
      .leftJoin(feedbackAnswers, eq(feedbackAnswers.fieldId, feedbackFields.id))
      .where(rated)
      .groupBy(feedbackFields.id)
      .orderBy(asc(feedbackFields.position)),
    db
      .select({ average: round2(sql`avg(${feedbackAnswers.rating})`) })
      .from(feedbackAnswers)
      .innerJoin(feedbackFields, eq(feedbackFields.id, feedbackAnswers.fieldId))
      .where(rated),
    db
      // Named apart: D1 answers a batch's rows keyed by column name, and three of these columns are called `id`.
      .select({
        fieldId: sql<string>`${feedbackFields.id}`.as("field_id"),
        label: feedbackFields.label,
        responseId: sql<string | null>`${feedbackResponses.id}`.as("response_id"),
        data: feedbackAnswers.text,
        createdAt: sql<number | null>`${feedbackResponses.createdAt}`.as("answered_at"),
        guid: sql<string | null>`${users.id}`.as("user_guid"),
        firstName: users.firstName,
        lastName: users.lastName,
        profilePicFileId: users.profilePicFileId,
      })
      .from(feedbackFields)
      .leftJoin(feedbackAnswers, eq(feedbackAnswers.fieldId, feedbackFields.id))
      .leftJoin(feedbackResponses, eq(feedbackResponses.id, feedbackAnswers.responseId))
      .leftJoin(users, eq(users.id, feedbackResponses.userId))
      .where(and(eq(feedbackFields.formId, formId), eq(feedbackFields.kind, "TEXT")))
      .orderBy(asc(feedbackFields.position), desc(feedbackResponses.createdAt), desc(feedbackResponses.id)),
  ]);
  if (forms.length === 0) throw notFound(FEEDBACK_MESSAGES.formNotFound);

  const dataResponses = new Map<string, FeedbackResults["dataResponses"][number]>();
  for (const row of openAnswers) {
    const field = dataResponses.get(row.fieldId) ?? { id: row.fieldId, dataFieldLabel: row.label, responses: [] };
    dataResponses.set(row.fieldId, field);
    if (row.responseId === null || row.data === null || row.createdAt === null || row.guid === null) continue;
    const user = await toPerson(env, {
      guid: row.guid,
      firstName: row.firstName ?? "",
      lastName: row.lastName ?? "",
      profilePicFileId: row.profilePicFileId,
    });
    field.responses.push({ id: row.responseId, data: row.data, user, createdAt: new Date(row.createdAt).toISOString() });
  }
  return {
    responsesCount: responses[0]?.count ?? 0,
    totalAverage: total[0]?.average ?? null,
    responses: perField.map((row) => ({
      fieldId: row.fieldId,
      label: row.label,
      averageRating: row.averageRating,
      distribution: JSON.parse(row.distribution) as number[],
    })),
    dataResponses: [...dataResponses.values()],
  };
}
