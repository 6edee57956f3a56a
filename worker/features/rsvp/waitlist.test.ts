import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { changeLog, rsvps, checkinLists, checkins } from "@worker/db/schema";
import { EXPERIENCE_MESSAGES } from "@worker/features/experiences/experiences.schema";
import { toldChanges } from "@worker/test/change-log";
import { apiAs, errorOf } from "@worker/test/client";
import { csvRows, sheetRows } from "@worker/test/export-file";
import { addGuest, addHost, db, makeEvent, makeUser } from "@worker/test/helpers";
import { crew } from "@worker/test/people";
import { attendees, hostAction, ownRsvp, respond, storedRsvp } from "@worker/test/rsvp";
import { ATTENDEE_EXPORT_HEADER, type AttendeesExportQuery } from "./export.schema";
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
      expect(await errorOf(response)).toBe(EXPERIENCE_MESSAGES.capacity);
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

// Issue 25, 'Exports': the attendee list as CSV and .xlsx, escaped against formula injection, read back by a CSV parser
// and by our own .xlsx reader.

type Query = Partial<Omit<AttendeesExportQuery, "tag">> & { tag?: string[] };

const exportOf = (token: string, eventId: string, query: Query = {}) =>
  apiAs(token).api.rsvp.event[":eventId"].export.$get({ param: { eventId }, query: { format: "csv", ...query } });

/** Names a spreadsheet would run, and names that only test the quoting and the encoding. */
const DANGEROUS = ['=HYPERLINK("http://x")', "+1", "-2", "@SUM(A1)", "\tx", "\rx", "\u0000=1+1"];
const AWKWARD = ['Say "hi"', "Comma, Inc", "Two\nlines", "سارة", "Zoë 🎉"];

async function guestsNamed(names: string[]) {
  const owner = await makeUser({ firstName: "Olga", lastName: "" });
  const event = await makeEvent(owner.id, { name: "Sommet d'été", timeZone: "America/New_York" });
  for (const name of names) await addGuest(event.id, await makeUser({ firstName: name, lastName: "" }));
  return { owner, event };
}

/** A dangerous name quoted, after the characters no cell holds are dropped (so '\u0000=1+1' is guarded as '=1+1'). */
const expectedName = (name: string) => (DANGEROUS.includes(name) ? `'${name.replace("\u0000", "")}` : name);

