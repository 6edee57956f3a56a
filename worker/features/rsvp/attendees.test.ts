import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { eventHosts, rsvps, userTags, type RsvpStatus } from "@worker/db/schema";
import { RSVP_STATUS_VALUES } from "@worker/shared/views.schema";
import { errorOf } from "@worker/test/client";
import { addGuest, addHost, db, makeEvent, makeUser } from "@worker/test/helpers";
import { messagesDuring } from "@worker/test/live";
import { attendees, hostAction, storedRsvp } from "@worker/test/rsvp";
import { RSVP_MESSAGES } from "./rsvp.schema";

/** An experience with an owner, a host who also holds an RSVP, and guests in several statuses. */
async function party(privacy: "PUBLIC" | "PRIVATE" = "PUBLIC") {
  const [owner, host, ana, ben, cleo, stranger] = await Promise.all([
    makeUser({ firstName: "Olga" }),
    makeUser({ firstName: "Hana" }),
    makeUser({ firstName: "Ana", lastName: "Silva", organisation: "Acme" }),
    makeUser({ firstName: "Ben" }),
    makeUser({ firstName: "Cleo" }),
    makeUser(),
  ]);
  const event = await makeEvent(owner.id, { privacy });
  await addHost(event.id, host.id);
  await addGuest(event.id, host, "YES");
  await addGuest(event.id, ana, "YES");
  await addGuest(event.id, ben, "HOST_APPROVAL_REQUESTED");
  await addGuest(event.id, cleo, "MAYBE");
  await db()
    .insert(userTags)
    .values([
      { userId: ana.id, tag: "vip", position: 1 },
      { userId: ana.id, tag: "speaker", position: 0 },
    ]);
  await db()
    .insert(rsvps)
    .values({ id: crypto.randomUUID(), eventId: event.id, userId: null, email: "invited@example.com", status: "REQUESTED" });
  return { owner, host, ana, ben, cleo, stranger, event };
}

describe("GET /api/rsvp/event/:eventId", () => {
  it.each(["owner", "host"] as const)("shows the %s every RSVP with status, e-mail and every user field", async (role) => {
    const cast = await party();
    const response = await attendees(cast.event.id, cast[role].token);
    expect(response.status).toBe(200);
    const list = await response.json();
    // Rows made in the same millisecond have no order between them: compared by name.
    expect(list.map((a) => [a.user.firstName, a.status]).sort()).toEqual([
      ["", "REQUESTED"],
      ["Ana", "YES"],
      ["Ben", "HOST_APPROVAL_REQUESTED"],
      ["Cleo", "MAYBE"],
      ["Hana", "YES"],
    ]);
    const named = (firstName: string) => list.find((a) => a.user.firstName === firstName)!;
    expect(named("Ana")).toEqual({
      id: expect.any(String),
      status: "YES",
      onboardStatus: null,
      waitlistPosition: null,
      user: {
        guid: cast.ana.id,
        firstName: "Ana",
        lastName: "Silva",
        emailId: cast.ana.email,
        organisation: "Acme",
        profilePic: null,
        tags: ["speaker", "vip"],
        isOwner: false,
        isHost: false,
      },
    });
    expect(named("Hana").user).toMatchObject({ guid: cast.host.id, isHost: true, isOwner: false });
    expect(named("").user).toEqual({
      guid: null,
      firstName: "",
      lastName: "",
      emailId: "invited@example.com",
      organisation: "",
      profilePic: null,
      tags: [],
      isOwner: false,
      isHost: false,
    });
  });

  it("shows a guest only the participants (YES, MAYBE), without anyone's e-mail address", async () => {
    const cast = await party();
    const response = await attendees(cast.event.id, cast.ana.token);
    expect(response.status).toBe(200);
    const list = await response.json();
    expect(list.map((a) => [a.user.firstName, a.status]).sort()).toEqual([
      ["Ana", "YES"],
      ["Cleo", "MAYBE"],
      ["Hana", "YES"],
    ]);
    expect(JSON.stringify(list)).not.toContain("@example.com");
    for (const attendee of list) expect(attendee.user).not.toHaveProperty("emailId");
  });

  it.each([
    ["PRIVATE", 404, "Event not found"],
    ["PUBLIC", 403, "You do not have permission to do this"],
  ] as const)("answers a stranger of a %s experience %i '%s'", async (privacy, status, error) => {
    const cast = await party(privacy);
    const response = await attendees(cast.event.id, cast.stranger.token);
    expect(response.status).toBe(status);
    expect(await errorOf(response)).toBe(error);
  });

  it.each(["HOST_APPROVAL_REQUESTED", "REQUESTED", "NO", "HOST_REMOVED"] as const)(
    "answers someone whose RSVP is %s like a stranger",
    async (status) => {
      const cast = await party("PRIVATE");
      await addGuest(cast.event.id, cast.stranger, status);
      const response = await attendees(cast.event.id, cast.stranger.token);
      expect(response.status).toBe(404);
    },
  );

  it("answers 404 'Event not found' for an experience that does not exist", async () => {
    const user = await makeUser();
    const response = await attendees(crypto.randomUUID(), user.token);
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toBe("Event not found");
  });
});

