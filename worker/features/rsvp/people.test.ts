import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rsvps } from "@worker/db/schema";
import { loggedChanges, onlyChange, toldChanges } from "@worker/test/change-log";
import { apiAs, errorOf } from "@worker/test/client";
import { db, addGuest, makeUser } from "@worker/test/helpers";
import { publicItinerary } from "@worker/test/itinerary";
import { messagesDuring } from "@worker/test/live";
import { crew, makeHosts, removeGuests, storedHosts, unmakeHosts } from "@worker/test/people";
import { attendees, storedRsvp, hostAction, respond } from "@worker/test/rsvp";
import { PEOPLE_ACTION_MAX_USERS, RSVP_MESSAGES } from "./rsvp.schema";

type Crew = Awaited<ReturnType<typeof crew>>;
type Caller = "owner" | "host" | "guest" | "stranger";
type Target = Exclude<keyof Crew, "event"> | "self";
/** 200, 403, or the 400 refusal's message. */
type Outcome = 200 | 403 | string;

const ACTIONS = { "make host": makeHosts, "remove as host": unmakeHosts, "remove attendee": removeGuests };
type Action = keyof typeof ACTIONS;

/** Who may make, unmake and remove whom (spec 2 §7, issue 9), on a public experience. */
const TABLE: [Action, Caller, Target, Outcome][] = [
  ["make host", "owner", "guest", 200],
  ["make host", "host", "guest", 200],
  ["make host", "host", "other", 200],
  ["make host", "owner", "cohost", 200],
  ["make host", "host", "self", 200],
  ["make host", "guest", "other", 403],
  ["make host", "stranger", "guest", 403],
  ["make host", "owner", "owner", RSVP_MESSAGES.ownerPlace],
  ["make host", "host", "owner", RSVP_MESSAGES.ownerPlace],
  ["make host", "owner", "invited", RSVP_MESSAGES.onlyGuestsHosts],
  ["make host", "owner", "asking", RSVP_MESSAGES.onlyGuestsHosts],
  ["make host", "owner", "stranger", RSVP_MESSAGES.onlyGuestsHosts],

  ["remove as host", "owner", "host", 200],
  ["remove as host", "host", "cohost", 200],
  ["remove as host", "owner", "guest", 200],
  ["remove as host", "guest", "host", 403],
  ["remove as host", "stranger", "host", 403],
  ["remove as host", "owner", "owner", RSVP_MESSAGES.ownerPlace],
  ["remove as host", "host", "owner", RSVP_MESSAGES.ownerPlace],
  ["remove as host", "host", "self", RSVP_MESSAGES.ownHost],

  ["remove attendee", "owner", "guest", 200],
  ["remove attendee", "host", "guest", 200],
  ["remove attendee", "host", "other", 200],
  ["remove attendee", "owner", "host", 200],
  ["remove attendee", "host", "cohost", 200],
  ["remove attendee", "guest", "other", 403],
  ["remove attendee", "stranger", "guest", 403],
  ["remove attendee", "owner", "owner", RSVP_MESSAGES.ownerPlace],
  ["remove attendee", "host", "owner", RSVP_MESSAGES.ownerPlace],
  ["remove attendee", "host", "self", RSVP_MESSAGES.ownPlace],
  ["remove attendee", "owner", "invited", RSVP_MESSAGES.onlyGuestsRemoved],
  ["remove attendee", "owner", "asking", RSVP_MESSAGES.onlyGuestsRemoved],
  ["remove attendee", "owner", "stranger", RSVP_MESSAGES.onlyGuestsRemoved],
];

/** Every RSVP of the experience (by user) and its hosts, sorted, to compare before and after. */
async function stateOf(eventId: string) {
  const rows = await db()
    .select({ userId: rsvps.userId, status: rsvps.status })
    .from(rsvps)
    .where(eq(rsvps.eventId, eventId))
    .orderBy(asc(rsvps.userId));
  return { statuses: Object.fromEntries(rows.map((r) => [r.userId, r.status])), hosts: (await storedHosts(eventId)).sort() };
}

