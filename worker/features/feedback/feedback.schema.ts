import { z } from "zod";
import { exportFormatField } from "@worker/shared/export-format";
import { personSchema, pathId } from "@worker/shared/views.schema";
import { isBlank, requiredText } from "@worker/shared/visible-text";

// Shared with the Feedback tab and the guest's answer card: only zod and constants here.

/** Spec 2 §5 and §9: ratings run 1 (POOR) to 5 (EXCELLENT); the labels between are ours. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const RATING_LABELS = {
  1: /*i18n*/ "POOR",
  2: /*i18n*/ "FAIR",
  3: /*i18n*/ "GOOD",
  4: /*i18n*/ "VERY GOOD",
  5: /*i18n*/ "EXCELLENT",
} as const;
export type Rating = keyof typeof RATING_LABELS;

const FEEDBACK_TITLE_MAX = 200;
const FEEDBACK_DESCRIPTION_MAX = 2000;
export const FEEDBACK_LABEL_MAX = 300;
export const FEEDBACK_RATING_FIELDS_MAX = 30;
/** Spec 2 §9: one open-ended question per form. */
const FEEDBACK_DATA_FIELDS_MAX = 1;
export const FEEDBACK_ANSWER_MAX = 2000;

/** The toasts and the confirmation of the Feedback tab (spec 2 §8), and the answer card's own. */
export const FEEDBACK_TOASTS = {
  created: /*i18n*/ "Form created successfully",
  updated: /*i18n*/ "Form updated successfully",
  deleted: /*i18n*/ "Form deleted successfully",
  published: /*i18n*/ "Form published successfully",
  deleteFailed: /*i18n*/ "Error deleting form",
  publishFailed: /*i18n*/ "Error publishing form",
  confirmDelete: /*i18n*/ "Are you sure you want to delete this form?",
  answered: /*i18n*/ "Thank you for your feedback!",
  /** Spec 2 §4: what follows an unpublished form's title in the host's list. */
  draft: "(Draft)",
} as const;

export const FEEDBACK_MESSAGES = {
  titleRequired: /*i18n*/ "Title is required",
  titleTooLong: /*i18n*/ "A title is at most 200 characters",
  descriptionRequired: /*i18n*/ "Description is required",
  descriptionTooLong: /*i18n*/ "A description is at most 2000 characters",
  labelTooLong: /*i18n*/ "A question is at most 300 characters",
  tooManyFields: /*i18n*/ "A form has at most 30 rating questions",
  oneDataField: /*i18n*/ "A form has at most one open-ended question",
  noQuestions: /*i18n*/ "Add at least one rating question or an open-ended question",
  nothingToUpdate: /*i18n*/ "Send at least one of title, description, fields, dataFields or isActive",
  formNotFound: /*i18n*/ "Form not found",
  fieldsFrozen: /*i18n*/ "This form already has answers: its questions can no longer be changed",
  notPublished: /*i18n*/ "This form is not open for answers",
  organiserAnswers: /*i18n*/ "Owners and hosts do not answer their own experience's feedback forms",
  alreadyAnswered: /*i18n*/ "You have already answered this form",
  ratingRange: /*i18n*/ "A rating is a whole number from 1 (POOR) to 5 (EXCELLENT)",
  missingRating: /*i18n*/ "Rate every question of the form",
  emptyAnswer: /*i18n*/ "Write an answer before sending",
  ratedTwice: /*i18n*/ "Rate each question once",
  unknownField: /*i18n*/ "An answer names a question that is not on this form",
  answerTooLong: /*i18n*/ "An answer is at most 2000 characters",
  formChanged: /*i18n*/ "This form was changed while you answered it. Please answer it again.",
} as const;

const id = pathId;

export const feedbackEventParamsSchema = z.object({ eventId: id });
export const feedbackFormParamsSchema = feedbackEventParamsSchema.extend({ formId: id });

/** The answers' export: its file format. */
export const feedbackExportQuerySchema = z.object({ format: exportFormatField });

const title = requiredText(FEEDBACK_MESSAGES.titleRequired).max(FEEDBACK_TITLE_MAX, FEEDBACK_MESSAGES.titleTooLong);
const description = requiredText(FEEDBACK_MESSAGES.descriptionRequired).max(FEEDBACK_DESCRIPTION_MAX, FEEDBACK_MESSAGES.descriptionTooLong);
const label = z.string({ error: /*i18n*/ "A question must be text" }).trim().max(FEEDBACK_LABEL_MAX, FEEDBACK_MESSAGES.labelTooLong);

/** Spec 2 §5: a rating question is added only if its label is not blank; blank ones are dropped. */
const fields = z
  .array(z.object({ label }), { error: /*i18n*/ "fields must be a list of '{ label }'" })
  .max(FEEDBACK_RATING_FIELDS_MAX, FEEDBACK_MESSAGES.tooManyFields)
  .transform((items) => items.filter((item) => !isBlank(item.label)));
/** The one optional open-ended question; a blank label means none. */
const dataFields = z
  .array(z.object({ dataFieldLabel: label }), { error: /*i18n*/ "dataFields must be a list of '{ dataFieldLabel }'" })
  .max(FEEDBACK_DATA_FIELDS_MAX, FEEDBACK_MESSAGES.oneDataField)
  .transform((items) => items.filter((item) => !isBlank(item.dataFieldLabel)));

/**
 * POST: a new form, always a draft. A form asks at least one question: rating questions, the open-ended one, or both.
 */
