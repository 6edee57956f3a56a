import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { eventHosts } from "@worker/db/schema";
import { errorOf } from "@worker/test/client";
import { db } from "@worker/test/helpers";
import { FEEDBACK_MESSAGES } from "./feedback.schema";
import {
  activeForm,
  answer,
  answerOf,
  createForm,
  deleteForm,
  feedbackCrew,
  listForms,
  published,
  readForm,
  readResults,
  SAMPLE_FORM,
  updateForm,
} from "./feedback.test-support";

type Crew = Awaited<ReturnType<typeof feedbackCrew>>;
type Form = Awaited<ReturnType<typeof published>>;
type Role = "owner" | "host" | "guest" | "invited" | "stranger" | "anonymous";

const tokenOf = (crew: Crew, role: Role) => (role === "anonymous" ? undefined : crew[role].token);

/** Every call of the feature, as one person makes it. */
const CALLS: Record<
  string,
  (token: string | undefined, eventId: string, form: Form) => Promise<{ status: number; json(): Promise<unknown> }>
> = {
  "GET /": (token, eventId) => listForms(token, eventId),
  "GET /active": (token, eventId) => activeForm(token, eventId),
  "GET /:formId": (token, eventId, form) => readForm(token, eventId, form.id),
  "POST /": (token, eventId) => createForm(token, eventId, SAMPLE_FORM),
  "PUT /:formId": (token, eventId, form) => updateForm(token, eventId, form.id, { title: "Renamed" }),
  "DELETE /:formId": (token, eventId, form) => deleteForm(token, eventId, form.id),
  "GET /:formId/response": (token, eventId, form) => readResults(token, eventId, form.id),
  "POST /:formId/response": (token, eventId, form) => answer(token, eventId, form.id, answerOf(form, 4)),
};

/** What each role is answered, by call: organisers manage, participants read the active form, only guests answer. */
const EXPECTED: Record<string, Record<Role, number>> = {
  "GET /": { owner: 200, host: 200, guest: 403, invited: 403, stranger: 403, anonymous: 401 },
  "GET /active": { owner: 200, host: 200, guest: 200, invited: 403, stranger: 403, anonymous: 401 },
  "GET /:formId": { owner: 200, host: 200, guest: 403, invited: 403, stranger: 403, anonymous: 401 },
  "POST /": { owner: 201, host: 201, guest: 403, invited: 403, stranger: 403, anonymous: 401 },
  "PUT /:formId": { owner: 200, host: 200, guest: 403, invited: 403, stranger: 403, anonymous: 401 },
  "DELETE /:formId": { owner: 200, host: 200, guest: 403, invited: 403, stranger: 403, anonymous: 401 },
  "GET /:formId/response": { owner: 200, host: 200, guest: 403, invited: 403, stranger: 403, anonymous: 401 },
  "POST /:formId/response": { owner: 403, host: 403, guest: 201, invited: 403, stranger: 403, anonymous: 401 },
};

const ROLES: Role[] = ["owner", "host", "guest", "invited", "stranger", "anonymous"];

describe("who may use the feedback forms", () => {
  for (const [call, byRole] of Object.entries(EXPECTED)) {
    for (const role of ROLES) {
      it(`${call} answers ${byRole[role]} to the ${role} of a public experience`, async () => {
        const crew = await feedbackCrew();
        const form = await published(crew.owner.token, crew.event.id);
        const response = await CALLS[call]!(tokenOf(crew, role), crew.event.id, form);
        expect(response.status).toBe(byRole[role]);
      });
    }
    it(`${call} answers 404 'Event not found' to a stranger of a private experience, as for a missing one`, async () => {
      const crew = await feedbackCrew({ privacy: "PRIVATE" });
      const form = await published(crew.owner.token, crew.event.id);
      const response = await CALLS[call]!(crew.stranger.token, crew.event.id, form);
      expect(response.status).toBe(404);
      expect(await errorOf(response)).toBe("Event not found");
      const missing = await CALLS[call]!(crew.stranger.token, crypto.randomUUID(), form);
      expect(missing.status).toBe(404);
    });
  }

  it("answers 403 'Owners and hosts do not answer their own experience's feedback forms' to an organiser's answer", async () => {
    const { host, owner, event } = await feedbackCrew();
    const form = await published(owner.token, event.id);
    const response = await answer(host.token, event.id, form.id, answerOf(form, 5));
    expect(await errorOf(response)).toBe(FEEDBACK_MESSAGES.organiserAnswers);
  });

  it("answers 404 'Form not found' for a form of another experience, even to its own organisers", async () => {
    const mine = await feedbackCrew();
    const theirs = await feedbackCrew();
    const form = await published(theirs.owner.token, theirs.event.id);
    for (const response of [
      await readForm(mine.owner.token, mine.event.id, form.id),
      await updateForm(mine.owner.token, mine.event.id, form.id, { title: "Mine now" }),
      await deleteForm(mine.owner.token, mine.event.id, form.id),
      await readResults(mine.owner.token, mine.event.id, form.id),
      await answer(mine.guest.token, mine.event.id, form.id, answerOf(form, 3)),
    ]) {
      expect(response.status).toBe(404);
      expect(await errorOf(response)).toBe(FEEDBACK_MESSAGES.formNotFound);
    }
    const untouched = await readForm(theirs.owner.token, theirs.event.id, form.id);
    expect((await untouched.json()) as { title: string }).toMatchObject({ title: SAMPLE_FORM.title });
  });

  it("takes a removed host's rights at once", async () => {
    const { host, owner, event } = await feedbackCrew();
    await db()
      .delete(eventHosts)
      .where(and(eq(eventHosts.eventId, event.id), eq(eventHosts.userId, host.id)));
    const response = await createForm(host.token, event.id, SAMPLE_FORM);
    expect(response.status).toBe(403);
    expect((await listForms(owner.token, event.id)).status).toBe(200);
  });
});
