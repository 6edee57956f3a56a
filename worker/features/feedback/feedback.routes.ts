import { Hono } from "hono";
import { getDb } from "@worker/db/client";
import type { AppEnv } from "@worker/env";
import { userId } from "@worker/lib/auth/middleware";
import { exportResponse } from "@worker/lib/export-file";
import { describer } from "@worker/lib/openapi";
import { success } from "@worker/lib/success";
import { validate } from "@worker/lib/validation";
import { publish } from "@worker/live/publish";
import { EXPORT_MEDIA_TYPES } from "@worker/shared/export-format";
import { successSchema } from "@worker/shared/views.schema";
import { answerForm } from "./answers.service";
import { exportAnswers } from "./export-answers.service";
import {
  activeFeedbackSchema,
  answerBodySchema,
  answerReceiptSchema,
  createFormBodySchema,
  FEEDBACK_ANSWER_MAX,
  feedbackEventParamsSchema,
  feedbackExportQuerySchema,
  feedbackFormListSchema,
  feedbackFormParamsSchema,
  feedbackResultsSchema,
  managedFeedbackFormSchema,
  updateFormBodySchema,
} from "./feedback.schema";
import { activeFeedback, createForm, deleteForm, getForm, listForms, updateForm } from "./forms.service";
import { formResults } from "./results.service";

const describe = describer({ tags: ["Feedback forms"], errors: [403, 404] });
const ORGANISERS_ONLY = "Owner and hosts only.";

/** Mounted at /api/events/:eventId/form. */
export const feedbackRoutes = new Hono<AppEnv>()
  .get(
    "/",
    describe({
      summary: "The experience's feedback forms, newest first",
      description: `${ORGANISERS_ONLY} Drafts (isActive false) and the published form, each with its questions and how many have answered.`,
      responses: { 200: feedbackFormListSchema },
    }),
    validate("param", feedbackEventParamsSchema),
    async (c) => c.json(await listForms(getDb(c.env.DB), c.req.valid("param").eventId, userId(c)), 200),
  )
  .get(
    "/active",
    describe({
      summary: "The published form a participant answers",
      description:
        "Participants. `form` is null when no form is published; `answered` says whether the caller has answered it; only guests answer (`canAnswer`).",
      responses: { 200: activeFeedbackSchema },
    }),
    validate("param", feedbackEventParamsSchema),
    async (c) => c.json(await activeFeedback(getDb(c.env.DB), c.req.valid("param").eventId, userId(c)), 200),
  )
  .get(
    "/:formId",
    describe({ summary: "A feedback form", description: ORGANISERS_ONLY, responses: { 200: managedFeedbackFormSchema } }),
    validate("param", feedbackFormParamsSchema),
    async (c) => {
      const { eventId, formId } = c.req.valid("param");
      return c.json(await getForm(getDb(c.env.DB), eventId, formId, userId(c)), 200);
    },
  )
  .post(
    "/",
    describe({
      summary: "Create a feedback form",
      description: `${ORGANISERS_ONLY} Title and description required; rating questions \`fields\` (blank labels dropped) and at most one open-ended question \`dataFields\`; at least one question in all. Created as a draft.`,
      responses: { 201: managedFeedbackFormSchema },
    }),
    validate("param", feedbackEventParamsSchema),
    validate("json", createFormBodySchema),
    async (c) => c.json(await createForm(getDb(c.env.DB), c.req.valid("param").eventId, userId(c), c.req.valid("json")), 201),
  )
  .put(
    "/:formId",
    describe({
      summary: "Edit, publish or unpublish a feedback form",
      description: `${ORGANISERS_ONLY} Any of title, description, fields, dataFields (each list replaces the whole list) and isActive. \`isActive: true\` publishes the form and unpublishes the experience's others: guests answer one form at a time. Once anyone has answered, the questions can no longer change (409); title, description and isActive still can.`,
      responses: { 200: managedFeedbackFormSchema },
      errors: [403, 404, 409],
    }),
    validate("param", feedbackFormParamsSchema),
    validate("json", updateFormBodySchema),
    async (c) => {
      const { eventId, formId } = c.req.valid("param");
      const { form, publishedChanged } = await updateForm(getDb(c.env.DB), eventId, formId, userId(c), c.req.valid("json"));
      if (publishedChanged) await publish(c.env, { type: "feedback.changed", eventId });
      return c.json(form, 200);
    },
  )
  .delete(
    "/:formId",
    describe({
      summary: "Delete a feedback form",
      description: `${ORGANISERS_ONLY} Its questions and answers go with it.`,
      responses: { 200: successSchema },
    }),
    validate("param", feedbackFormParamsSchema),
    async (c) => {
      const { eventId, formId } = c.req.valid("param");
      const { wasPublished } = await deleteForm(getDb(c.env.DB), eventId, formId, userId(c));
      if (wasPublished) await publish(c.env, { type: "feedback.changed", eventId });
      return success(c);
    },
  )
  .get(
    "/:formId/response",
    describe({
      summary: "A feedback form's results",
      description: `${ORGANISERS_ONLY} Averages are computed over every rating given, rounded to two decimals, and null before the first answer; open answers newest first with who wrote them.`,
      responses: { 200: feedbackResultsSchema },
    }),
    validate("param", feedbackFormParamsSchema),
    async (c) => {
      const { eventId, formId } = c.req.valid("param");
      return c.json(await formResults(c.env, getDb(c.env.DB), eventId, formId, userId(c)), 200);
    },
  )
  .get(
    "/:formId/response/export",
    describe({
      summary: "A feedback form's answers as a CSV or Excel file",
      description: `${ORGANISERS_ONLY} One row per response, oldest first: Name, E-mail, Answered (on the experience's clock with its zone's abbreviation), then one column per question in the form's order (a rating as its number, an open answer as written). The same files as the attendee export: CSV in UTF-8 with a byte-order mark, CRLF and RFC 4180 quoting, or an .xlsx of text cells; any cell starting with =, +, -, @, tab or carriage return gets a leading ' (OWASP CSV injection).`,
      responses: { 200: { contentType: [EXPORT_MEDIA_TYPES.csv, EXPORT_MEDIA_TYPES.xlsx], description: "The file" } },
    }),
    validate("param", feedbackFormParamsSchema),
    validate("query", feedbackExportQuerySchema),
    async (c) => {
      const { eventId, formId } = c.req.valid("param");
      return exportResponse(c.req.valid("query").format, await exportAnswers(getDb(c.env.DB), eventId, formId, userId(c), c.var.i18n));
    },
  )
  .post(
    "/:formId/response",
    describe({
      summary: "Answer the published feedback form",
      description: `Guests only, once each. Every rating question rated exactly once with a whole number from 1 to 5; the open-ended question is optional (at most ${FEEDBACK_ANSWER_MAX} characters; blank is no answer), except on a form asking only it, where an empty answer is refused (400). A draft form takes no answers (409).`,
      responses: { 201: answerReceiptSchema },
      errors: [403, 404, 409],
    }),
    validate("param", feedbackFormParamsSchema),
    validate("json", answerBodySchema),
    async (c) => {
      const { eventId, formId } = c.req.valid("param");
      return c.json(await answerForm(getDb(c.env.DB), eventId, formId, userId(c), c.req.valid("json")), 201);
    },
  );
