import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events, programs } from "@worker/db/schema";
import { apiAs, errorOf } from "@worker/test/client";
import { PNG } from "@worker/test/files";
import { call, db, makeEvent, makeUser } from "@worker/test/helpers";
import { addActivity, cast, eventVersion, experience, publicItinerary, storedImage } from "@worker/test/itinerary";
import { expectItineraryInvariants, outcomes } from "@worker/test/itinerary-invariants";
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

// Spec of issue 8 §2: requests fired at once, then the invariants read back from D1 and R2.

const daysOf = (token: string) => apiAs(token).api.events[":eventId"].programs;
const reorder = (eventId: string, token: string, programIds: string[]) =>
  daysOf(token).reorder.$post({ param: { eventId }, json: { programIds } });
const copy = (eventId: string, dayId: string, token: string) => daysOf(token)[":dayId"].clone.$post({ param: { eventId, dayId } });
const remove = (eventId: string, dayId: string, token: string) => daysOf(token)[":dayId"].$delete({ param: { eventId, dayId } });

/** An experience whose days each hold an activity at 09:00 on their date, and an uploaded picture on day and activity. */
async function furnished(ownerId: string, dayCount: number) {
  const trip = await experience(ownerId, dayCount);
  for (const [i, day] of trip.days.entries()) {
    await db()
      .update(programs)
      .set({ image: await storedImage(trip.event.id) })
      .where(eq(programs.id, day.id));
    await addActivity(trip.event.id, day.id, trip.start + i * DAY + 9 * HOUR, { image: await storedImage(trip.event.id) });
  }
  return trip;
}

/** A different order of the ids for each n: rotated by n, reversed when n is odd. */
const shuffled = (ids: string[], n: number) => {
  const rotated = [...ids.slice(n % ids.length), ...ids.slice(0, n % ids.length)];
  return n % 2 ? rotated.reverse() : rotated;
};

describe("concurrent writes to the days of one experience", () => {
  it("20 reorders of a 5-day experience at once: each answers 200 or 409, one day per date, activities stay on their days, and the last order that landed is stored", async () => {
    const owner = await makeUser();
    const { event, days } = await furnished(owner.id, 5);
    const ids = days.map((d) => d.id);
    const orders = Array.from({ length: 20 }, (_, n) => shuffled(ids, n + 1));

    const responses = await Promise.all(orders.map((programIds) => reorder(event.id, owner.token, programIds)));

    await outcomes(responses, 200);
    const stored = await expectItineraryInvariants(event.id);
    expect(stored.days).toHaveLength(5);
    const landed = orders.filter((_, i) => responses[i]!.status === 200).map((order) => order.join());
    expect(landed).toContain(stored.days.map((d) => d.id).join());
  });

  it("10 copies of a day at once: each answers 201 or 409, every copy gets its own date, dayIndex and image files", async () => {
    const owner = await makeUser();
    const { event, days } = await furnished(owner.id, 3);

    const responses = await Promise.all(Array.from({ length: 10 }, () => copy(event.id, days[0]!.id, owner.token)));

    const seen = await outcomes(responses, 201);
    const stored = await expectItineraryInvariants(event.id);
    const copies = seen.filter((s) => s === 201).length;
    expect(stored.days).toHaveLength(3 + copies);
    expect(stored.activities).toHaveLength(3 + copies);
    expect(stored.event.endTime.getTime()).toBe(Date.parse(`${stored.days.at(-1)!.date}T00:00:00Z`) + DAY);
  });

  it("deleting all 3 days at once leaves at least one day; the others answer 200, 409 or 'An experience needs at least one day'", async () => {
    const owner = await makeUser();
    const { event, days } = await furnished(owner.id, 3);

    const responses = await Promise.all(days.map((day) => remove(event.id, day.id, owner.token)));

    const seen = await outcomes(responses, 200, ["An experience needs at least one day"]);
    const stored = await expectItineraryInvariants(event.id);
    expect(stored.days.length).toBe(3 - seen.filter((s) => s === 200).length);
    expect(stored.days.length).toBeGreaterThanOrEqual(1);
    expect(stored.event.startTime.toISOString().slice(0, 10)).toBe(stored.days[0]!.date);
  });

  it("copies, deletes, reorders and picture changes mixed at once keep every invariant", async () => {
    const owner = await makeUser();
    const { event, days } = await furnished(owner.id, 4);
    const requests = [
      ...days.map((day) => copy(event.id, day.id, owner.token)),
      remove(event.id, days[1]!.id, owner.token),
      remove(event.id, days[2]!.id, owner.token),
      reorder(event.id, owner.token, [...days.map((d) => d.id)].reverse()),
      ...days.map((day) =>
        daysOf(owner.token)[":dayId"].image.$post({
          param: { eventId: event.id, dayId: day.id },
          form: { file: new File([PNG], "p.png") },
        }),
      ),
      ...days.map((day) => daysOf(owner.token)[":dayId"].$put({ param: { eventId: event.id, dayId: day.id }, json: { image: null } })),
    ];

    const responses = await Promise.all(requests);

    for (const response of responses) expect([200, 201, 400, 404, 409], await response.clone().text()).toContain(response.status);
    await expectItineraryInvariants(event.id);
  });
});