/** `party`, with labels the organisers gave Ana and the host on their RSVPs (theirs alone to read). */
async function labelledParty(privacy: "PUBLIC" | "PRIVATE" = "PUBLIC") {
  const cast = await party(privacy);
  await db()
    .update(rsvps)
    .set({ tags: ["Board"] })
    .where(eq(rsvps.userId, cast.ana.id));
  await db()
    .update(rsvps)
    .set({ tags: ["Crew"] })
    .where(eq(rsvps.userId, cast.host.id));
  return cast;
}

const listOf = async (eventId: string, token: string, query: { as?: string } = {}) => {
  const response = await attendees(eventId, token, query);
  expect(response.status).toBe(200);
  return response.json();
};

describe("GET /api/rsvp/event/:eventId?as=guest (the organisers' preview of a guest's list)", () => {
  it.each(["owner", "host"] as const)(
    "gives the %s exactly what a guest is sent: the participants, no e-mail address, no organiser label",
    async (role) => {
      const cast = await labelledParty();
      const asOrganiser = await listOf(cast.event.id, cast[role].token);
      expect(asOrganiser.find((a) => a.user.firstName === "Ana")!.user.tags).toEqual(["Board", "speaker", "vip"]);

      const preview = await listOf(cast.event.id, cast[role].token, { as: "guest" });
      expect(JSON.stringify(preview)).toBe(JSON.stringify(await listOf(cast.event.id, cast.ana.token)));
      expect(preview.map((a) => [a.user.firstName, a.status]).sort()).toEqual([
        ["Ana", "YES"],
        ["Cleo", "MAYBE"],
        ["Hana", "YES"],
      ]);
      expect(JSON.stringify(preview)).not.toContain("@example.com");
      for (const attendee of preview) expect(attendee.user).not.toHaveProperty("emailId");
      expect(preview.find((a) => a.user.firstName === "Ana")!.user.tags).toEqual(["speaker", "vip"]);
      expect(JSON.stringify(preview)).not.toMatch(/Board|Crew/);
    },
  );

  it("gives a guest the same answer as without it", async () => {
    const cast = await labelledParty();
    expect(JSON.stringify(await listOf(cast.event.id, cast.cleo.token, { as: "guest" }))).toBe(
      JSON.stringify(await listOf(cast.event.id, cast.cleo.token)),
    );
  });

  it.each([
    ["PRIVATE", 404, "Event not found"],
    ["PUBLIC", 403, "You do not have permission to do this"],
  ] as const)("still answers a stranger of a %s experience %i '%s'", async (privacy, status, error) => {
    const cast = await labelledParty(privacy);
    const response = await attendees(cast.event.id, cast.stranger.token, { as: "guest" });
    expect(response.status).toBe(status);
    expect(await errorOf(response)).toBe(error);
  });

  it("reads the role from D1: a host removed since is answered as the stranger they now are", async () => {
    const cast = await labelledParty("PRIVATE");
    await db().delete(eventHosts).where(eq(eventHosts.userId, cast.host.id));
    await db().delete(rsvps).where(eq(rsvps.userId, cast.host.id));
    const response = await attendees(cast.event.id, cast.host.token, { as: "guest" });
    expect(response.status).toBe(404);
  });

  it.each(["organiser", "GUEST", ""])("answers as=%j 400 'as must be guest'", async (as) => {
    const cast = await labelledParty();
    const response = await attendees(cast.event.id, cast.owner.token, { as });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("as must be guest");
  });
});

