import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { feedbackAnswers, feedbackFields, feedbackResponses } from "@worker/db/schema";
import { errorOf } from "@worker/test/client";
import { db } from "@worker/test/helpers";
import { FEEDBACK_MESSAGES, FEEDBACK_RATING_FIELDS_MAX } from "./feedback.schema";
import {
  activeForm,
  answered,
  created,
  createForm,
  deleteForm,
  feedbackCrew,
  listForms,
  published,
  readForm,
  SAMPLE_FORM,
  updateForm,
} from "./feedback.test-support";

const BASE = { title: "Trip", description: "How was it?" };

describe("creating a feedback form", () => {
  it("stores a draft with its rating questions in order and its open-ended question, dropping blank labels", async () => {
    const { host, event } = await feedbackCrew();
    const form = await created(host.token, event.id, {
      title: "  Trip  ",
      description: "How was it?",
      fields: [{ label: "Venue" }, { label: "   " }, { label: "Food" }],
      dataFields: [{ dataFieldLabel: "Anything else?" }],
    });
    expect(form).toMatchObject({
      eventId: event.id,
      title: "Trip",
      isActive: false,
      responsesCount: 0,
      fields: [{ label: "Venue" }, { label: "Food" }],
      dataFields: [{ dataFieldLabel: "Anything else?" }],
    });
  });

  it("accepts a form with only the open-ended question, or only rating questions", async () => {
    const { owner, event } = await feedbackCrew();
    expect((await created(owner.token, event.id, { ...BASE, dataFields: [{ dataFieldLabel: "Say anything" }] })).fields).toEqual([]);
    expect(
      (await created(owner.token, event.id, { ...BASE, fields: [{ label: "Overall" }], dataFields: [{ dataFieldLabel: " " }] })).dataFields,
    ).toEqual([]);
  });

  const refusals: [string, Parameters<typeof createForm>[2], string][] = [
    ["without a title", { ...SAMPLE_FORM, title: "   " }, FEEDBACK_MESSAGES.titleRequired],
    ["without a description", { ...SAMPLE_FORM, description: "" }, FEEDBACK_MESSAGES.descriptionRequired],
    [
      "with no question but blank ones",
      { ...BASE, fields: [{ label: " " }], dataFields: [{ dataFieldLabel: "" }] },
      FEEDBACK_MESSAGES.noQuestions,
    ],
    [
      "with two open-ended questions",
      { ...BASE, dataFields: [{ dataFieldLabel: "One" }, { dataFieldLabel: "Two" }] },
      FEEDBACK_MESSAGES.oneDataField,
    ],
    [
      `with more than ${FEEDBACK_RATING_FIELDS_MAX} rating questions`,
      { ...BASE, fields: Array.from({ length: FEEDBACK_RATING_FIELDS_MAX + 1 }, (_, i) => ({ label: `Q${i}` })) },
      FEEDBACK_MESSAGES.tooManyFields,
    ],
    ["with a question longer than allowed", { ...BASE, fields: [{ label: "x".repeat(301) }] }, FEEDBACK_MESSAGES.labelTooLong],
  ];
  for (const [when, body, message] of refusals) {
    it(`answers 400 '${message}' ${when}, and stores nothing`, async () => {
      const { owner, event } = await feedbackCrew();
      const response = await createForm(owner.token, event.id, body);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe(message);
      expect(await (await listForms(owner.token, event.id)).json()).toEqual([]);
    });
  }
});

