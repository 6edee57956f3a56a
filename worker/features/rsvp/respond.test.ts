import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rsvps, type RsvpStatus, mailCounts } from "@worker/db/schema";
import { utcDay } from "@worker/lib/mail/mail-counts";
import { uniqueEmail } from "@worker/test/accounts";
import { mailsTo } from "@worker/test/auth";
import { errorOf } from "@worker/test/client";
import { addGuest, addHost, db, makeEvent, makeUser } from "@worker/test/helpers";
import { messagesDuring } from "@worker/test/live";
import { crew, makeHosts, removeGuests, storedHosts, unmakeHosts } from "@worker/test/people";
import { ownRsvp, respond, storedRsvp, invite, remind, hostAction } from "@worker/test/rsvp";
import { RSVP_MESSAGES, PER_ADDRESS_PER_DAY, UNREACHABLE_REASONS } from "./rsvp.schema";

type RsvpType = "OPEN" | "OPEN_INVITE" | "INVITE_ONLY";
type Result = RsvpStatus | { refused: 403; error: string };
const inviteOnly = { refused: 403, error: RSVP_MESSAGES.inviteOnly } as const;
const hostDeclined = { refused: 403, error: RSVP_MESSAGES.hostDeclined } as const;

// rsvpType × the caller's current status (null: none) × answer → the stored status, or the refusal.
const TABLE: [RsvpType, RsvpStatus | null, "YES" | "NO", Result][] = [
  ["OPEN", null, "YES", "YES"],
  ["OPEN", null, "NO", "NO"],
  ["OPEN_INVITE", null, "YES", "HOST_APPROVAL_REQUESTED"],
  ["OPEN_INVITE", null, "NO", "NO"],
  ["INVITE_ONLY", null, "YES", inviteOnly],
  ["INVITE_ONLY", null, "NO", inviteOnly],
  ...(["OPEN", "OPEN_INVITE", "INVITE_ONLY"] as const).flatMap((type): [RsvpType, RsvpStatus | null, "YES" | "NO", Result][] => [
    [type, "REQUESTED", "YES", "YES"],
    [type, "REQUESTED", "NO", "NO"],
    [type, "ONBOARD_REQUESTED", "YES", "YES"],
    [type, "ONBOARD_REQUESTED", "NO", "NO"],
    [type, "YES", "YES", "YES"],
    [type, "YES", "NO", "NO"],
    [type, "MAYBE", "YES", "YES"],
    [type, "HOST_APPROVAL_REQUESTED", "YES", "HOST_APPROVAL_REQUESTED"],
    [type, "HOST_APPROVAL_REQUESTED", "NO", "NO"],
    [type, "HOST_REMOVED", "YES", hostDeclined],
    [type, "HOST_REMOVED", "NO", hostDeclined],
    [type, "HOST_APPROVAL_DENIED", "YES", hostDeclined],
    [type, "HOST_APPROVAL_DENIED", "NO", hostDeclined],
  ]),
  ["OPEN", "NO", "YES", "YES"],
  ["OPEN_INVITE", "NO", "YES", "HOST_APPROVAL_REQUESTED"],
  ["INVITE_ONLY", "NO", "YES", inviteOnly],
  ["INVITE_ONLY", "NO", "NO", "NO"],
  ["OPEN", "EXPIRED", "YES", "YES"],
  ["OPEN_INVITE", "EXPIRED", "YES", "HOST_APPROVAL_REQUESTED"],
  ["INVITE_ONLY", "EXPIRED", "YES", inviteOnly],
];

