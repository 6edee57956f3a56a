import { describe, expect, it } from "vitest";
import { addGuest, makeUser } from "@worker/test/helpers";
import { answered, created, feedbackCrew, published, readResults } from "./feedback.test-support";

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
