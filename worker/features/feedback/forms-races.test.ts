import { describe, expect, it } from "vitest";
import type { Db } from "@worker/db/client";
import { db } from "@worker/test/helpers";
import { FEEDBACK_MESSAGES } from "./feedback.schema";
import { activeForm, answerOf, answer, created, deleteForm, feedbackCrew, listForms, published, updateForm } from "./feedback.test-support";
import { updateForm as updateFormAs } from "./forms.service";

type Statement = { toSQL?: () => { sql: string } };

/** The database, with `meanwhile` run just before the batch that writes feedback_forms: another request landing between the edit's read and its write. */
function dbWith(meanwhile: () => Promise<unknown>): Db {
  const target = db();
  let ran = false;
  return new Proxy(target, {
    get(_, name) {
      const value = Reflect.get(target, name);
      if (typeof value !== "function") return value;
      if (name !== "batch") return value.bind(target);
      return async (statements: Statement[]) => {
        if (!ran && statements.some((statement) => statement.toSQL?.().sql.startsWith('update "feedback_forms"'))) {
          ran = true;
          await meanwhile();
        }
        return value.call(target, statements);
      };
    },
  });
}

const publishedTitles = async (token: string, eventId: string) =>
  (await (await listForms(token, eventId)).json()).filter((form) => form.isActive).map((form) => form.title);

describe("publishing a form racing another change", () => {
  it("answers 404 'Form not found' to publishing a form deleted between the read and the write, and leaves the published form published", async () => {
    const { owner, guest, event } = await feedbackCrew();
    const live = await published(owner.token, event.id, { title: "Live", description: "Stays published", fields: [{ label: "Venue" }] });
    const doomed = await created(owner.token, event.id, { title: "Doomed", description: "Deleted meanwhile", fields: [{ label: "Food" }] });

    const publishing = updateFormAs(
      dbWith(async () => expect((await deleteForm(owner.token, event.id, doomed.id)).status).toBe(200)),
      event.id,
      doomed.id,
      owner.id,
      { isActive: true },
    );
    await expect(publishing).rejects.toMatchObject({ status: 404, message: FEEDBACK_MESSAGES.formNotFound });
    expect(await publishedTitles(owner.token, event.id)).toEqual(["Live"]);
    expect((await (await activeForm(guest.token, event.id)).json()).form?.id).toBe(live.id);
  });

  it("answers 409 to republishing with new questions a form answered between the read and the write, and leaves the form published meanwhile published", async () => {
    const { owner, guest, event } = await feedbackCrew();
    const first = await published(owner.token, event.id, {
      title: "First",
      description: "Answered meanwhile",
      fields: [{ label: "Venue" }],
    });
    const second = await created(owner.token, event.id, {
      title: "Second",
      description: "Published meanwhile",
      fields: [{ label: "Food" }],
    });

    const republishing = updateFormAs(
      dbWith(async () => {
        expect((await answer(guest.token, event.id, first.id, answerOf(first, 4))).status).toBe(201);
        expect((await updateForm(owner.token, event.id, second.id, { isActive: true })).status).toBe(200);
      }),
      event.id,
      first.id,
      owner.id,
      { isActive: true, fields: [{ label: "Guides" }] },
    );
    await expect(republishing).rejects.toMatchObject({ status: 409, message: FEEDBACK_MESSAGES.fieldsFrozen });
    expect(await publishedTitles(owner.token, event.id)).toEqual(["Second"]);
  });
});
