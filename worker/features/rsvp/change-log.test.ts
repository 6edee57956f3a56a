import { describe, expect, it } from "vitest";
import { addGuest, makeUser } from "@worker/test/helpers";
import { loggedChanges, toldChanges } from "@worker/test/change-log";
import { crew, makeHosts, removeGuests } from "@worker/test/people";
import { hostAction, respond, storedRsvp } from "@worker/test/rsvp";

// Issue 22: join requests, decisions about a person and new hosts are logged with the write that makes them, told to
// the organisers (a request) or to the person (a decision); a write that did not land logs nothing.

const ROUNDS = 5;

describe("the change log of join requests", () => {
  it("logs 'Ana Lima asked to join' for the organisers once, when the RSVP becomes a request; asking again or joining an open experience logs nothing", async () => {
    const { event } = await crew();
    const ana = await makeUser({ firstName: "Ana", lastName: "Lima" });
    expect((await respond(event.id, ana.token, "YES")).status).toBe(200);
    const rsvp = await storedRsvp(event.id, ana.id);
    expect(rsvp!.status).toBe("HOST_APPROVAL_REQUESTED");
    expect((await respond(event.id, ana.token, "YES")).status).toBe(200);

    const [row, ...rest] = await loggedChanges(event.id);
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      kind: "requests",
      subjectType: "rsvp",
      subjectId: rsvp!.id,
      field: "requested",
      label: "Ana Lima",
      actorId: ana.id,
      recipientId: null,
      urgent: true,
      oldValue: null,
      newValue: null,
    });
    expect(await toldChanges(event.id)).toEqual(["Ana Lima asked to join"]);

    // Withdrawn, then asked again: a new request.
    expect((await respond(event.id, ana.token, "NO")).status).toBe(200);
    expect((await respond(event.id, ana.token, "YES")).status).toBe(200);
    expect(await loggedChanges(event.id)).toHaveLength(2);

    const open = await crew({ rsvpType: "OPEN" });
    expect((await respond(open.event.id, ana.token, "YES")).status).toBe(200);
    expect(await loggedChanges(open.event.id)).toEqual([]);
  });

  it("a request refused (invitation only, an organiser answering) logs nothing", async () => {
    const { event, host } = await crew({ rsvpType: "INVITE_ONLY" });
    const stranger = await makeUser();
    expect((await respond(event.id, stranger.token, "YES")).status).toBe(403);
    expect((await respond(event.id, host.token, "YES")).status).toBe(400);
    expect(await loggedChanges(event.id)).toEqual([]);
  });

  it("10 Join clicks at once by one person, and one each by 5 others, log exactly one request per person", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { event } = await crew();
      const [ana, ...others] = await Promise.all(Array.from({ length: 6 }, () => makeUser()));
      // Ana declined before (the conditional update path); the others ask for the first time (the insert path).
      await addGuest(event.id, ana!, "NO");
      const responses = await Promise.all([
        ...Array.from({ length: 10 }, () => respond(event.id, ana!.token, "YES")),
        ...others.map((person) => respond(event.id, person.token, "YES")),
      ]);
      expect(responses.map((response) => response.status).filter((status) => status !== 200)).toEqual([]);
      const rows = await loggedChanges(event.id);
      expect(rows.map((row) => row.actorId).sort()).toEqual([ana!, ...others].map((person) => person.id).sort());
    }
  });
});

describe("the change log of decisions about a person", () => {
  it("logs an approval and a rejection for the person who asked, and nothing for a resent invitation or a refused action", async () => {
    const { owner, host, guest, asking, event } = await crew();
    const other = await makeUser({ firstName: "Rui", lastName: "Sá" });
    await addGuest(event.id, other, "HOST_APPROVAL_REQUESTED");
    const [askingRsvp, otherRsvp, guestRsvp] = await Promise.all([
      storedRsvp(event.id, asking.id),
      storedRsvp(event.id, other.id),
      storedRsvp(event.id, guest.id),
    ]);
    expect((await hostAction(guest.token, event.id, "YES", [askingRsvp!.id])).status).toBe(403);
    expect((await hostAction(host.token, event.id, "YES", [askingRsvp!.id, guestRsvp!.id])).status).toBe(400);
    expect(await loggedChanges(event.id)).toEqual([]);

    expect((await hostAction(host.token, event.id, "YES", [askingRsvp!.id])).status).toBe(200);
    expect((await hostAction(owner.token, event.id, "NO", [otherRsvp!.id])).status).toBe(200);
    expect((await hostAction(owner.token, event.id, "REQUESTED", [otherRsvp!.id])).status).toBe(200);

    const rows = await loggedChanges(event.id);
    expect(rows.map((row) => [row.field, row.subjectId, row.recipientId, row.actorId, row.kind, row.urgent])).toEqual([
      ["approved", askingRsvp!.id, asking.id, host.id, "requests", true],
      ["rejected", otherRsvp!.id, other.id, owner.id, "requests", true],
    ]);
    expect(rows[1]!.label).toBe("Rui Sá");
    expect(await toldChanges(event.id)).toEqual(["Your request to join was approved", "Your request to join was declined"]);
  });

  it("logs 'You were removed from the guest list' and 'You are now a host' for each person concerned", async () => {
    const { owner, host, guest, other, event } = await crew();
    expect((await makeHosts(owner.token, event.id, [guest.id, host.id])).status).toBe(200);
    expect((await removeGuests(host.token, event.id, [other.id])).status).toBe(200);
    // Refused: the owner cannot be removed; nothing logged for it.
    expect((await removeGuests(host.token, event.id, [owner.id])).status).toBe(400);

    const rows = await loggedChanges(event.id);
    expect(rows.map((row) => [row.subjectType, row.field, row.recipientId, row.actorId])).toEqual([
      ["host", "madeHost", guest.id, owner.id],
      ["rsvp", "removedGuest", other.id, host.id],
    ]);
    expect(rows[0]!.subjectId).toBe(guest.id);
    expect(rows[1]!.subjectId).toBe((await storedRsvp(event.id, other.id))!.id);
    expect(await toldChanges(event.id)).toEqual(["You are now a host", "You were removed from the guest list"]);
  });

  it("an approval and a rejection of one request at once: exactly one decision is logged, the one stored", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { owner, host, asking, event } = await crew();
      const { id } = (await storedRsvp(event.id, asking.id))!;
      const responses = await Promise.all([
        ...Array.from({ length: 3 }, () => hostAction(owner.token, event.id, "YES", [id])),
        ...Array.from({ length: 3 }, () => hostAction(host.token, event.id, "NO", [id])),
      ]);
      expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
      const stored = (await storedRsvp(event.id, asking.id))!.status;
      expect((await loggedChanges(event.id)).map((row) => row.field)).toEqual([stored === "YES" ? "approved" : "rejected"]);
    }
  });

  it("a guest made host by one host while another removes them: the rows are exactly the writes that landed", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { owner, host, guest, event } = await crew();
      const [made, removed] = await Promise.all([
        makeHosts(owner.token, event.id, [guest.id]),
        removeGuests(host.token, event.id, [guest.id]),
      ]);
      const fields = (await loggedChanges(event.id)).map((row) => row.field);
      expect(fields.filter((field) => field === "madeHost")).toHaveLength(made.status === 200 ? 1 : 0);
      expect(fields.filter((field) => field === "removedGuest")).toHaveLength(removed.status === 200 ? 1 : 0);
    }
  });
});
