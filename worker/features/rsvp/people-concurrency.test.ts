import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rsvps } from "@worker/db/schema";
import { addGuest, db, makeUser } from "@worker/test/helpers";
import { crew, makeHosts, removeGuests, storedHosts, unmakeHosts } from "@worker/test/people";
import { hostAction, respond, storedRsvp } from "@worker/test/rsvp";

const ROUNDS = 8;

describe("people changes racing each other", () => {
  it("two hosts removing each other at once: exactly one lands, the other is refused as no longer a host", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { host, cohost, event } = await crew();
      const [a, b] = await Promise.all([removeGuests(host.token, event.id, [cohost.id]), removeGuests(cohost.token, event.id, [host.id])]);
      expect([a.status, b.status].sort()).toEqual([200, 403]);
      const [hostStatus, cohostStatus] = await Promise.all([storedRsvp(event.id, host.id), storedRsvp(event.id, cohost.id)]);
      expect([hostStatus!.status, cohostStatus!.status].filter((s) => s === "HOST_REMOVED")).toHaveLength(1);
      expect(await storedHosts(event.id)).toEqual([a.status === 200 ? host.id : cohost.id]);
    }
  });

  it("two hosts unmaking each other at once: one of them stays a host", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { host, cohost, event } = await crew();
      const [a, b] = await Promise.all([unmakeHosts(host.token, event.id, [cohost.id]), unmakeHosts(cohost.token, event.id, [host.id])]);
      expect([a.status, b.status].sort()).toEqual([200, 403]);
      expect(await storedHosts(event.id)).toHaveLength(1);
    }
  });

  it("a guest made host by one host while another removes them never ends a removed host", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { owner, host, guest, event } = await crew();
      const [made, removed] = await Promise.all([
        makeHosts(owner.token, event.id, [guest.id]),
        removeGuests(host.token, event.id, [guest.id]),
      ]);
      expect(removed.status).toBe(200);
      expect([200, 400]).toContain(made.status);
      expect((await storedRsvp(event.id, guest.id))!.status).toBe("HOST_REMOVED");
      expect(await storedHosts(event.id)).not.toContain(guest.id);
    }
  });

  it("a host removed while approving requests: the approval lands whole, before the removal, or not at all", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { owner, cohost, event } = await crew();
      const requesters = await Promise.all(Array.from({ length: 6 }, () => makeUser()));
      for (const person of requesters) await addGuest(event.id, person, "HOST_APPROVAL_REQUESTED");
      const ids = (await db().select({ id: rsvps.id, status: rsvps.status }).from(rsvps).where(eq(rsvps.eventId, event.id)))
        .filter((r) => r.status === "HOST_APPROVAL_REQUESTED")
        .map((r) => r.id);

      const [approve, remove] = await Promise.all([
        hostAction(cohost.token, event.id, "YES", ids),
        removeGuests(owner.token, event.id, [cohost.id]),
      ]);
      expect(remove.status).toBe(200);
      expect([200, 403]).toContain(approve.status);
      const finals = await Promise.all(requesters.map(async (p) => (await storedRsvp(event.id, p.id))!.status));
      expect(new Set(finals).size, "all or nothing").toBe(1);
      expect(finals[0]).toBe(approve.status === 200 ? "YES" : "HOST_APPROVAL_REQUESTED");
    }
  });

  it("a guest removed while declining: one coherent order, never a half-written request", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { owner, guest, other, event } = await crew();
      const [removed, declined] = await Promise.all([
        removeGuests(owner.token, event.id, [guest.id, other.id]),
        respond(event.id, guest.token, "NO"),
      ]);
      const [g, o] = await Promise.all([storedRsvp(event.id, guest.id), storedRsvp(event.id, other.id)]);
      if (removed.status === 200) {
        // The removal landed first; the decline then found a removed guest.
        expect([g!.status, o!.status]).toEqual(["HOST_REMOVED", "HOST_REMOVED"]);
        expect(declined.status).toBe(403);
      } else {
        expect(removed.status).toBe(400);
        expect(declined.status).toBe(200);
        expect([g!.status, o!.status]).toEqual(["NO", "MAYBE"]);
      }
    }
  });
});