describe("POST and DELETE /api/events/:eventId/hosts, DELETE /api/events/:eventId/guests", () => {
  it.each(TABLE)("%s by the %s on the %s → %s", async (action, caller, target, outcome) => {
    const people = await crew();
    const { event } = people;
    const by = people[caller];
    const whom = target === "self" ? by : people[target];
    const before = await stateOf(event.id);
    const response = await ACTIONS[action](by.token, event.id, [whom.id]);
    const after = await stateOf(event.id);

    if (outcome !== 200) {
      expect(response.status).toBe(outcome === 403 ? 403 : 400);
      if (typeof outcome === "string") expect(await errorOf(response)).toBe(outcome);
      expect(after, "nothing changed").toEqual(before);
      return;
    }
    expect(response.status).toBe(200);
    const hosts = new Set(before.hosts);
    const statuses = { ...before.statuses };
    if (action === "make host") hosts.add(whom.id);
    else hosts.delete(whom.id);
    if (action === "remove attendee") statuses[whom.id] = "HOST_REMOVED";
    expect(after).toEqual({ statuses, hosts: [...hosts].sort() });

    const body = await response.json();
    if (action === "remove attendee") {
      expect(body).toEqual([{ id: (await storedRsvp(event.id, whom.id))!.id, status: "HOST_REMOVED" }]);
    } else {
      expect([...(body as { hosts: string[] }).hosts].sort()).toEqual(after.hosts);
    }
  });

  it.each(Object.entries(ACTIONS))(
    "%s: answers 404 'Event not found' to a stranger of a private experience and for an unknown one",
    async (_, act) => {
      const { owner, guest, stranger, event } = await crew({ privacy: "PRIVATE" });
      for (const [token, eventId] of [
        [stranger.token, event.id],
        [owner.token, crypto.randomUUID()],
      ] as const) {
        const response = await act(token, eventId, [guest.id]);
        expect(response.status).toBe(404);
        expect(await errorOf(response)).toBe("Event not found");
      }
    },
  );

  it.each(Object.entries(ACTIONS))("%s: answers 400 for an empty or oversized list of people", async (_, act) => {
    const { owner, event } = await crew();
    const empty = await act(owner.token, event.id, []);
    expect(empty.status).toBe(400);
    expect(await errorOf(empty)).toBe(RSVP_MESSAGES.noUsers);
    const many = await act(
      owner.token,
      event.id,
      Array.from({ length: PEOPLE_ACTION_MAX_USERS + 1 }, (_, i) => `u${i}`),
    );
    expect(many.status).toBe(400);
    expect(await errorOf(many)).toBe(RSVP_MESSAGES.tooManyUsers);
  });

  it("refuses the whole request when one person in it may not be changed, changing no one", async () => {
    const { owner, guest, other, invited, event } = await crew();
    const before = await stateOf(event.id);
    const makes = await makeHosts(owner.token, event.id, [guest.id, other.id, invited.id]);
    expect(makes.status).toBe(400);
    expect(await errorOf(makes)).toBe(RSVP_MESSAGES.onlyGuestsHosts);
    const removes = await removeGuests(owner.token, event.id, [guest.id, other.id, owner.id]);
    expect(removes.status).toBe(400);
    expect(await errorOf(removes)).toBe(RSVP_MESSAGES.ownerPlace);
    expect(await stateOf(event.id)).toEqual(before);
  });

  it("makes many people hosts at once, each once however often named", async () => {
    const { owner, host, cohost, guest, other, event } = await crew();
    const response = await makeHosts(owner.token, event.id, [guest.id, other.id, guest.id, host.id]);
    expect(response.status).toBe(200);
    expect((await response.json()).hosts.sort()).toEqual([host.id, cohost.id, guest.id, other.id].sort());
    expect((await storedHosts(event.id)).sort()).toEqual([host.id, cohost.id, guest.id, other.id].sort());
  });

  it("keeps a former host's RSVP: removed as host, they are an attending guest", async () => {
    const { owner, cohost, event } = await crew();
    expect((await unmakeHosts(owner.token, event.id, [cohost.id])).status).toBe(200);
    expect((await storedRsvp(event.id, cohost.id))!.status).toBe("YES");
    const list = await attendees(event.id, cohost.token);
    expect(list.status).toBe(200);
    expect(JSON.stringify(await list.json()), "a guest sees no e-mail address").not.toContain("@");
  });

  it("drops a removed guest from the share page at once, though its itinerary was cached", async () => {
    const { owner, guest, event } = await crew({ privacy: "PUBLIC" });
    const guestIds = async () => (await publicItinerary(event.id)).guests.map((person) => person.guid);
    expect(await guestIds()).toContain(guest.id);
    expect((await removeGuests(owner.token, event.id, [guest.id])).status).toBe(200);
    expect(await guestIds()).not.toContain(guest.id);
  });

  it("shows a new host on the share page at once, after the hosts made before, by name and picture only", async () => {
    const { owner, host, cohost, guest, event } = await crew({ privacy: "PUBLIC" });
    const hosts = async () => (await publicItinerary(event.id)).hosts;
    expect((await hosts()).map((person) => person.guid)).toEqual([host.id, cohost.id]);
    expect((await makeHosts(owner.token, event.id, [guest.id])).status).toBe(200);
    const after = await hosts();
    expect(after.map((person) => person.guid)).toEqual([host.id, cohost.id, guest.id]);
    expect(Object.keys(after[2]!).sort()).toEqual(["firstName", "guid", "lastName", "profilePic"]);
    expect(JSON.stringify(after), "no host's e-mail address").not.toContain("@");
  });

  it("tells the share page's visitors when the hosts change, so their open page refreshes", async () => {
    const { owner, host, guest, event } = await crew({ privacy: "PUBLIC" });
    const made = await messagesDuring(event.id, undefined, () => makeHosts(owner.token, event.id, [guest.id]));
    expect(made).toContainEqual({ type: "event.changed", eventId: event.id });
    const unmade = await messagesDuring(event.id, undefined, () => unmakeHosts(owner.token, event.id, [host.id]));
    expect(unmade).toContainEqual({ type: "event.changed", eventId: event.id });
  });

  it("tells the share page's visitors when a removed attendee was a host, and not for a plain guest", async () => {
    const { owner, host, guest, event } = await crew({ privacy: "PUBLIC" });
    const plain = await messagesDuring(event.id, undefined, () => removeGuests(owner.token, event.id, [guest.id]));
    expect(plain).not.toContainEqual({ type: "event.changed", eventId: event.id });
    const hosting = await messagesDuring(event.id, undefined, () => removeGuests(owner.token, event.id, [host.id]));
    expect(hosting).toContainEqual({ type: "event.changed", eventId: event.id });
    expect((await publicItinerary(event.id)).hosts.map((person) => person.guid)).not.toContain(host.id);
  });

  it("refuses a removed attendee's own Join: only a host's 'Resend Invite' brings them back", async () => {
    const { owner, guest, event } = await crew({ rsvpType: "OPEN" });
    expect((await removeGuests(owner.token, event.id, [guest.id])).status).toBe(200);
    const rejoin = await apiAs(guest.token).api.rsvp.respond[":eventId"].$put({ param: { eventId: event.id }, json: { status: "YES" } });
    expect(rejoin.status).toBe(403);
    expect(await errorOf(rejoin)).toBe(RSVP_MESSAGES.hostDeclined);
  });
});

