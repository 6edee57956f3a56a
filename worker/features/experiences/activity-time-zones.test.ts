import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activities } from "@worker/db/schema";
import { TIME_ZONE_MESSAGE } from "@worker/shared/time-zone.schema";
import { errorOf } from "@worker/test/client";
import { db, makeUser } from "@worker/test/helpers";
import { at, zonedActivity, zonedExperience } from "@worker/test/zoned";
import { ACTIVITY_MESSAGES } from "./activities.schema";
import { activityRow, create, get, put } from "./activities.test-support";

// Issue 20: times stay instants; the API also takes a wall-clock time without offset, read in the activity's zone (its
// own, else the experience's), and an activity belongs to the day of its local start date there.

const iso = (ms: number) => new Date(ms).toISOString();
const walk = { name: "Walk", description: "Along the river" };

describe("activity times in the experience's zone", () => {
  it("reads a date-time without offset on the experience's clock, and answers the instant with the zone", async () => {
    const owner = await makeUser();
    const { event, days } = await zonedExperience(owner.id, "Europe/Lisbon", "2027-07-12");
    const response = await create(event.id, days[0]!.id, owner.token, {
      ...walk,
      startIsoTime: "2027-07-12T09:00",
      endIsoTime: "2027-07-12T10:30",
    });
    expect(response.status).toBe(201);
    // Lisbon keeps summer time (UTC+1) in July.
    expect(await response.json()).toMatchObject({
      startDateTime: "2027-07-12T08:00:00.000Z",
      endDateTime: "2027-07-12T09:30:00.000Z",
      timeZone: "Europe/Lisbon",
      hasOwnTimeZone: false,
    });
  });

  it("still takes instants, with Z or an offset", async () => {
    const owner = await makeUser();
    const { event, days } = await zonedExperience(owner.id, "Europe/Lisbon", "2027-07-12");
    const response = await create(event.id, days[0]!.id, owner.token, {
      ...walk,
      startIsoTime: "2027-07-12T08:00:00Z",
      endIsoTime: "2027-07-12T11:00:00+02:00",
    });
    expect(await response.json()).toMatchObject({ startDateTime: "2027-07-12T08:00:00.000Z", endDateTime: "2027-07-12T09:00:00.000Z" });
  });

  it("puts an activity on the day of its local start date: 07:00 in Tokyo is the evening before in UTC", async () => {
    const owner = await makeUser();
    const { event, days } = await zonedExperience(owner.id, "Asia/Tokyo", "2027-05-10");
    const breakfast = { ...walk, startIsoTime: "2027-05-11T07:00", endIsoTime: "2027-05-11T08:00" };
    const onDay2 = await create(event.id, days[1]!.id, owner.token, breakfast);
    expect(onDay2.status).toBe(201);
    expect(await onDay2.json()).toMatchObject({ programId: days[1]!.id, startDateTime: "2027-05-10T22:00:00.000Z" });
    // By its UTC date it would be day 1's: refused there.
    const onDay1 = await create(event.id, days[0]!.id, owner.token, { ...breakfast, startIsoTime: "2027-05-10T22:00:00Z" });
    expect(onDay1.status).toBe(400);
    expect(await errorOf(onDay1)).toBe(ACTIVITY_MESSAGES.onItsDay);
  });

  it("refuses a local time the clocks skip with 400 and the gap in words, writing nothing", async () => {
    const owner = await makeUser();
    const { event, days } = await zonedExperience(owner.id, "America/New_York", "2027-03-13");
    const response = await create(event.id, days[1]!.id, owner.token, {
      ...walk,
      startIsoTime: "2027-03-14T02:30",
      endIsoTime: "2027-03-14T04:00",
    });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("2:30 AM does not exist on Mar 14, 2027 in New York: clocks go forward");
    expect(await db().select().from(activities).where(eq(activities.eventId, event.id))).toEqual([]);
  });

  it("takes the first of a local time the clocks repeat", async () => {
    const owner = await makeUser();
    const { event, days } = await zonedExperience(owner.id, "America/New_York", "2027-11-06");
    const response = await create(event.id, days[1]!.id, owner.token, {
      ...walk,
      startIsoTime: "2027-11-07T01:30",
      endIsoTime: "2027-11-07T03:00",
    });
    expect(response.status).toBe(201);
    // 01:30 happens first in summer time (UTC−4), then again an hour later in standard time.
    expect((await response.json()).startDateTime).toBe("2027-11-07T05:30:00.000Z");
  });
});

