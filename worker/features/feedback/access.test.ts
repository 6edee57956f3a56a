import { parse } from "csv-parse/sync";
import { and, eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import type { Db } from "@worker/db/client";
import { eventHosts } from "@worker/db/schema";
import { readFirstSheet } from "@worker/lib/xlsx/read-first-sheet";
import { errorOf, apiAs } from "@worker/test/client";
import { db, addGuest, makeUser } from "@worker/test/helpers";
import { listen, messagesDuring, settle } from "@worker/test/live";
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
  created,
  answered,
} from "./feedback.test-support";
import { updateForm as updateFormAs } from "./forms.service";

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

describe("a feedback form's results", () => {
  it("average each question and all ratings over two guests, and list the open answers newest first with who wrote them", async () => {
    const { owner, host, guest, other, event } = await feedbackCrew();
    const form = await published(owner.token, event.id);
    await answered(guest.token, event.id, form, [5, 2], "Loved the venue");
    await answered(other.token, event.id, form, [4, 3], "More coffee");

    const response = await readResults(host.token, event.id, form.id);
    expect(response.status).toBe(200);
    const results = await response.json();
    expect(results).toMatchObject({
      responsesCount: 2,
      // (5 + 2 + 4 + 3) / 4, which is also the mean of 4.5 and 2.5.
      totalAverage: 3.5,
      responses: [
        { fieldId: form.fields[0]!.id, label: "Venue", averageRating: 4.5, distribution: [0, 0, 0, 1, 1] },
        { fieldId: form.fields[1]!.id, label: "Food", averageRating: 2.5, distribution: [0, 1, 1, 0, 0] },
      ],
      dataResponses: [{ id: form.dataFields[0]!.id, dataFieldLabel: "Anything else?" }],
    });
    const openAnswers = results.dataResponses[0]!.responses;
    expect(openAnswers.map((a) => [a.data, a.user.guid, a.user.firstName])).toEqual([
      ["More coffee", other.id, other.firstName],
      ["Loved the venue", guest.id, guest.firstName],
    ]);
    expect(JSON.stringify(results)).not.toContain(guest.email);
  });

  it("round averages to two decimals", async () => {
    const { owner, guest, other, host, event } = await feedbackCrew();
    const form = await published(owner.token, event.id, { title: "T", description: "D", fields: [{ label: "Only" }] });
    const third = await makeUser({ firstName: "Tess" });
    await addGuest(event.id, third);
    await answered(guest.token, event.id, form, 5);
    await answered(other.token, event.id, form, 4);
    await answered(third.token, event.id, form, 4);
    const results = await (await readResults(host.token, event.id, form.id)).json();
    expect(results.totalAverage).toBe(4.33);
    expect(results.responses[0]!.averageRating).toBe(4.33);
    expect(results.dataResponses).toEqual([]);
  });

  it("are empty, with null averages, before anyone answers; an open answer left blank is not listed", async () => {
    const { owner, guest, event } = await feedbackCrew();
    const draft = await created(owner.token, event.id);
    expect(await (await readResults(owner.token, event.id, draft.id)).json()).toEqual({
      responsesCount: 0,
      totalAverage: null,
      responses: draft.fields.map((field) => ({
        fieldId: field.id,
        label: field.label,
        averageRating: null,
        distribution: [0, 0, 0, 0, 0],
      })),
      dataResponses: [{ id: draft.dataFields[0]!.id, dataFieldLabel: "Anything else?", responses: [] }],
    });
    const form = await published(owner.token, event.id);
    await answered(guest.token, event.id, form, 3, "  ");
    const results = await (await readResults(owner.token, event.id, form.id)).json();
    expect(results).toMatchObject({ responsesCount: 1, totalAverage: 3, dataResponses: [{ responses: [] }] });
  });
});