export const createFormBodySchema = z
  .object({ title, description, fields: fields.default([]), dataFields: dataFields.default([]) })
  .refine((form) => form.fields.length + form.dataFields.length > 0, { message: FEEDBACK_MESSAGES.noQuestions });
export type CreateFormBody = z.infer<typeof createFormBodySchema>;

/**
 * PUT: any of the form's parts. `fields` and `dataFields` each replace that whole list (sent unchanged, they change
 * nothing); once the form has answers they can no longer change (409). `isActive: true` publishes the form and
 * unpublishes the experience's other forms; `false` takes it back to a draft.
 */
export const updateFormBodySchema = z
  .object({
    title: title.optional(),
    description: description.optional(),
    fields: fields.optional(),
    dataFields: dataFields.optional(),
    isActive: z.boolean({ error: /*i18n*/ "isActive must be true or false" }).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: FEEDBACK_MESSAGES.nothingToUpdate });
export type UpdateFormBody = z.infer<typeof updateFormBodySchema>;

const rating = z
  .number({ error: FEEDBACK_MESSAGES.ratingRange })
  .int(FEEDBACK_MESSAGES.ratingRange)
  .min(RATING_MIN, FEEDBACK_MESSAGES.ratingRange)
  .max(RATING_MAX, FEEDBACK_MESSAGES.ratingRange);

/**
 * POST a guest's answer: every rating question rated exactly once, and optionally the open-ended question
 * (a blank answer is no answer; on a form asking only that question it is required). Which questions the form
 * has is checked by the service.
 */
export const answerBodySchema = z.object({
  responses: z
    .array(z.object({ fieldId: id, rating }), { error: FEEDBACK_MESSAGES.missingRating })
    .max(FEEDBACK_RATING_FIELDS_MAX, FEEDBACK_MESSAGES.ratedTwice)
    .default([]),
  dataResponses: z
    .array(
      z.object({
        dataFieldId: id,
        data: z.string({ error: /*i18n*/ "An answer must be text" }).trim().max(FEEDBACK_ANSWER_MAX, FEEDBACK_MESSAGES.answerTooLong),
      }),
      { error: /*i18n*/ "dataResponses must be a list of '{ dataFieldId, data }'" },
    )
    .max(FEEDBACK_DATA_FIELDS_MAX, FEEDBACK_MESSAGES.oneDataField)
    .default([])
    .transform((items) => items.filter((item) => !isBlank(item.data))),
});
export type AnswerBody = z.infer<typeof answerBodySchema>;

const feedbackFieldSchema = z.object({ id: z.string(), label: z.string() }).meta({ id: "FeedbackField" });
const feedbackDataFieldSchema = z.object({ id: z.string(), dataFieldLabel: z.string() }).meta({ id: "FeedbackDataField" });

/** A form as a guest answers it: its questions in order. isActive false is a draft (spec 2 §4). */
const feedbackFormSchema = z
  .object({
    id: z.string(),
    eventId: z.string(),
    title: z.string(),
    description: z.string(),
    isActive: z.boolean(),
    fields: z.array(feedbackFieldSchema),
    dataFields: z.array(feedbackDataFieldSchema),
    createdAt: z.string(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: "FeedbackForm" });
export type FeedbackForm = z.infer<typeof feedbackFormSchema>;

/** A form as its owner and hosts manage it: with how many have answered (questions are frozen from the first). */
export const managedFeedbackFormSchema = feedbackFormSchema
  .extend({ responsesCount: z.number().int() })
  .meta({ id: "ManagedFeedbackForm" });
export type ManagedFeedbackForm = z.infer<typeof managedFeedbackFormSchema>;

export const feedbackFormListSchema = z.array(managedFeedbackFormSchema);

/** GET /active: the published form a participant may answer, or null when none is published. */
export const activeFeedbackSchema = z
  .object({
    form: feedbackFormSchema.nullable(),
    /** Whether the caller has answered it already (always false for owner and hosts, who do not answer). */
    answered: z.boolean(),
    /** Whether the caller may answer it now: a guest who has not answered yet. */
    canAnswer: z.boolean(),
  })
  .meta({ id: "ActiveFeedback" });
export type ActiveFeedback = z.infer<typeof activeFeedbackSchema>;

/** What a stored answer reports. */
export const answerReceiptSchema = z
  .object({ id: z.string(), formId: z.string(), createdAt: z.string() })
  .meta({ id: "FeedbackAnswerReceipt" });

/**
 * The results. Averages are rounded to two decimals and null until someone answers; totalAverage is the mean of
 * every rating given, which equals the mean of the field averages because every answer rates every question.
 * distribution counts the ratings 1 to 5, in that order.
 */
export const feedbackResultsSchema = z
  .object({
    responsesCount: z.number().int(),
    totalAverage: z.number().nullable(),
    responses: z.array(
      z.object({
        fieldId: z.string(),
        label: z.string(),
        averageRating: z.number().nullable(),
        distribution: z.array(z.number().int()).length(RATING_MAX),
      }),
    ),
    dataResponses: z.array(
      z.object({
        id: z.string(),
        dataFieldLabel: z.string(),
        /** Newest first; blank answers are not stored. */
        responses: z.array(z.object({ id: z.string(), data: z.string(), user: personSchema, createdAt: z.string() })),
      }),
    ),
  })
  .meta({ id: "FeedbackResults" });
export type FeedbackResults = z.infer<typeof feedbackResultsSchema>;
