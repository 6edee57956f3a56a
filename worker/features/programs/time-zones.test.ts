import { describe, expect, it } from "vitest";
import { makeUser } from "@worker/test/helpers";
import { expectItineraryInvariants } from "@worker/test/itinerary-invariants";
import { at, zonedActivity, zonedExperience } from "@worker/test/zoned";
import { localDateTime } from "@worker/shared/time-zone";
import { activitiesOf, clone, reorder } from "./programs.test-support";

// Issue 20: moving a day moves its activities by whole days on their zone's wall clock, never by a fixed number of
// hours, so a 09:00 session stays 09:00 when its day moves past a clock change. Lisbon's clocks go forward on
// 28 March 2027 (00:00 UTC → 01:00 UTC+1) and back on 31 October 2027.

const LISBON = "Europe/Lisbon";
const wallClock = (activity: { startTime: Date; endTime: Date }, zone: string) => [
  localDateTime(activity.startTime.getTime(), zone),
  localDateTime(activity.endTime.getTime(), zone).time,
];

describe("reordering days across a clock change", () => {
  it("keeps a 09:00 session at 09:00 when its day moves past the clocks going forward", async () => {
    const owner = await makeUser();
    const { event, days } = await zonedExperience(owner.id, LISBON, "2027-03-26", 4);
    const session = await zonedActivity(event.id, days[0]!.id, at("2027-03-26", "09:00", LISBON), at("2027-03-26", "10:30", LISBON));

    const response = await reorder(event.id, owner.token, [days[1]!.id, days[2]!.id, days[3]!.id, days[0]!.id]);
    expect(response.status).toBe(200);
    const [moved] = await activitiesOf(days[0]!.id);
    expect(wallClock(moved!, LISBON)).toEqual([{ date: "2027-03-29", time: "09:00" }, "10:30"]);
    // Three days later by the calendar is an hour less than 72 hours by the clock.
    expect(moved!.startTime.getTime() - session.startTime.getTime()).toBe((3 * 24 - 1) * 3_600_000);
    const answered = (await response.json()).at(-1)!.activities[0]!;
    expect(answered).toMatchObject({ startDateTime: "2027-03-29T08:00:00.000Z", timeZone: LISBON });
    await expectItineraryInvariants(event.id);
  });

  it("keeps 09:00 at 09:00 when its day moves back before the clocks went back", async () => {
    const owner = await makeUser();
    const { event, days } = await zonedExperience(owner.id, LISBON, "2027-10-30", 3);
    await zonedActivity(event.id, days[2]!.id, at("2027-11-01", "09:00", LISBON), at("2027-11-01", "10:00", LISBON));

    expect((await reorder(event.id, owner.token, [days[2]!.id, days[0]!.id, days[1]!.id])).status).toBe(200);
    const [moved] = await activitiesOf(days[2]!.id);
    expect(wallClock(moved!, LISBON)).toEqual([{ date: "2027-10-30", time: "09:00" }, "10:00"]);
    expect(moved!.startTime.toISOString()).toBe("2027-10-30T08:00:00.000Z");
    await expectItineraryInvariants(event.id);
  });

  it("moves an activity with its own zone on its own clock", async () => {
    const owner = await makeUser();
    const { event, days } = await zonedExperience(owner.id, LISBON, "2027-03-12", 3);
    // New York moves its clocks on 14 March, Lisbon not until the 28th.
    await zonedActivity(
      event.id,
      days[0]!.id,
      at("2027-03-12", "18:00", "America/New_York"),
      at("2027-03-12", "19:00", "America/New_York"),
      {
        timeZone: "America/New_York",
      },
    );
    expect((await reorder(event.id, owner.token, [days[1]!.id, days[2]!.id, days[0]!.id])).status).toBe(200);
    const [moved] = await activitiesOf(days[0]!.id);
    expect(wallClock(moved!, "America/New_York")).toEqual([{ date: "2027-03-14", time: "18:00" }, "19:00"]);
    await expectItineraryInvariants(event.id);
  });
});

describe("copying a day across a clock change", () => {
  it("keeps a 09:00 session at 09:00 on the copy after the clocks go forward", async () => {
    const owner = await makeUser();
    const { event, days } = await zonedExperience(owner.id, LISBON, "2027-03-26", 2);
    await zonedActivity(event.id, days[0]!.id, at("2027-03-26", "09:00", LISBON), at("2027-03-26", "17:00", LISBON));

    const response = await clone(event.id, days[0]!.id, owner.token);
    expect(response.status).toBe(201);
    const copy = await response.json();
    expect(copy.date).toBe("2027-03-28");
    const [copied] = await activitiesOf(copy.id);
    expect(wallClock(copied!, LISBON)).toEqual([{ date: "2027-03-28", time: "09:00" }, "17:00"]);
    const stored = await expectItineraryInvariants(event.id);
    // The experience now ends at Lisbon's midnight after the copy, in summer time.
    expect(stored.event.endTime.toISOString()).toBe("2027-03-28T23:00:00.000Z");
  });
});