describe("PUT /api/rsvp/respond/:eventId", () => {
  it.each(TABLE)("on a %s experience, from %s, answering %s leads to %o", async (rsvpType, from, answer, result) => {
    const owner = await makeUser();
    const person = await makeUser();
    const event = await makeEvent(owner.id, { rsvpType, privacy: "PUBLIC" });
    if (from) await addGuest(event.id, person, from);
    const response = await respond(event.id, person.token, answer);
    if (typeof result === "string") {
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ id: expect.any(String), status: result, onboardStatus: null, waitlistPosition: null });
      expect((await storedRsvp(event.id, person.id))?.status).toBe(result);
    } else {
      expect(response.status).toBe(result.refused);
      expect(await errorOf(response)).toBe(result.error);
      expect((await storedRsvp(event.id, person.id))?.status ?? null).toBe(from);
    }
  });

  it.each(["owner", "host"] as const)("answers 400 '%s: Owners and hosts do not RSVP to their own experience'", async (role) => {
    const owner = await makeUser();
    const host = await makeUser();
    const event = await makeEvent(owner.id, { rsvpType: "OPEN" });
    await addHost(event.id, host.id);
    const response = await respond(event.id, (role === "owner" ? owner : host).token, "YES");
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(RSVP_MESSAGES.organiserResponds);
    expect(await storedRsvp(event.id, (role === "owner" ? owner : host).id)).toBeNull();
  });

  it("lets a stranger who has the link ask to join a private OPEN_INVITE experience", async () => {
    const owner = await makeUser();
    const stranger = await makeUser();
    const event = await makeEvent(owner.id, { rsvpType: "OPEN_INVITE", privacy: "PRIVATE" });
    const response = await respond(event.id, stranger.token, "YES");
    expect(response.status).toBe(200);
    expect((await storedRsvp(event.id, stranger.id))?.status).toBe("HOST_APPROVAL_REQUESTED");
  });

  it("answers 404 'Event not found' for an experience that does not exist", async () => {
    const person = await makeUser();
    const response = await respond(crypto.randomUUID(), person.token, "YES");
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toBe("Event not found");
  });

  it("takes up an invitation sent to the caller's address before the account was attached to it", async () => {
    const owner = await makeUser();
    const person = await makeUser();
    const event = await makeEvent(owner.id, { rsvpType: "INVITE_ONLY" });
    await db().insert(rsvps).values({ id: crypto.randomUUID(), eventId: event.id, userId: null, email: person.email, status: "REQUESTED" });
    expect(await (await ownRsvp(event.id, person.token)).json()).toEqual({
      rsvp: { id: expect.any(String), status: "REQUESTED", onboardStatus: null, waitlistPosition: null },
    });
    expect((await respond(event.id, person.token, "YES")).status).toBe(200);
    expect((await storedRsvp(event.id, person.id))?.status).toBe("YES");
  });

  it("refuses a body whose status is not YES or NO with 400", async () => {
    const owner = await makeUser();
    const person = await makeUser();
    const event = await makeEvent(owner.id, { rsvpType: "OPEN" });
    const response = await respond(event.id, person.token, "MAYBE" as "YES");
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("Status must be YES or NO");
  });

  it("tells the experience's open pages that the RSVPs changed, and not when nothing changed", async () => {
    const owner = await makeUser();
    const person = await makeUser();
    const event = await makeEvent(owner.id, { rsvpType: "OPEN" });
    const joined = await messagesDuring(event.id, owner.token, () => respond(event.id, person.token, "YES"));
    expect(joined).toContainEqual({ type: "rsvp.changed", eventId: event.id });
    const again = await messagesDuring(event.id, owner.token, () => respond(event.id, person.token, "YES"));
    expect(again).not.toContainEqual({ type: "rsvp.changed", eventId: event.id });
  });
});

describe("GET /api/rsvp/event/self/:eventId", () => {
  it("answers the caller's own RSVP, or null when there is none", async () => {
    const owner = await makeUser();
    const person = await makeUser();
    const event = await makeEvent(owner.id, { rsvpType: "OPEN_INVITE", privacy: "PRIVATE" });
    const before = await ownRsvp(event.id, person.token);
    expect(before.status).toBe(200);
    expect(await before.json()).toEqual({ rsvp: null });
    await respond(event.id, person.token, "YES");
    expect(await (await ownRsvp(event.id, person.token)).json()).toEqual({
      rsvp: { id: expect.any(String), status: "HOST_APPROVAL_REQUESTED", onboardStatus: null, waitlistPosition: null },
    });
  });

  it("answers 404 'Event not found' for an experience that does not exist", async () => {
    const person = await makeUser();
    const response = await ownRsvp(crypto.randomUUID(), person.token);
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toBe("Event not found");
  });
});

const QUOTA = 1000;

async function organiser() {
  const owner = await makeUser({ firstName: "Olga", lastName: "Owens" });
  const event = await makeEvent(owner.id, { name: "Lisbon Food Week" });
  return { owner, event };
}

/** Today's count of invitation mails this account has sent, as the ledger holds it. */
const sentToday = async (userId: string) =>
  (
    await db()
      .select({ count: mailCounts.count })
      .from(mailCounts)
      .where(eq(mailCounts.key, `sender:${userId}`))
  )[0]?.count ?? 0;
const spent = (userId: string, count: number) =>
  db()
    .insert(mailCounts)
    .values({ key: `sender:${userId}`, day: utcDay(new Date()), count })
    .onConflictDoUpdate({ target: [mailCounts.key, mailCounts.day], set: { count } });