describe("an activity with its own zone", () => {
  it("reads its times in its own zone and answers that zone, until it is set back to follow the experience", async () => {
    const owner = await makeUser();
    const { event, days } = await zonedExperience(owner.id, "Europe/Lisbon", "2027-05-10");
    // A flight that lands in Tokyo: its arrival is on Tokyo's clock.
    const created = await create(event.id, days[0]!.id, owner.token, {
      name: "Flight to Tokyo",
      description: "TP 1234",
      startIsoTime: "2027-05-10T18:00",
      endIsoTime: "2027-05-10T20:00",
      timeZone: "Asia/Tokyo",
    });
    expect(created.status).toBe(201);
    const flight = await created.json();
    expect(flight).toMatchObject({ startDateTime: "2027-05-10T09:00:00.000Z", timeZone: "Asia/Tokyo", hasOwnTimeZone: true });
    expect(await activityRow(flight.id)).toMatchObject({ timeZone: "Asia/Tokyo" });

    const followed = await put(event.id, days[0]!.id, flight.id, owner.token, {
      timeZone: null,
      startIsoTime: "2027-05-10T10:00",
      endIsoTime: "2027-05-10T12:00",
    });
    expect(followed.status).toBe(200);
    expect(await followed.json()).toMatchObject({
      startDateTime: "2027-05-10T09:00:00.000Z",
      timeZone: "Europe/Lisbon",
      hasOwnTimeZone: false,
    });
    expect(await activityRow(flight.id)).toMatchObject({ timeZone: null });
  });

  it("keeps its moment when only its zone changes, and refuses a zone that puts its start on another day", async () => {
    const owner = await makeUser();
    const { event, days } = await zonedExperience(owner.id, "Europe/Lisbon", "2027-05-10");
    const late = await zonedActivity(
      event.id,
      days[0]!.id,
      at("2027-05-10", "20:00", "Europe/Lisbon"),
      at("2027-05-10", "21:00", "Europe/Lisbon"),
    );
    const inNewYork = await put(event.id, days[0]!.id, late.id, owner.token, { timeZone: "America/New_York" });
    expect(await inNewYork.json()).toMatchObject({ startDateTime: iso(late.startTime.getTime()), timeZone: "America/New_York" });
    // 20:00 in Lisbon is already the next day in Tokyo.
    const inTokyo = await put(event.id, days[0]!.id, late.id, owner.token, { timeZone: "Asia/Tokyo" });
    expect(inTokyo.status).toBe(400);
    expect(await errorOf(inTokyo)).toBe(ACTIVITY_MESSAGES.onItsDay);
    expect((await (await get(event.id, days[0]!.id, late.id, owner.token)).json()).timeZone).toBe("America/New_York");
  });

  it(`refuses a zone that is not one with '${TIME_ZONE_MESSAGE}'`, async () => {
    const owner = await makeUser();
    const { event, days } = await zonedExperience(owner.id, "Europe/Lisbon", "2027-05-10");
    const created = await create(event.id, days[0]!.id, owner.token, {
      ...walk,
      startIsoTime: "2027-05-10T10:00",
      endIsoTime: "2027-05-10T11:00",
      timeZone: "Lisbon",
    });
    expect(created.status).toBe(400);
    expect(await errorOf(created)).toBe(TIME_ZONE_MESSAGE);
    const row = await zonedActivity(
      event.id,
      days[0]!.id,
      at("2027-05-10", "10:00", "Europe/Lisbon"),
      at("2027-05-10", "11:00", "Europe/Lisbon"),
    );
    const changed = await put(event.id, days[0]!.id, row.id, owner.token, { timeZone: "Nowhere/Special" });
    expect(changed.status).toBe(400);
    expect(await errorOf(changed)).toBe(TIME_ZONE_MESSAGE);
  });
});