describe("a removed host or guest loses access on the very next request", () => {
  const rename = (eventId: string, token: string) =>
    apiAs(token).api.events[":id"].$put({ param: { id: eventId }, json: { name: "Taken over" } });

  it.each([
    ["PRIVATE", 404],
    ["PUBLIC", 403],
  ] as const)(
    "with the same access token, on a %s experience: %s for the attendee list and for an itinerary write",
    async (privacy, refused) => {
      const { owner, host, guest, event } = await crew({ privacy });
      expect((await attendees(event.id, host.token)).status).toBe(200);
      expect((await rename(event.id, host.token)).status).toBe(200);
      expect((await attendees(event.id, guest.token)).status).toBe(200);

      expect((await removeGuests(owner.token, event.id, [host.id, guest.id])).status).toBe(200);

      for (const token of [host.token, guest.token]) expect((await attendees(event.id, token)).status).toBe(refused);
      const write = await rename(event.id, host.token);
      expect(write.status).toBe(refused);
    },
  );

  it("an unmade host keeps reading as a guest but may no longer change the itinerary (403)", async () => {
    const { owner, host, event } = await crew({ privacy: "PRIVATE" });
    expect((await unmakeHosts(owner.token, event.id, [host.id])).status).toBe(200);
    expect((await attendees(event.id, host.token)).status).toBe(200);
    expect((await rename(event.id, host.token)).status).toBe(403);
  });
});

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

    expect(await onlyChange(event.id)).toMatchObject({
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
