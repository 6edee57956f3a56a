import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events, programs } from "@worker/db/schema";
import { apiAs, errorOf } from "@worker/test/client";
import { call, db, makeEvent, makeUser } from "@worker/test/helpers";
import { addActivity, cast, eventVersion, experience, publicItinerary } from "@worker/test/itinerary";
import { expectItineraryInvariants } from "@worker/test/itinerary-invariants";
import { messagesDuring } from "@worker/test/live";
import { DAY, dateOf, HOUR, todayUtc } from "@worker/test/time";

const addDay = (eventId: string, token: string) => apiAs(token).api.events[":eventId"].programs.$post({ param: { eventId } });
const storedDays = (eventId: string) => db().select().from(programs).where(eq(programs.eventId, eventId)).orderBy(asc(programs.dayIndex));
const eventRow = async (eventId: string) => (await db().select().from(events).where(eq(events.id, eventId)))[0]!;

describe("POST /api/events/:eventId/programs (add a day)", () => {
  it("appends an empty 'Day 4' on the date after the last day, moves the experience's end to cover it and answers it 201", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id, 3);
    await addActivity(event.id, days[2]!.id, start + 2 * DAY + 9 * HOUR);
    const before = await eventVersion(event.id);

    const response = await addDay(event.id, owner.token);

    expect(response.status).toBe(201);
    const day = await response.json();
    expect(day).toEqual({
      id: expect.any(String),
      eventId: event.id,
      date: dateOf(start + 3 * DAY),
      dayIndex: 3,
      name: "Day 4",
      subtitle: "",
      description: "",
      image: null,
      activities: [],
    });
    expect((await storedDays(event.id)).map((d) => d.id)).toEqual([...days.map((d) => d.id), day.id]);
    const row = await eventRow(event.id);
    expect([row.startTime.getTime(), row.endTime.getTime()]).toEqual([start, start + 4 * DAY]);
    expect(row.version).toBe(before + 1);
    expect((await publicItinerary(event.id)).programs.map((p) => p.name)).toEqual(["Day 1", "Day 2", "Day 3", "Day 4"]);
  });

  it("adds 'Day 1' on the experience's start date to an experience stored without days, never a 500", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);

    const response = await addDay(event.id, owner.token);

    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ date: dateOf(event.startTime.getTime()), dayIndex: 0, name: "Day 1" });
  });

  it("lets a host add a day and tells the event's open pages the itinerary changed", async () => {
    const { host, priv } = await cast();
    const messages = await messagesDuring(priv.event.id, host.token, async () => {
      expect((await addDay(priv.event.id, host.token)).status).toBe(201);
    });
    expect(messages).toEqual([{ type: "itinerary.changed", eventId: priv.event.id }]);
    expect(await storedDays(priv.event.id)).toHaveLength(4);
  });

  it("two days added at once become two distinct consecutive days", async () => {
    const owner = await makeUser();
    const { event, start } = await experience(owner.id, 2);

    const responses = await Promise.all([addDay(event.id, owner.token), addDay(event.id, owner.token)]);

    expect(responses.map((r) => r.status)).toEqual([201, 201]);
    const added = await Promise.all(responses.map((r) => r.json()));
    expect(added.map((d) => d.date).sort()).toEqual([dateOf(start + 2 * DAY), dateOf(start + 3 * DAY)]);
    expect(added.map((d) => d.name).sort()).toEqual(["Day 3", "Day 4"]);
    const stored = await expectItineraryInvariants(event.id);
    expect(stored.days).toHaveLength(4);
    expect(stored.event.endTime.getTime()).toBe(start + 4 * DAY);
  });

  it("refuses a day more than a year ahead with 'Experience date range is at most 1 year ahead', changing nothing", async () => {
    const owner = await makeUser();
    const start = todayUtc() + 364 * DAY;
    const { event } = await experience(owner.id, 2, { startTime: new Date(start) });
    const before = await eventRow(event.id);

    const response = await addDay(event.id, owner.token);

    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("Experience date range is at most 1 year ahead");
    expect(await storedDays(event.id)).toHaveLength(2);
    expect(await eventRow(event.id)).toEqual(before);
  });

  it("is for the owner and hosts only: 403 for guests and strangers of a public experience, 404 'Event not found' otherwise", async () => {
    const { guest, stranger, pub, priv } = await cast();
    for (const [eventId, token] of [
      [pub.event.id, guest.token],
      [priv.event.id, guest.token],
      [pub.event.id, stranger.token],
    ] as const) {
      const refused = await addDay(eventId, token);
      expect(refused.status).toBe(403);
      expect(await errorOf(refused)).toEqual(expect.any(String));
    }
    for (const eventId of [priv.event.id, crypto.randomUUID()]) {
      const hidden = await addDay(eventId, stranger.token);
      expect(hidden.status).toBe(404);
      expect(await errorOf(hidden)).toBe("Event not found");
    }
    expect((await addDay(pub.event.id, "")).status).toBe(401);
    expect(await storedDays(pub.event.id)).toHaveLength(3);
    expect(await storedDays(priv.event.id)).toHaveLength(3);
  });

  it("answers 400 'This address is not valid: an id in it is too long' for an event id that cannot be one", async () => {
    const owner = await makeUser();
    const response = await call(`/api/events/${"x".repeat(101)}/programs`, { method: "POST", token: owner.token });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("This address is not valid: an id in it is too long");
  });
});
