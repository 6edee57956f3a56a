import type { BatchItem } from "drizzle-orm/batch";
import { describe, expect, it } from "vitest";
import { changeLog } from "@worker/db/schema";
import { chunkedInserts } from "@worker/lib/batch";
import { loggedChanges } from "@worker/test/change-log";
import { apiAs, errorOf } from "@worker/test/client";
import { addGuest, addHost, db, makeUser } from "@worker/test/helpers";
import { addActivity, cast, experience } from "@worker/test/itinerary";
import { removeGuests } from "@worker/test/people";
import { HOUR, iso } from "@worker/test/time";
import { HISTORY_PAGE_SIZE, type HistoryQuery } from "./history.schema";

// Issue 25, 'Presence and history': the organisers' History panel reads the change log, newest first, by day and person.

const history = (token: string, eventId: string, query: HistoryQuery = {}) =>
  apiAs(token).api.events[":eventId"].history.$get({
    param: { eventId },
    query: { ...query, cursor: query.cursor === undefined ? undefined : String(query.cursor) },
  });

const moveActivity = (token: string, eventId: string, dayId: string, activityId: string, start: number) =>
  apiAs(token).api.events[":eventId"].programs[":dayId"].activity[":activityId"].$put({
    param: { eventId, dayId, activityId },
    json: { startIsoTime: iso(start), endIsoTime: iso(start + HOUR) },
  });

/** An experience in New York whose first day has the coach at 09:00 AM EST (14:00 UTC), with a host. */
async function newYork() {
  const [owner, host] = await Promise.all([
    makeUser({ firstName: "Olga", lastName: "Owner" }),
    makeUser({ firstName: "Hugo", lastName: "Host" }),
  ]);
  const trip = await experience(owner.id, 2, { timeZone: "America/New_York", startTime: new Date(Date.UTC(2027, 0, 10)) });
  await addHost(trip.event.id, host.id);
  const coach = await addActivity(trip.event.id, trip.days[0]!.id, trip.start + 14 * HOUR, { name: "Coach to the lake" });
  return { owner, host, coach, ...trip };
}