const rsvpCount = async (eventId: string) =>
  (
    await db()
      .select({ n: sql<number>`count(*)` })
      .from(rsvps)
      .where(eq(rsvps.eventId, eventId))
  )[0]!.n;
const addresses = (count: number, label = "guest") => Array.from({ length: count }, () => uniqueEmail(label));

describe("the inviter's daily quota of invitation e-mails", () => {
  it(`refuses a request past ${QUOTA.toLocaleString("en-US")} a day with 429 naming the limit, and writes and mails nothing`, async () => {
    const { owner, event } = await organiser();
    await spent(owner.id, QUOTA - 1);
    const [first, second] = addresses(2);

    const response = await invite(owner.token, event.id, [first!, second!]);

    expect(response.status).toBe(429);
    expect(await errorOf(response)).toBe(RSVP_MESSAGES.dailyQuota(QUOTA, 1));
    expect(RSVP_MESSAGES.dailyQuota(QUOTA, 1)).toContain("at most 1,000 invitation e-mails a day");
    expect(await rsvpCount(event.id)).toBe(0);
    expect([...(await mailsTo(first!)), ...(await mailsTo(second!))]).toEqual([]);
    expect(await sentToday(owner.id)).toBe(QUOTA - 1);
  });

  it("counts each mail sent, and not the addresses that were not mailed", async () => {
    const { owner, event } = await organiser();
    const [first, second] = addresses(2);
    await invite(owner.token, event.id, [first!, second!]);
    expect(await sentToday(owner.id)).toBe(2);
    // Invited again: nothing new is mailed, nothing counted.
    await invite(owner.token, event.id, [first!]);
    expect(await sentToday(owner.id)).toBe(2);
  });

  it("holds under requests landing at once: ten requests of 30 with 100 left, three are sent whole and seven refused", async () => {
    const { owner, event } = await organiser();
    await spent(owner.id, QUOTA - 100);
    const batches = Array.from({ length: 10 }, () => addresses(30, "burst"));

    const responses = await Promise.all(batches.map((batch) => invite(owner.token, event.id, batch)));

    const statuses: number[] = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    expect(await rsvpCount(event.id)).toBe(90);
    expect(await sentToday(owner.id)).toBe(QUOTA - 10);
    const mailed = await Promise.all(batches.flat().map(async (address) => (await mailsTo(address)).length));
    expect(mailed.reduce((a, b) => a + b, 0)).toBe(90);
  });

  it("counts reminders too, and refuses a reminder past the quota without using up the experience's day", async () => {
    const { owner, event } = await organiser();
    await invite(owner.token, event.id, addresses(3));
    await db()
      .update(rsvps)
      .set({ createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000) })
      .where(eq(rsvps.eventId, event.id));
    await spent(owner.id, QUOTA - 2);
    const refused = await remind(owner.token, event.id);
    expect(refused.status).toBe(429);
    expect(await errorOf(refused)).toBe(RSVP_MESSAGES.dailyQuota(QUOTA, 2));

    await spent(owner.id, 0);
    expect(await (await remind(owner.token, event.id)).json()).toMatchObject({ reminded: 3 });
  });
});

describe(`the cap of ${PER_ADDRESS_PER_DAY} invitation e-mails an address receives a day, whoever sends them`, () => {
  it("invites the address a fourth time but does not mail it, and tells the inviter why", async () => {
    const address = uniqueEmail("popular");
    const organisers = await Promise.all(Array.from({ length: 4 }, () => organiser()));
    const answers = [];
    for (const { owner, event } of organisers) answers.push(await (await invite(owner.token, event.id, [address])).json());

    expect(answers.slice(0, 3).map((answer) => answer.unreachable)).toEqual([[], [], []]);
    expect(answers[3]).toEqual({
      invited: [address],
      alreadyInvited: [],
      unreachable: [{ email: address, reason: UNREACHABLE_REASONS.dailyCap }],
    });
    expect(await mailsTo(address)).toHaveLength(3);
    expect(await rsvpCount(organisers[3]!.event.id)).toBe(1);
  });

  it("holds when six organisers invite the same address at once: three mails", async () => {
    const address = uniqueEmail("raced");
    const organisers = await Promise.all(Array.from({ length: 6 }, () => organiser()));
    const answers = await Promise.all(organisers.map(async ({ owner, event }) => (await invite(owner.token, event.id, [address])).json()));
    expect(answers.filter((answer) => answer.unreachable.length === 0)).toHaveLength(3);
    expect(await mailsTo(address)).toHaveLength(3);
  });
});

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
