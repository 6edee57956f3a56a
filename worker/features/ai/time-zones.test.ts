import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activities, programs } from "@worker/db/schema";
import { createEvent } from "@worker/test/experiences";
import { db, makeUser } from "@worker/test/helpers";
import { expectItineraryInvariants } from "@worker/test/itinerary-invariants";
import { DAY } from "@worker/test/time";
import { nextClockChange } from "@worker/test/zoned";
import { addDays, localDate, localDateTime } from "@worker/shared/time-zone";

// Issue 20: the times of a prompt or a PDF are read on the experience's clock: '09:00 Breakfast' in a Tokyo
// experience is 09:00 in Tokyo.

/** Each stored activity as "date HH:mm–HH:mm name (day N)" on `zone`'s clock. */
async function onClock(eventId: string, zone: string) {
  const [days, rows] = await db().batch([
    db().select().from(programs).where(eq(programs.eventId, eventId)).orderBy(asc(programs.dayIndex)),
    db().select().from(activities).where(eq(activities.eventId, eventId)).orderBy(asc(activities.startTime)),
  ]);
  return rows.map((a) => {
    const start = localDateTime(a.startTime.getTime(), zone);
    const day = days.findIndex((d) => d.id === a.programId) + 1;
    return `${start.date} ${start.time}–${localDateTime(a.endTime.getTime(), zone).time} ${a.name} (day ${day})`;
  });
}

describe("generated times in the experience's zone", () => {
  it("reads '09:00 Breakfast' in a Tokyo experience as 09:00 in Tokyo, each on its local day", async () => {
    const owner = await makeUser();
    const zone = "Asia/Tokyo";
    const first = localDate(Date.now() + 3 * DAY, zone);
    const prompt = "Day 1\n09:00 Breakfast at the hotel\nDay 2\n07:30 Early train to Kyoto";
    const response = await createEvent(owner.token, {
      startIsoTime: first,
      endIsoTime: addDays(first, 2),
      timeZone: zone,
      isAIMode: "true",
      prompt,
    });
    expect(response.status).toBe(201);
    const { id } = await response.json();
    expect(await onClock(id, zone)).toEqual([
      `${first} 09:00–10:00 Breakfast at the hotel (day 1)`,
      `${addDays(first, 1)} 07:30–08:30 Early train to Kyoto (day 2)`,
    ]);
    // 07:30 in Tokyo is the evening before in UTC, yet the train is on day 2.
    const [, train] = await db().select().from(activities).where(eq(activities.eventId, id)).orderBy(asc(activities.startTime));
    expect(train!.startTime.toISOString()).toBe(`${first}T22:30:00.000Z`);
    await expectItineraryInvariants(id);
  });

  it("reads a time the clocks skip as the clock shows it after the jump, so the itinerary still holds", async () => {
    const owner = await makeUser();
    const zone = "America/New_York";
    const change = nextClockChange(zone, "forward");
    const response = await createEvent(owner.token, {
      startIsoTime: change,
      endIsoTime: addDays(change, 1),
      timeZone: zone,
      isAIMode: "true",
      prompt: "Day 1\n02:30 Night bus\n09:00 Breakfast",
    });
    expect(response.status).toBe(201);
    const { id } = await response.json();
    expect(await onClock(id, zone)).toEqual([`${change} 03:30–04:30 Night bus (day 1)`, `${change} 09:00–10:00 Breakfast (day 1)`]);
    await expectItineraryInvariants(id);
  });
});