describe("feedback forms, live", () => {
  it("tell participants' pages when a form is published, edited while published, unpublished or deleted while published", async () => {
    const { owner, guest, event } = await feedbackCrew();
    const form = await created(owner.token, event.id);
    const changed = [{ type: "feedback.changed", eventId: event.id }];
    expect(await messagesDuring(event.id, guest.token, () => updateForm(owner.token, event.id, form.id, { isActive: true }))).toEqual(
      changed,
    );
    expect(await messagesDuring(event.id, guest.token, () => updateForm(owner.token, event.id, form.id, { title: "Renamed" }))).toEqual(
      changed,
    );
    expect(await messagesDuring(event.id, guest.token, () => updateForm(owner.token, event.id, form.id, { isActive: false }))).toEqual(
      changed,
    );
    const live = await published(owner.token, event.id);
    expect(await messagesDuring(event.id, guest.token, () => deleteForm(owner.token, event.id, live.id))).toEqual(changed);
  });

  it("say nothing for drafts, for answers, or for refused writes", async () => {
    const { owner, guest, stranger, event } = await feedbackCrew();
    const live = await published(owner.token, event.id);
    const quiet = await messagesDuring(event.id, owner.token, async () => {
      const draft = await created(owner.token, event.id);
      await updateForm(owner.token, event.id, draft.id, { title: "Still a draft" });
      await deleteForm(owner.token, event.id, draft.id);
      await answered(guest.token, event.id, live, 4);
      await updateForm(stranger.token, event.id, live.id, { isActive: false });
    });
    expect(quiet).toEqual([]);
  });

  it("reach participants only, never a visitor of a public experience", async () => {
    const { owner, event } = await feedbackCrew();
    const form = await created(owner.token, event.id);
    const visitor = await listen(event.id);
    const participant = await listen(event.id, owner.token);
    await updateForm(owner.token, event.id, form.id, { isActive: true });
    await settle();
    expect(participant.messages).toEqual([{ type: "feedback.changed", eventId: event.id }]);
    expect(visitor.messages).toEqual([]);
    for (const socket of [visitor, participant]) socket.ws.close();
  });
});

// Issue 25, 'Exports': feedback answers as the attendees are, one row per response, one column per question.

const exportOf = (token: string, eventId: string, formId: string, format: "csv" | "xlsx" = "csv") =>
  apiAs(token).api.events[":eventId"].form[":formId"].response.export.$get({ param: { eventId, formId }, query: { format } });

describe("GET /api/events/{eventId}/form/{formId}/response/export", () => {
  it("writes one row per response and one column per question, an open answer like '=1+1' with a leading quote", async () => {
    const { owner, guest, other, event } = await feedbackCrew({ timeZone: "Europe/Lisbon" });
    const form = await published(owner.token, event.id);
    await answered(guest.token, event.id, form, [5, 2], "=1+1");
    await answered(other.token, event.id, form, [4, 3], 'Coffee, "strong"\nplease');

    const response = await exportOf(owner.token, event.id, form.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toContain(".csv");
    const text = new TextDecoder().decode(new Uint8Array(await response.arrayBuffer()));
    const [header, ...rows] = parse(text, { bom: true }) as string[][];
    expect(header).toEqual(["Name", "E-mail", "Answered", "Venue", "Food", "Anything else?"]);
    expect(rows.map((row) => [row[0], row[1], row[3], row[4], row[5]])).toEqual([
      [`${guest.firstName} Test`, guest.email, "5", "2", "'=1+1"],
      [`${other.firstName} Test`, other.email, "4", "3", 'Coffee, "strong"\nplease'],
    ]);
    expect(rows[0]![2]).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d\d:\d\d [AP]M (WET|WEST|Lisbon time)$/);

    const sheet: string[][] = [];
    readFirstSheet(new Uint8Array(await (await exportOf(owner.token, event.id, form.id, "xlsx")).arrayBuffer()), ({ cells }) => {
      sheet.push([...cells.values()]);
    });
    expect(sheet.slice(1).map((row) => row[5])).toEqual(["'=1+1", 'Coffee, "strong"\nplease']);
  });

  it("stores each rating in the .xlsx as a number, so SUM and AVERAGE count it, and an open answer as text", async () => {
    const { owner, guest, event } = await feedbackCrew();
    const form = await published(owner.token, event.id);
    await answered(guest.token, event.id, form, [5, 2], "42");
    const xlsx = unzipSync(new Uint8Array(await (await exportOf(owner.token, event.id, form.id, "xlsx")).arrayBuffer()));
    const sheet = strFromU8(xlsx["xl/worksheets/sheet1.xml"]!);
    expect(sheet).toMatch(/<c r="D2"[^>]*><v>5<\/v><\/c>/);
    expect(sheet).toMatch(/<c r="E2"[^>]*><v>2<\/v><\/c>/);
    expect(sheet).toMatch(/<c r="F2"[^>]*t="inlineStr"[^>]*><is><t[^>]*>42<\/t><\/is><\/c>/);
  });

  it("is for the owner and hosts only: a guest gets 403, a form of another experience 404", async () => {
    const { owner, host, guest, event } = await feedbackCrew();
    const form = await published(owner.token, event.id);
    expect((await exportOf(host.token, event.id, form.id, "xlsx")).status).toBe(200);
    expect((await exportOf(guest.token, event.id, form.id)).status).toBe(403);
    const elsewhere = await feedbackCrew();
    expect((await exportOf(elsewhere.owner.token, elsewhere.event.id, form.id)).status).toBe(404);
  });
});