describe("GET /api/rsvp/event/{eventId}/export", () => {
  it("writes a CSV whose cells a parser reads back exactly, a formula-like name with a leading quote", async () => {
    const { owner, event } = await guestsNamed([...DANGEROUS, ...AWKWARD]);
    const response = await exportOf(owner.token, event.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const [header, ...rows] = await csvRows(response);
    expect(header).toEqual(ATTENDEE_EXPORT_HEADER);
    expect(rows.map((row) => row[0]).sort()).toEqual([...DANGEROUS, ...AWKWARD].map(expectedName).sort());
  });

  it("writes an .xlsx of text cells that our reader reads back exactly, a formula-like name with a leading quote", async () => {
    const { owner, event } = await guestsNamed([...DANGEROUS, ...AWKWARD]);
    const response = await exportOf(owner.token, event.id, { format: "xlsx" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const [header, ...rows] = await sheetRows(response);
    expect(header).toEqual(ATTENDEE_EXPORT_HEADER);
    expect(rows.map((row) => row[0]).sort()).toEqual([...DANGEROUS, ...AWKWARD].map(expectedName).sort());
  });

  it("names the file '{experience} attendees {date}.csv', the accented name in RFC 5987's filename*", async () => {
    const { owner, event } = await guestsNamed([]);
    const response = await exportOf(owner.token, event.id);
    const disposition = response.headers.get("Content-Disposition")!;
    const date = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
    expect(disposition).toBe(
      `attachment; filename="Sommet d'_t_ attendees ${date}.csv"; filename*=UTF-8''${encodeURIComponent(`Sommet d'été attendees ${date}.csv`).replace("'", "%27")}`,
    );
  });

  it("holds the rows of the group, search and tags asked for, with e-mail, organisation, status, tags and group", async () => {
    const { event, owner, guest, invited, asking } = await crew();
    const ana = await makeUser({ firstName: "Ana", lastName: "Lima", organisation: "Acme" });
    await addGuest(event.id, ana);
    await db()
      .update(rsvps)
      .set({ tags: ["VIP"] })
      .where(eq(rsvps.userId, ana.id));

    const attending = await csvRows(await exportOf(owner.token, event.id, { group: "ATTENDING" }));
    expect(
      attending
        .slice(1)
        .map((row) => row[1])
        .sort(),
    ).not.toContain(invited.email);
    expect(attending.slice(1).map((row) => row[1])).toContain(guest.email);
    expect(attending.slice(1).every((row) => row[3] === "Attending" && row[5] === "Attending")).toBe(true);

    const searched = await csvRows(await exportOf(owner.token, event.id, { search: "acme" }));
    expect(searched.slice(1)).toEqual([["Ana Lima", ana.email, "Acme", "Attending", "VIP", "Attending", "", expect.any(String)]]);
    const tagged = await csvRows(await exportOf(owner.token, event.id, { tag: ["VIP", "nobody"] }));
    expect(tagged.slice(1).map((row) => row[0])).toEqual(["Ana Lima"]);
    const requests = await csvRows(await exportOf(owner.token, event.id, { group: "HOST_APPROVAL_REQUESTED" }));
    expect(requests.slice(1).map((row) => [row[1], row[3], row[5]])).toEqual([[asking.email, "Approval Pending", "Approval Requests"]]);
  });

  it("answers a search of 200 characters and one of 200 '%' as typed, and refuses 500 characters or 300 '%' in words", async () => {
    const long = `Acme ${"worldwide holdings ".repeat(11)}`.slice(0, 200);
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    const pasted = await makeUser({ firstName: "Ana", lastName: "Lima", organisation: `${long} Ltd` });
    await addGuest(event.id, pasted);
    expect((await csvRows(await exportOf(owner.token, event.id, { search: long }))).slice(1).map((row) => row[1])).toEqual([pasted.email]);
    expect(await csvRows(await exportOf(owner.token, event.id, { search: "%".repeat(200) }))).toEqual([ATTENDEE_EXPORT_HEADER]);
    for (const search of ["x".repeat(500), "%".repeat(300)]) {
      const response = await exportOf(owner.token, event.id, { search });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "search must be at most 200 characters" });
    }
  });

  it("says when each guest was last admitted, on the experience's clock with its zone, an undone admission left out", async () => {
    const { owner, event } = await guestsNamed([]);
    const ana = await makeUser({ firstName: "Ana", lastName: "Lima" });
    const bo = await makeUser({ firstName: "Bo", lastName: "Berg" });
    const [anaRsvp, boRsvp] = [await addGuest(event.id, ana), await addGuest(event.id, bo)];
    const listId = crypto.randomUUID();
    await db().insert(checkinLists).values({ id: listId, eventId: event.id, name: "Gate" });
    const scan = (rsvpId: string, at: string, undone = false) => ({
      id: crypto.randomUUID(),
      eventId: event.id,
      listId,
      passSerial: rsvpId,
      rsvpId,
      nonce: crypto.randomUUID(),
      scannedAt: new Date(at),
      device: "Gate 1",
      byName: "Olga",
      undoneAt: undone ? new Date(at) : null,
    });
    await db()
      .insert(checkins)
      .values([scan(anaRsvp, "2027-01-10T14:00:00Z"), scan(anaRsvp, "2027-01-11T15:30:00Z"), scan(boRsvp, "2027-07-01T13:00:00Z", true)]);
    const rows = await csvRows(await exportOf(owner.token, event.id));
    const checkedIn = Object.fromEntries(rows.slice(1).map((row) => [row[0], row[6]]));
    expect(checkedIn).toEqual({ "Ana Lima": "Jan 11, 2027, 10:30 AM EST", "Bo Berg": "" });
    expect(rows.find((row) => row[0] === "Ana Lima")![7]).toMatch(/ E[SD]T$/);
  });

  it("is for the owner and hosts only: a guest gets 403, a stranger 404 for a private experience, 403 for a public one", async () => {
    const { event, host, guest, stranger } = await crew({ privacy: "PRIVATE" });
    expect((await exportOf(host.token, event.id, { format: "xlsx" })).status).toBe(200);
    expect((await exportOf(guest.token, event.id)).status).toBe(403);
    expect((await exportOf(stranger.token, event.id)).status).toBe(404);
    const open = await crew({ privacy: "PUBLIC" });
    expect((await exportOf(open.stranger.token, open.event.id)).status).toBe(403);
  });

  it("refuses another format with 'format must be csv or xlsx'", async () => {
    const { event, owner } = await crew();
    const response = await apiAs(owner.token).api.rsvp.event[":eventId"].export.$get({
      param: { eventId: event.id },
      query: { format: "pdf" as "csv" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "format must be csv or xlsx" });
  });
});
