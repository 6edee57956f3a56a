import { describe, expect, it } from "vitest";
import { listen, messagesDuring, settle } from "@worker/test/live";
import { answered, created, deleteForm, feedbackCrew, published, updateForm } from "./feedback.test-support";

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