type Action = "YES" | "NO" | "REQUESTED";

/** What each host action does from every status: the new status, or the 400 refusal. */
const EXPECTED: Record<Action, Partial<Record<RsvpStatus, RsvpStatus>>> = {
  YES: { HOST_APPROVAL_REQUESTED: "YES" },
  NO: { HOST_APPROVAL_REQUESTED: "HOST_APPROVAL_DENIED" },
  REQUESTED: { NO: "REQUESTED", HOST_REMOVED: "REQUESTED", HOST_APPROVAL_DENIED: "REQUESTED" },
};
const REFUSAL: Record<Action, string> = {
  YES: RSVP_MESSAGES.onlyRequests,
  NO: RSVP_MESSAGES.onlyRequests,
  REQUESTED: RSVP_MESSAGES.onlyDeclined,
};

const TABLE = (["YES", "NO", "REQUESTED"] as const).flatMap((action) =>
  (["owner", "host"] as const).flatMap((role) =>
    RSVP_STATUS_VALUES.map((from) => [action, role, from, EXPECTED[action][from] ?? "refused"] as const),
  ),
);

async function experience() {
  const [owner, host, guest] = await Promise.all([makeUser(), makeUser(), makeUser()]);
  const event = await makeEvent(owner.id, { rsvpType: "OPEN_INVITE" });
  await addHost(event.id, host.id);
  return { owner, host, event, guest };
}

async function rsvpOf(eventId: string, status: RsvpStatus) {
  const person = await makeUser();
  await addGuest(eventId, person, status);
  return (await storedRsvp(eventId, person.id))!;
}

