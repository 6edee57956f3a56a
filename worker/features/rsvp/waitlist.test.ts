import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { changeLog, rsvps } from "@worker/db/schema";
import { MESSAGES } from "@worker/features/events/events.schema";
import { apiAs, errorOf } from "@worker/test/client";
import { addGuest, addHost, db, makeEvent, makeUser } from "@worker/test/helpers";
import { attendees, hostAction, ownRsvp, respond, storedRsvp } from "@worker/test/rsvp";
import { toldChanges } from "@worker/test/change-log";
import { WAITLIST_MESSAGES } from "./waitlist.schema";

type Person = Awaited<ReturnType<typeof makeUser>>;

const setCapacity = (token: string, id: string, capacity: unknown) =>
  apiAs(token).api.events[":id"].$put({ param: { id }, json: { capacity: capacity as number } });
const move = (token: string, eventId: string, rsvpId: string, position: number) =>
  apiAs(token).api.events[":eventId"].waitlist[":rsvpId"].position.$put({ param: { eventId, rsvpId }, json: { position } });
const promote = (token: string, eventId: string, rsvpId: string, overCapacity?: boolean) =>
  apiAs(token).api.events[":eventId"].waitlist[":rsvpId"].promote.$post({ param: { eventId, rsvpId }, json: { overCapacity } });

async function statusOf(eventId: string, person: Person) {
  return (await storedRsvp(eventId, person.id))!.status;
}

async function positionOf(eventId: string, person: Person) {
  const body = (await (await ownRsvp(eventId, person.token)).json()) as { rsvp: { waitlistPosition: number | null } | null };
  return body.rsvp?.waitlistPosition ?? null;
}

/** An OPEN experience with this capacity, already full of its own guests. */
async function fullExperience(capacity: number) {
  const owner = await makeUser();
  const event = await makeEvent(owner.id, { rsvpType: "OPEN", capacity });
  const going = await Promise.all(Array.from({ length: capacity }, () => makeUser()));
  for (const person of going) await addGuest(event.id, person);
  return { owner, event, going };
}

async function countYes(eventId: string) {
  return (
    await db()
      .select({ id: rsvps.id })
      .from(rsvps)
      .where(and(eq(rsvps.eventId, eventId), eq(rsvps.status, "YES")))
  ).length;
}

describe("Capacity", () => {
  it("refuses a capacity that is not a whole number from 1 with 'Capacity must be a whole number from 1, or empty for no limit'", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    for (const bad of [0, -3, 2.5, "ten"]) {
      const response = await setCapacity(owner.token, event.id, bad);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe(MESSAGES.capacity);
    }
    const set = await setCapacity(owner.token, event.id, 40);
    expect(set.status).toBe(200);
    expect(((await set.json()) as { capacity: number | null }).capacity).toBe(40);
    const cleared = await setCapacity(owner.token, event.id, null);
    expect(((await cleared.json()) as { capacity: number | null }).capacity).toBeNull();
  });

  it("lets the owner and hosts set the capacity, and no guest", async () => {
    const [owner, host, guest] = await Promise.all([makeUser(), makeUser(), makeUser()]);
    const event = await makeEvent(owner.id);
    await addHost(event.id, host.id);
    await addGuest(event.id, guest);
    expect((await setCapacity(host.token, event.id, 12)).status).toBe(200);
    expect((await setCapacity(guest.token, event.id, 99)).status).toBe(403);
    const detail = await apiAs(guest.token).api.events[":id"].$get({ param: { id: event.id } });
    expect(((await detail.json()) as { capacity: number | null }).capacity).toBe(12);
  });
});

