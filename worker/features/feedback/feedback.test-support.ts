import { expect } from "vitest";
import { apiAs } from "@worker/test/client";
import type { makeEvent } from "@worker/test/helpers";
import { namedCrew } from "@worker/test/people";

const forms = (token?: string) => apiAs(token).api.events[":eventId"].form;

type CreateBody = { title: string; description: string; fields?: { label: string }[]; dataFields?: { dataFieldLabel: string }[] };
type UpdateBody = Partial<CreateBody> & { isActive?: boolean };
type AnswerBody = { responses?: { fieldId: string; rating: number }[]; dataResponses?: { dataFieldId: string; data: string }[] };

export const listForms = (token: string | undefined, eventId: string) => forms(token).$get({ param: { eventId } });
export const activeForm = (token: string | undefined, eventId: string) => forms(token).active.$get({ param: { eventId } });
export const readForm = (token: string | undefined, eventId: string, formId: string) =>
  forms(token)[":formId"].$get({ param: { eventId, formId } });
export const createForm = (token: string | undefined, eventId: string, json: CreateBody) =>
  forms(token).$post({ param: { eventId }, json });
export const updateForm = (token: string | undefined, eventId: string, formId: string, json: UpdateBody) =>
  forms(token)[":formId"].$put({ param: { eventId, formId }, json });
export const deleteForm = (token: string | undefined, eventId: string, formId: string) =>
  forms(token)[":formId"].$delete({ param: { eventId, formId } });
export const readResults = (token: string | undefined, eventId: string, formId: string) =>
  forms(token)[":formId"].response.$get({ param: { eventId, formId } });
export const answer = (token: string | undefined, eventId: string, formId: string, json: AnswerBody) =>
  forms(token)[":formId"].response.$post({ param: { eventId, formId }, json });

/** An experience with its owner, a host, two attending guests (YES, MAYBE), someone only invited, and a stranger. */
export const feedbackCrew = (fields: Parameters<typeof makeEvent>[1] = {}) =>
  namedCrew(["Olga", "Hana", "Gus", "Greta", "Ivy", "Sam"], fields);

export const SAMPLE_FORM: CreateBody = {
  title: "How was the retreat?",
  description: "Tell us what to keep for next year.",
  fields: [{ label: "Venue" }, { label: "Food" }],
  dataFields: [{ dataFieldLabel: "Anything else?" }],
};

/** Creates a draft form as this organiser and answers it. */
export async function created(token: string, eventId: string, body: CreateBody = SAMPLE_FORM) {
  const response = await createForm(token, eventId, body);
  expect(response.status, "the form is created").toBe(201);
  if (response.status !== 201) throw new Error("unreachable");
  return response.json();
}

/** Creates and publishes a form as this organiser and answers it. */
export async function published(token: string, eventId: string, body: CreateBody = SAMPLE_FORM) {
  const form = await created(token, eventId, body);
  const response = await updateForm(token, eventId, form.id, { isActive: true });
  expect(response.status, "the form is published").toBe(200);
  if (response.status !== 200) throw new Error("unreachable");
  return response.json();
}

/** Rates every question of the form with `rating` (or per question), optionally answering the open question. */
export function answerOf(
  form: { fields: { id: string }[]; dataFields: { id: string }[] },
  ratings: number | number[],
  data?: string,
): AnswerBody {
  return {
    responses: form.fields.map((field, i) => ({ fieldId: field.id, rating: Array.isArray(ratings) ? ratings[i]! : ratings })),
    dataResponses: data === undefined ? [] : form.dataFields.map((field) => ({ dataFieldId: field.id, data })),
  };
}

/** Answers as this guest and checks it was stored. */
export async function answered(
  token: string,
  eventId: string,
  form: { id: string; fields: { id: string }[]; dataFields: { id: string }[] },
  ratings: number | number[],
  data?: string,
) {
  const response = await answer(token, eventId, form.id, answerOf(form, ratings, data));
  expect(response.status, "the answer is stored").toBe(201);
}