describe("PUT /api/rsvp (host bulk actions)", () => {
  it.each(TABLE)("%s by the %s on an RSVP in %s → %s", async (action, role, from, result) => {
    const { owner, host, event } = await experience();
    const target = await rsvpOf(event.id, from);
    const response = await hostAction((role === "owner" ? owner : host).token, event.id, action, [target.id]);
    if (result === "refused") {
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe(REFUSAL[action]);
      expect((await storedRsvp(event.id, target.userId!))?.status).toBe(from);
    } else {
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([{ id: target.id, status: result }]);
      expect((await storedRsvp(event.id, target.userId!))?.status).toBe(result);
    }
  });

  it.each(["guest", "stranger"] as const)("answers 403 to a %s of a public experience, and changes nothing", async (role) => {
    const { event, guest } = await experience();
    await addGuest(event.id, guest);
    const stranger = await makeUser();
    const request = await rsvpOf(event.id, "HOST_APPROVAL_REQUESTED");
    const response = await hostAction((role === "guest" ? guest : stranger).token, event.id, "YES", [request.id]);
    expect(response.status).toBe(403);
    expect((await storedRsvp(event.id, request.userId!))?.status).toBe("HOST_APPROVAL_REQUESTED");
  });

  it("answers 404 'Event not found' to a stranger of a private experience", async () => {
    const owner = await makeUser();
    const stranger = await makeUser();
    const event = await makeEvent(owner.id, { privacy: "PRIVATE" });
    const request = await rsvpOf(event.id, "HOST_APPROVAL_REQUESTED");
    const response = await hostAction(stranger.token, event.id, "YES", [request.id]);
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toBe("Event not found");
  });

  it("refuses the whole request with 400 when one RSVP is in a status the action does not apply to, changing none", async () => {
    const { owner, event } = await experience();
    const requests = await Promise.all([rsvpOf(event.id, "HOST_APPROVAL_REQUESTED"), rsvpOf(event.id, "HOST_APPROVAL_REQUESTED")]);
    const attending = await rsvpOf(event.id, "YES");
    const response = await hostAction(owner.token, event.id, "NO", [...requests.map((r) => r.id), attending.id]);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(RSVP_MESSAGES.onlyRequests);
    const rows = await db().select({ status: rsvps.status }).from(rsvps).where(eq(rsvps.eventId, event.id));
    expect(rows.map((r) => r.status).sort()).toEqual(["HOST_APPROVAL_REQUESTED", "HOST_APPROVAL_REQUESTED", "YES"]);
  });

  it("refuses with 400 an RSVP of another experience, changing none", async () => {
    const { owner, event } = await experience();
    const other = await makeEvent(owner.id);
    const mine = await rsvpOf(event.id, "HOST_APPROVAL_REQUESTED");
    const theirs = await rsvpOf(other.id, "HOST_APPROVAL_REQUESTED");
    const response = await hostAction(owner.token, event.id, "YES", [mine.id, theirs.id]);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(RSVP_MESSAGES.notInEvent);
    const rows = await db()
      .select({ status: rsvps.status })
      .from(rsvps)
      .where(inArray(rsvps.id, [mine.id, theirs.id]));
    expect(rows.map((r) => r.status)).toEqual(["HOST_APPROVAL_REQUESTED", "HOST_APPROVAL_REQUESTED"]);
  });

  it("refuses with 400 a host's action on their own RSVP", async () => {
    const { host, event } = await experience();
    await addGuest(event.id, host, "NO");
    const own = (await storedRsvp(event.id, host.id))!;
    const response = await hostAction(host.token, event.id, "REQUESTED", [own.id]);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(RSVP_MESSAGES.ownRsvp);
  });

  it("refuses an empty selection with 400 'Select at least one RSVP'", async () => {
    const { owner, event } = await experience();
    const response = await hostAction(owner.token, event.id, "YES", []);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(RSVP_MESSAGES.noRsvps);
  });

  it("approves 150 requests at once (more than one D1 statement's worth of ids), the same id twice counting once", async () => {
    const { owner, event } = await experience();
    const ids = Array.from({ length: 150 }, () => crypto.randomUUID());
    const people = await Promise.all(ids.map(() => makeUser()));
    await db().batch(
      people.map((p, i) =>
        db().insert(rsvps).values({ id: ids[i]!, eventId: event.id, userId: p.id, email: p.email, status: "HOST_APPROVAL_REQUESTED" }),
      ) as [never],
    );
    const response = await hostAction(owner.token, event.id, "YES", [...ids, ids[0]!]);
    expect(response.status).toBe(200);
    expect(await response.json()).toHaveLength(150);
    const rows = await db().select({ status: rsvps.status }).from(rsvps).where(eq(rsvps.eventId, event.id));
    expect(rows.every((r) => r.status === "YES")).toBe(true);
  });

  it("tells the experience's open pages that the RSVPs changed", async () => {
    const { owner, event } = await experience();
    const request = await rsvpOf(event.id, "HOST_APPROVAL_REQUESTED");
    const messages = await messagesDuring(event.id, owner.token, () => hostAction(owner.token, event.id, "YES", [request.id]));
    expect(messages).toContainEqual({ type: "rsvp.changed", eventId: event.id });
  });
});
