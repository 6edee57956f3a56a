import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rsvps } from "@worker/db/schema";
import { addGuest, addHost, db, makeEvent, makeUser } from "@worker/test/helpers";
import { hostAction, respond, storedRsvp } from "@worker/test/rsvp";

const PEOPLE = 12;
const ROUNDS = 5;

describe("RSVP changes racing each other", () => {
  it("never loses a write: approve, reject and every requester's withdrawal fired at once leave each RSVP where one coherent order puts it", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [owner, host] = await Promise.all([makeUser(), makeUser()]);
      const event = await makeEvent(owner.id, { rsvpType: "OPEN_INVITE" });
      await addHost(event.id, host.id);
      const people = await Promise.all(Array.from({ length: PEOPLE }, () => makeUser()));
      for (const person of people) await addGuest(event.id, person, "HOST_APPROVAL_REQUESTED");
      const ids = (await db().select({ id: rsvps.id }).from(rsvps).where(eq(rsvps.eventId, event.id))).map((r) => r.id);

      const [approve, reject, ...withdrawals] = await Promise.all([
        hostAction(owner.token, event.id, "YES", ids),
        hostAction(host.token, event.id, "NO", ids),
        ...people.map((person) => respond(event.id, person.token, "NO")),
      ]);
      const finals = await Promise.all(people.map(async (person) => (await storedRsvp(event.id, person.id))!.status));

      for (const response of [approve, reject, ...withdrawals]) expect([200, 400, 403, 409]).toContain(response.status);
      expect(approve.status === 200 && reject.status === 200, "approve and reject cannot both land").toBe(false);
      // A withdrawal that landed is final: nothing fired here moves a NO.
      withdrawals.forEach((w, i) => {
        if (w.status === 200) expect(finals[i]).toBe("NO");
      });
      // All or nothing: a landed bulk action moved every RSVP at once, so no one withdrew before it.
      if (reject.status === 200) expect(finals.every((s) => s === "HOST_APPROVAL_DENIED")).toBe(true);
      if (approve.status === 200) expect(finals.every((s) => s === "YES" || s === "NO")).toBe(true);
      if (approve.status !== 200 && reject.status !== 200) expect(finals.every((s) => s === "NO")).toBe(true);
      expect(finals.every((s) => ["YES", "NO", "HOST_APPROVAL_DENIED"].includes(s))).toBe(true);
    }
  });

  it("keeps one RSVP per person when the same person answers from several tabs at once", async () => {
    const owner = await makeUser();
    const person = await makeUser();
    const event = await makeEvent(owner.id, { rsvpType: "OPEN" });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => respond(event.id, person.token, i % 2 ? "NO" : "YES")));
    expect(answers.map((a) => a.status).every((s) => s === 200 || s === 409)).toBe(true);
    expect(answers.some((a) => a.status === 200)).toBe(true);
    const rows = await db().select({ status: rsvps.status }).from(rsvps).where(eq(rsvps.eventId, event.id));
    expect(rows).toHaveLength(1);
    expect(["YES", "NO"]).toContain(rows[0]!.status);
  });
});