describe("editing and publishing a feedback form", () => {
  it("lists drafts and the published form newest first, and publishing one unpublishes the other", async () => {
    const { owner, host, guest, event } = await feedbackCrew();
    const first = await published(owner.token, event.id, { ...SAMPLE_FORM, title: "First" });
    const second = await created(host.token, event.id, { ...SAMPLE_FORM, title: "Second" });
    let list = await (await listForms(owner.token, event.id)).json();
    expect(list.map((form) => [form.title, form.isActive])).toEqual([
      ["Second", false],
      ["First", true],
    ]);

    const response = await updateForm(host.token, event.id, second.id, { isActive: true });
    expect(response.status).toBe(200);
    list = await (await listForms(owner.token, event.id)).json();
    expect(list.map((form) => [form.title, form.isActive])).toEqual([
      ["Second", true],
      ["First", false],
    ]);
    const active = await (await activeForm(guest.token, event.id)).json();
    expect(active.form?.id).toBe(second.id);
    expect(first.id).not.toBe(second.id);
  });

  it("leaves exactly one form published when organisers publish several at once", async () => {
    const { owner, event } = await feedbackCrew();
    const forms = await Promise.all([1, 2, 3, 4].map((n) => created(owner.token, event.id, { ...SAMPLE_FORM, title: `Form ${n}` })));
    const responses = await Promise.all(forms.map((form) => updateForm(owner.token, event.id, form.id, { isActive: true })));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    const list = await (await listForms(owner.token, event.id)).json();
    expect(list.filter((form) => form.isActive)).toHaveLength(1);
  });

  it("takes a published form back to a draft, which guests then no longer see", async () => {
    const { owner, guest, event } = await feedbackCrew();
    const form = await published(owner.token, event.id);
    const response = await updateForm(owner.token, event.id, form.id, { isActive: false });
    expect(await response.json()).toMatchObject({ isActive: false });
    expect(await (await activeForm(guest.token, event.id)).json()).toEqual({ form: null, answered: false, canAnswer: false });
  });

  it("replaces the questions of a form nobody has answered yet", async () => {
    const { owner, event } = await feedbackCrew();
    const form = await published(owner.token, event.id);
    const response = await updateForm(owner.token, event.id, form.id, {
      title: "Renamed",
      fields: [{ label: "Guides" }],
      dataFields: [],
    });
    expect(response.status).toBe(200);
    const updated = await (await readForm(owner.token, event.id, form.id)).json();
    expect(updated).toMatchObject({ title: "Renamed", isActive: true, fields: [{ label: "Guides" }], dataFields: [] });
    expect(updated.updatedAt).not.toBeNull();
  });

  it("answers 409 'This form already has answers: its questions can no longer be changed' once someone has answered, and keeps them", async () => {
    const { owner, guest, event } = await feedbackCrew();
    const form = await published(owner.token, event.id);
    await answered(guest.token, event.id, form, 4);
    const response = await updateForm(owner.token, event.id, form.id, { title: "Not applied", fields: [{ label: "Other" }] });
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toBe(FEEDBACK_MESSAGES.fieldsFrozen);
    expect(await (await readForm(owner.token, event.id, form.id)).json()).toMatchObject({ title: SAMPLE_FORM.title, fields: form.fields });
  });

  it("still edits an answered form's title and description, even when its unchanged questions are sent along", async () => {
    const { owner, guest, event } = await feedbackCrew();
    const form = await published(owner.token, event.id);
    await answered(guest.token, event.id, form, 4);
    const response = await updateForm(owner.token, event.id, form.id, {
      ...SAMPLE_FORM,
      title: "Better title",
      description: "Better words",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      title: "Better title",
      description: "Better words",
      fields: form.fields,
      responsesCount: 1,
    });
  });

  it("answers 400 'Add at least one rating question or an open-ended question' when an edit would leave none", async () => {
    const { owner, event } = await feedbackCrew();
    const form = await created(owner.token, event.id);
    const response = await updateForm(owner.token, event.id, form.id, { fields: [], dataFields: [{ dataFieldLabel: " " }] });
    expect(await errorOf(response)).toBe(FEEDBACK_MESSAGES.noQuestions);
  });

  it("answers 400 when the edit says nothing", async () => {
    const { owner, event } = await feedbackCrew();
    const form = await created(owner.token, event.id);
    const response = await updateForm(owner.token, event.id, form.id, {});
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(FEEDBACK_MESSAGES.nothingToUpdate);
  });
});

describe("deleting a feedback form", () => {
  it("removes the form with its questions and answers; a second delete is 404 'Form not found'", async () => {
    const { owner, guest, event } = await feedbackCrew();
    const form = await published(owner.token, event.id);
    await answered(guest.token, event.id, form, 5, "Lovely");
    expect((await deleteForm(owner.token, event.id, form.id)).status).toBe(200);
    expect(await db().select().from(feedbackFields).where(eq(feedbackFields.formId, form.id))).toEqual([]);
    expect(await db().select().from(feedbackResponses).where(eq(feedbackResponses.formId, form.id))).toEqual([]);
    expect(await db().select().from(feedbackAnswers).where(eq(feedbackAnswers.fieldId, form.fields[0]!.id))).toEqual([]);
    const again = await deleteForm(owner.token, event.id, form.id);
    expect(again.status).toBe(404);
    expect(await errorOf(again)).toBe(FEEDBACK_MESSAGES.formNotFound);
  });
});
