import { describe, expect, it } from "vitest";
import { programs } from "@worker/db/schema";
import { apiAs, errorOf } from "@worker/test/client";
import { db, makeEvent, makeUser } from "@worker/test/helpers";
import { experience } from "@worker/test/itinerary";
import { DAY, iso, todayUtc } from "@worker/test/time";

// Issue 8 §2: experience dates, clone dates and day dates are capped like activities: at most a year ahead.

const MESSAGE = "Experience date range is at most 1 year ahead";

const create = (token: string, start: number | string, end: number | string) =>
  apiAs(token).api.events.$post({
    form: {
      name: "Far away",
      isAIMode: "false",
      startIsoTime: typeof start === "string" ? start : iso(start),
      endIsoTime: typeof end === "string" ? end : iso(end),
    },
  });

describe("experience dates are at most a year ahead", () => {
  it("creates an experience whose last day is within a year", async () => {
    const owner = await makeUser();
    const response = await create(owner.token, todayUtc() + 300 * DAY, todayUtc() + 302 * DAY);
    expect(response.status).toBe(201);
  });

  it(`refuses an experience that ends more than a year ahead with '${MESSAGE}'`, async () => {
    const owner = await makeUser();
    for (const [start, end] of [
      [todayUtc() + 360 * DAY, todayUtc() + 370 * DAY],
      [todayUtc() + 400 * DAY, todayUtc() + 401 * DAY],
      ["9999-12-30T00:00:00.000Z", "9999-12-31T00:00:00.000Z"],
    ] as const) {
      const response = await create(owner.token, start, end);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe(MESSAGE);
    }
  });

  it(`refuses a clone that starts, or whose last day falls, more than a year ahead with '${MESSAGE}'`, async () => {
    const owner = await makeUser();
    const { event } = await experience(owner.id, 5);
    const clone = (startDateTime: string) =>
      apiAs(owner.token).api.events[":id"].clone.$post({ param: { id: event.id }, json: { startDateTime, privacy: "PRIVATE" } });
    for (const start of [iso(todayUtc() + 366 * DAY), "9999-01-01T00:00:00.000Z", iso(todayUtc() + 363 * DAY)]) {
      const response = await clone(start);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe(MESSAGE);
    }
    expect((await clone(iso(todayUtc() + 300 * DAY))).status).toBe(201);
  });

  it(`refuses to copy a day onto a date more than a year ahead with '${MESSAGE}'`, async () => {
    const owner = await makeUser();
    const start = todayUtc() + 365 * DAY;
    const event = await makeEvent(owner.id, { startTime: new Date(start), endTime: new Date(start + DAY) });
    const dayId = crypto.randomUUID();
    await db()
      .insert(programs)
      .values({ id: dayId, eventId: event.id, dayIndex: 0, date: iso(start).slice(0, 10), name: "Day 1" });
    const response = await apiAs(owner.token).api.events[":eventId"].programs[":dayId"].clone.$post({
      param: { eventId: event.id, dayId },
    });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(MESSAGE);
  });
});