describe("Waitlist", () => {
  it("puts a join on a full experience on the waitlist and shows each person their position", async () => {
    const { event } = await fullExperience(1);
    const [first, second] = await Promise.all([makeUser(), makeUser()]);
    const joined = await respond(event.id, first.token, "YES");
    expect(await joined.json()).toMatchObject({ status: "WAITLISTED", waitlistPosition: 1 });
    await respond(event.id, second.token, "YES");
    expect(await positionOf(event.id, second)).toBe(2);
    // Asking again keeps the place in the queue.
    expect(await (await respond(event.id, second.token, "YES")).json()).toMatchObject({ status: "WAITLISTED", waitlistPosition: 2 });
    // Leaving the waitlist moves everyone behind up.
    expect(await (await respond(event.id, first.token, "NO")).json()).toMatchObject({ status: "NO", waitlistPosition: null });
    expect(await positionOf(event.id, second)).toBe(1);
  });

  it("gives one of two joins at once for the last place a place, and the other the waitlist", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id, { rsvpType: "OPEN", capacity: 1 });
    const [a, b] = await Promise.all([makeUser(), makeUser()]);
    await Promise.all([respond(event.id, a.token, "YES"), respond(event.id, b.token, "YES")]);
    expect([await statusOf(event.id, a), await statusOf(event.id, b)].sort()).toEqual(["WAITLISTED", "YES"]);
  });

  it("never goes above capacity when 20 joins and 10 declines arrive at once, fills every freed place and keeps positions 1..n", async () => {
    const { owner, event, going } = await fullExperience(10);
    const joiners = await Promise.all(Array.from({ length: 20 }, () => makeUser()));
    const answers = await Promise.all([
      ...joiners.map((person) => respond(event.id, person.token, "YES")),
      ...going.map((person) => respond(event.id, person.token, "NO")),
    ]);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(await countYes(event.id)).toBe(10);
    const list = (await (await attendees(event.id, owner.token)).json()) as { status: string; waitlistPosition: number | null }[];
    const positions = list.filter((row) => row.status === "WAITLISTED").map((row) => row.waitlistPosition);
    expect(positions.sort((x, y) => x! - y!)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    expect(list.filter((row) => row.status !== "WAITLISTED").every((row) => row.waitlistPosition === null)).toBe(true);
  });

  it("promotes the first on the waitlist when a guest leaves, and tells them 'A place freed up: you're going'", async () => {
    const { event, going } = await fullExperience(1);
    const [first, second] = await Promise.all([makeUser({ firstName: "Ana", lastName: "Lima" }), makeUser()]);
    await respond(event.id, first.token, "YES");
    await respond(event.id, second.token, "YES");
    await respond(event.id, going[0]!.token, "NO");
    expect(await statusOf(event.id, first)).toBe("YES");
    expect(await positionOf(event.id, second)).toBe(1);
    const [row] = await db()
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.eventId, event.id), eq(changeLog.field, "promoted")));
    expect(row).toMatchObject({ recipientId: first.id, label: "Ana Lima", kind: "requests", urgent: true });
    expect(await toldChanges(event.id)).toContain("A place freed up: you're going");
  });

  it("promotes as many as the capacity grows by, and everyone waiting when it is cleared", async () => {
    const { owner, event } = await fullExperience(1);
    const waiting = await Promise.all(Array.from({ length: 4 }, () => makeUser()));
    for (const person of waiting) await respond(event.id, person.token, "YES");
    await setCapacity(owner.token, event.id, 3);
    expect(await Promise.all(waiting.map((person) => statusOf(event.id, person)))).toEqual(["YES", "YES", "WAITLISTED", "WAITLISTED"]);
    expect(await positionOf(event.id, waiting[3]!)).toBe(2);
    // A smaller capacity removes no one.
    await setCapacity(owner.token, event.id, 1);
    expect(await countYes(event.id)).toBe(3);
    await setCapacity(owner.token, event.id, null);
    expect(await countYes(event.id)).toBe(5);
  });

  it("approves requests on a full OPEN_INVITE experience onto the waitlist, and says so", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id, { rsvpType: "OPEN_INVITE", capacity: 1 });
    const [a, b] = await Promise.all([makeUser(), makeUser()]);
    const ids = [await addGuest(event.id, a, "HOST_APPROVAL_REQUESTED"), await addGuest(event.id, b, "HOST_APPROVAL_REQUESTED")];
    const approved = await hostAction(owner.token, event.id, "YES", ids);
    expect(await approved.json()).toEqual([
      { id: ids[0], status: "YES" },
      { id: ids[1], status: "WAITLISTED" },
    ]);
    const told = await toldChanges(event.id);
    expect(told).toContain("Your request to join was approved");
    expect(told).toContain("Your request to join was approved; the experience is full, so you're on the waitlist");
  });

  it("lets organisers move a waiting guest up, and promote by hand over capacity only when they confirm it", async () => {
    const { owner, event } = await fullExperience(1);
    const waiting = await Promise.all(Array.from({ length: 3 }, () => makeUser()));
    for (const person of waiting) await respond(event.id, person.token, "YES");
    const ids = await Promise.all(waiting.map(async (person) => (await storedRsvp(event.id, person.id))!.id));

    expect((await move(waiting[0]!.token, event.id, ids[2]!, 1)).status).toBe(403);
    const moved = await move(owner.token, event.id, ids[2]!, 1);
    expect(await moved.json()).toEqual({
      waitlist: [
        { id: ids[2], position: 1 },
        { id: ids[0], position: 2 },
        { id: ids[1], position: 3 },
      ],
    });
    expect(await positionOf(event.id, waiting[0]!)).toBe(2);

    const refused = await promote(owner.token, event.id, ids[1]!);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toBe(WAITLIST_MESSAGES.overCapacity(1));
    const promoted = await promote(owner.token, event.id, ids[1]!, true);
    expect(await promoted.json()).toEqual({
      waitlist: [
        { id: ids[2], position: 1 },
        { id: ids[0], position: 2 },
      ],
    });
    expect(await statusOf(event.id, waiting[1]!)).toBe("YES");
    expect(await toldChanges(event.id)).toContain("A place freed up: you're going");
    const again = await promote(owner.token, event.id, ids[1]!, true);
    expect(await errorOf(again)).toBe(WAITLIST_MESSAGES.notWaiting);
  });

  it("promotes when a host removes a guest or a going RSVP is deleted, and deleting the experience promotes no one", async () => {
    const { owner, event, going } = await fullExperience(2);
    const waiting = await Promise.all(Array.from({ length: 3 }, () => makeUser()));
    for (const person of waiting) await respond(event.id, person.token, "YES");
    const removed = await apiAs(owner.token).api.events[":eventId"].guests.$delete({
      param: { eventId: event.id },
      json: { users: [going[0]!.id] },
    });
    expect(removed.status).toBe(200);
    expect(await statusOf(event.id, waiting[0]!)).toBe("YES");
    await db()
      .delete(rsvps)
      .where(eq(rsvps.id, (await storedRsvp(event.id, going[1]!.id))!.id));
    expect(await statusOf(event.id, waiting[1]!)).toBe("YES");
    expect(await positionOf(event.id, waiting[2]!)).toBe(1);
    expect((await apiAs(owner.token).api.events[":id"].$delete({ param: { id: event.id } })).status).toBe(200);
  });
});