describe("GET /api/events/{eventId}/history", () => {
  it("lists 'Coach to the lake: 09:00 AM → 10:00 AM EST' with the organiser's name, the day, and the old and new values in the zone", async () => {
    const { host, owner, event, days, coach, start } = await newYork();
    expect((await moveActivity(host.token, event.id, days[0]!.id, coach.id, start + 15 * HOUR)).status).toBe(200);

    const response = await history(owner.token, event.id);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.changes).toHaveLength(1);
    expect(body.changes[0]).toMatchObject({
      person: { guid: host.id, firstName: "Hugo", lastName: "Host" },
      subjectType: "activity",
      field: "start",
      label: "Coach to the lake",
      dayId: days[0]!.id,
      text: "Coach to the lake: 09:00 AM → 10:00 AM EST",
      from: "Jan 10, 2027, 09:00 AM EST",
      to: "Jan 10, 2027, 10:00 AM EST",
    });
    expect(body.people).toEqual([{ guid: host.id, firstName: "Hugo", lastName: "Host", profilePic: null }]);
    expect(body.days.map((day) => day.id)).toEqual(days.map((day) => day.id));
    expect(body.nextCursor).toBeNull();
  });

  it("tells a decision from the organiser's side: 'Removed Ana Lima from the guest list'", async () => {
    const { owner, event } = await newYork();
    const ana = await makeUser({ firstName: "Ana", lastName: "Lima" });
    await addGuest(event.id, ana);
    expect((await removeGuests(owner.token, event.id, [ana.id])).status).toBe(200);
    const body = await (await history(owner.token, event.id)).json();
    expect(body.changes.map((change) => change.text)).toEqual(["Removed Ana Lima from the guest list"]);
    expect(body.changes[0]).toMatchObject({ dayId: null, from: null, to: null });
  });

  it("lists newest first, and filters by day and by person", async () => {
    const { owner, host, event, days, coach, start } = await newYork();
    const boat = await addActivity(event.id, days[1]!.id, start + 24 * HOUR + 15 * HOUR, { name: "Boat" });
    expect((await moveActivity(host.token, event.id, days[0]!.id, coach.id, start + 15 * HOUR)).status).toBe(200);
    expect((await moveActivity(owner.token, event.id, days[1]!.id, boat.id, start + 24 * HOUR + 16 * HOUR)).status).toBe(200);
    expect((await moveActivity(host.token, event.id, days[1]!.id, boat.id, start + 24 * HOUR + 17 * HOUR)).status).toBe(200);

    const all = await (await history(owner.token, event.id)).json();
    const seqs = all.changes.map((change) => change.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    expect(all.changes.map((change) => [change.label, change.person?.firstName, change.to])).toEqual([
      ["Boat", "Hugo", "Jan 11, 2027, 12:00 PM EST"],
      ["Boat", "Olga", "Jan 11, 2027, 11:00 AM EST"],
      ["Coach to the lake", "Hugo", "Jan 10, 2027, 10:00 AM EST"],
    ]);

    const secondDay = await (await history(owner.token, event.id, { day: days[1]!.id })).json();
    expect(secondDay.changes.map((change) => change.person?.firstName)).toEqual(["Hugo", "Olga"]);
    const byHugo = await (await history(owner.token, event.id, { person: host.id })).json();
    expect(byHugo.changes.map((change) => change.label)).toEqual(["Boat", "Coach to the lake"]);
    const both = await (await history(owner.token, event.id, { day: days[0]!.id, person: owner.id })).json();
    expect(both.changes).toEqual([]);
  });

  it(`pages ${HISTORY_PAGE_SIZE} at a time with the cursor, every change once`, async () => {
    const { owner, event, coach, days } = await newYork();
    const total = HISTORY_PAGE_SIZE + 5;
    await db().batch(
      chunkedInserts(
        db(),
        changeLog,
        Array.from({ length: total }, (_, i) => ({
          eventId: event.id,
          actorId: owner.id,
          kind: "itinerary" as const,
          subjectType: "activity" as const,
          subjectId: coach.id,
          programId: days[0]!.id,
          field: "location" as const,
          label: "Coach to the lake",
          oldValue: `Place ${i}`,
          newValue: `Place ${i + 1}`,
          recipientId: null,
          urgent: false,
        })),
      ) as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]],
    );
    const first = await (await history(owner.token, event.id)).json();
    expect(first.changes).toHaveLength(HISTORY_PAGE_SIZE);
    expect(first.changes[0]!.text).toBe(`Coach to the lake: Place ${total - 1} → Place ${total}`);
    expect(first.nextCursor).toBe(first.changes.at(-1)!.seq);
    const second = await (await history(owner.token, event.id, { cursor: first.nextCursor! })).json();
    expect(second.changes).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const seen = [...first.changes, ...second.changes].map((change) => change.seq);
    expect(new Set(seen).size).toBe(total);
    expect((await loggedChanges(event.id)).map((row) => row.seq).sort((a, b) => b - a)).toEqual(seen);
  });

  it("is for the owner and hosts only: a guest gets 403, a stranger 404 for a private experience, 403 for a public one", async () => {
    const { owner, host, guest, stranger, pub, priv } = await cast();
    expect((await history(owner.token, priv.event.id)).status).toBe(200);
    expect((await history(host.token, priv.event.id)).status).toBe(200);
    const refused = await history(guest.token, priv.event.id);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toBeTruthy();
    expect((await history(stranger.token, priv.event.id)).status).toBe(404);
    expect((await history(stranger.token, pub.event.id)).status).toBe(403);
  });

  it("refuses a cursor that is not a whole number with 'cursor must be a whole number'", async () => {
    const { owner, event } = await newYork();
    const response = await apiAs(owner.token).api.events[":eventId"].history.$get({
      param: { eventId: event.id },
      query: { cursor: "1.5" },
    });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("cursor must be a whole number");
  });
});
