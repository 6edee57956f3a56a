import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { apiAs, errorOf } from "@worker/test/client";
import { makeUser } from "@worker/test/helpers";
import { at, zonedActivity, zonedExperience } from "@worker/test/zoned";
import { localDateTime } from "@worker/shared/time-zone";

// Issue 20: the calendar file says the same moments as the API, read back by a real iCalendar parser (ical.js), on
// both sides of a clock change; an activity shown at 09:00 in Lisbon imports at 09:00 Lisbon time anywhere.

const itinerary = () => apiAs().oapi.itinerary[":eventId"];
const wholeCalendar = async (eventId: string) => (await itinerary()["calendar.ics"].$get({ param: { eventId } })).text();
const activityCalendar = (eventId: string, activityId: string) =>
  itinerary().activities[":activityId"]["calendar.ics"].$get({ param: { eventId, activityId } });

/** The calendar as ical.js reads it: its zone and each event's UID, start and end instants. */
function readCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents("vevent").map((component) => new ICAL.Event(component));
  return {
    zone: calendar.getFirstPropertyValue("x-wr-timezone"),
    events: events.map((event) => ({
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toJSDate().getTime(),
      end: event.endDate.toJSDate().getTime(),
    })),
  };
}

/** Each activity of the itinerary JSON: the instants the API answers. */
async function answeredActivities(eventId: string) {
  const body = await (await itinerary().$get({ param: { eventId } })).json();
  return body.programs.flatMap((day) => day.activities);
}

describe.each([
  { zone: "Europe/Lisbon", before: "2027-03-26", after: "2027-03-29" }, // clocks go forward on 28 March
  { zone: "America/New_York", before: "2027-11-05", after: "2027-11-08" }, // clocks go back on 7 November
])("calendar.ics of an experience in $zone", ({ zone, before, after }) => {
  it("holds each activity at the instant the API answers, at 09:00 on the zone's clock before and after the clock change", async () => {
    const owner = await makeUser();
    const { event, days } = await zonedExperience(owner.id, zone, before, 4);
    await zonedActivity(event.id, days[0]!.id, at(before, "09:00", zone), at(before, "10:00", zone), { name: "Before" });
    await zonedActivity(event.id, days[3]!.id, at(after, "09:00", zone), at(after, "10:00", zone), { name: "After" });

    const answered = await answeredActivities(event.id);
    const calendar = readCalendar(await wholeCalendar(event.id));
    expect(calendar.zone).toBe(zone);
    expect(calendar.events).toHaveLength(2);
    for (const activity of answered) {
      const vevent = calendar.events.find((e) => e.uid.startsWith(`activity-${activity.id}@`))!;
      expect(vevent.start, activity.name).toBe(Date.parse(activity.startDateTime));
      expect(vevent.end, activity.name).toBe(Date.parse(activity.endDateTime));
      expect(localDateTime(vevent.start, activity.timeZone).time, activity.name).toBe("09:00");
    }
    // The two 09:00s are a whole number of days apart on the clock, not in hours.
    const [first, second] = calendar.events.sort((a, b) => a.start - b.start);
    expect((second!.start - first!.start) % (24 * 3_600_000)).not.toBe(0);
  });
});

describe("GET /oapi/itinerary/:eventId/activities/:activityId/calendar.ics", () => {
  it("answers one activity's event, the same the whole calendar holds for it, as an attachment named after it", async () => {
    const owner = await makeUser();
    const zone = "Asia/Tokyo";
    const { event, days } = await zonedExperience(owner.id, zone, "2027-05-10", 2, { privacy: "PRIVATE" });
    const breakfast = await zonedActivity(event.id, days[1]!.id, at("2027-05-11", "07:00", zone), at("2027-05-11", "08:00", zone), {
      name: "Breakfast at Tsukiji",
    });
    await zonedActivity(event.id, days[0]!.id, at("2027-05-10", "19:00", zone), at("2027-05-10", "21:00", zone), { name: "Dinner" });

    const response = await activityCalendar(event.id, breakfast.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="Breakfast at Tsukiji.ics"');
    const one = readCalendar(await response.text());
    expect(one.zone).toBe(zone);
    expect(one.events).toEqual([
      {
        uid: expect.stringMatching(new RegExp(`^activity-${breakfast.id}@`)),
        summary: "Breakfast at Tsukiji",
        start: breakfast.startTime.getTime(),
        end: breakfast.endTime.getTime(),
      },
    ]);
    const whole = readCalendar(await wholeCalendar(event.id));
    expect(whole.events.find((e) => e.uid === one.events[0]!.uid)).toEqual(one.events[0]);
  });

  it("answers 404 for an activity of another experience, and for an unknown experience", async () => {
    const owner = await makeUser();
    const mine = await zonedExperience(owner.id, "UTC", "2027-05-10", 1);
    const other = await zonedExperience(owner.id, "UTC", "2027-05-10", 1);
    const elsewhere = await zonedActivity(
      other.event.id,
      other.days[0]!.id,
      at("2027-05-10", "09:00", "UTC"),
      at("2027-05-10", "10:00", "UTC"),
    );
    const crossed = await activityCalendar(mine.event.id, elsewhere.id);
    expect(crossed.status).toBe(404);
    expect(await errorOf(crossed)).toBe("Activity not found");
    const unknown = await activityCalendar(crypto.randomUUID(), elsewhere.id);
    expect(unknown.status).toBe(404);
    expect(await errorOf(unknown)).toBe("Event not found");
  });
});

describe("calendar.ics of an itinerary without activities", () => {
  it("holds the experience as an all-day event on its local dates", async () => {
    const owner = await makeUser();
    const { event } = await zonedExperience(owner.id, "Asia/Tokyo", "2027-05-10", 3, { name: "Tokyo" });
    const text = await wholeCalendar(event.id);
    // Tokyo's midnight of 10 May is 15:00 UTC on the 9th: the dates are Tokyo's, not UTC's.
    expect(text).toContain("DTSTART;VALUE=DATE:20270510\r\n");
    expect(text).toContain("DTEND;VALUE=DATE:20270513\r\n");
    expect(readCalendar(text).zone).toBe("Asia/Tokyo");
  });
});
