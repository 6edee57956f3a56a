import { env } from "cloudflare:workers";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { escapeText, foldLine } from "@worker/domain/icalendar";
import { localDateTime } from "@worker/shared/time-zone";
import { apiAs, errorOf } from "@worker/test/client";
import { makeUser } from "@worker/test/helpers";
import { addActivity, experience } from "@worker/test/itinerary";
import { DAY, HOUR, MINUTE } from "@worker/test/time";
import { at, zonedActivity, zonedExperience } from "@worker/test/zoned";

const calendar = (eventId: string) => apiAs().oapi.itinerary[":eventId"]["calendar.ics"].$get({ param: { eventId } });

type Component = Record<string, string>;

/** Reads an iCalendar file as RFC 5545 says: unfold, then one "NAME;PARAMS:VALUE" per line, VEVENTs apart. */
function parse(text: string) {
  const lines = text.replace(/\r\n[ \t]/g, "").split("\r\n");
  expect(lines.pop()).toBe("");
  const calendar: Component = {};
  const events: Component[] = [];
  let current: Component | null = null;
  for (const line of lines) {
    const colon = line.indexOf(":");
    const [name, value] = [line.slice(0, colon), line.slice(colon + 1)];
    if (line === "BEGIN:VEVENT") current = {};
    else if (line === "END:VEVENT") {
      events.push(current!);
      current = null;
    } else (current ?? calendar)[name] = value;
  }
  return { calendar, events };
}

/** A two-day experience starting 12 March 2027 (UTC) with three activities, one at a chosen place. */
async function tripWithActivities(fields: Parameters<typeof experience>[2] = {}) {
  const owner = await makeUser();
  const start = Date.UTC(2027, 2, 12);
  const { event, days } = await experience(owner.id, 2, { name: "Lisbon Retreat", startTime: new Date(start), ...fields });
  const walk = await addActivity(event.id, days[0]!.id, start + 9 * HOUR, {
    name: "Walk",
    location: "Alfama",
    description: "Meet at the tram stop",
  });
  const lunch = await addActivity(event.id, days[0]!.id, start + 12 * HOUR + 30 * MINUTE, {
    name: "Lunch",
    location: { structuredFormat: { mainText: { text: "Time Out Market" }, secondaryText: { text: "Av. 24 de Julho, Lisboa" } } },
    description: "",
  });
  const fado = await addActivity(event.id, days[1]!.id, start + DAY + 21 * HOUR, { name: "Fado night", location: null });
  return { event, days, walk, lunch, fado };
}

describe("GET /oapi/itinerary/:eventId/calendar.ics", () => {
  it("answers an iCalendar attachment named after the experience", async () => {
    const { event } = await tripWithActivities();
    const response = await calendar(event.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="Lisbon Retreat.ics"');
    const text = await response.text();
    expect(text.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:")).toBe(true);
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
  });

  it("ends every line with CRLF and folds none longer than 75 octets", async () => {
    const { event, days } = await tripWithActivities();
    await addActivity(event.id, days[0]!.id, Date.UTC(2027, 2, 12, 15), {
      name: `Tasting ${"pastéis de nata, ginjinha; café \\ ".repeat(6)}`,
      description: "Ü".repeat(200),
    });
    const text = await (await calendar(event.id)).text();
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const lines = text.split("\r\n");
    expect(lines.some((line) => line.startsWith(" "))).toBe(true);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    // Folding never splits a character: every line is valid UTF-8 on its own.
    for (const line of lines)
      expect(new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(new TextEncoder().encode(line))).toBe(line);
    expect(parse(text).events.find((e) => e.SUMMARY?.startsWith("Tasting"))?.DESCRIPTION).toContain("Ü".repeat(200));
  });

  it("holds one VEVENT per activity, with stable UIDs, UTC times, the place and a link to the share page", async () => {
    const { event, walk, lunch, fado } = await tripWithActivities();
    const first = parse(await (await calendar(event.id)).text());
    const pageUrl = `${env.APP_ORIGIN}/itinerary/${event.id}`;
    const host = new URL(env.APP_ORIGIN).host;

    expect(first.calendar).toMatchObject({ VERSION: "2.0", METHOD: "PUBLISH", "X-WR-CALNAME": "Lisbon Retreat" });
    expect(first.events).toHaveLength(3);
    expect(first.events.map((e) => [e.UID, e.DTSTART, e.DTEND, e.SUMMARY, e.LOCATION])).toEqual([
      [`activity-${walk.id}@${host}`, "20270312T090000Z", "20270312T100000Z", "Walk", "Alfama"],
      [`activity-${lunch.id}@${host}`, "20270312T123000Z", "20270312T133000Z", "Lunch", "Time Out Market\\, Av. 24 de Julho\\, Lisboa"],
      [`activity-${fado.id}@${host}`, "20270313T210000Z", "20270313T220000Z", "Fado night", undefined],
    ]);
    expect(first.events[0]!.DESCRIPTION).toBe(`Meet at the tram stop\\n\\n${pageUrl}`);
    expect(first.events[1]!.DESCRIPTION).toBe(pageUrl);
    for (const vevent of first.events) {
      expect(vevent.DTSTAMP).toMatch(/^\d{8}T\d{6}Z$/);
      expect(vevent.URL).toBe(pageUrl);
    }

    const again = parse(await (await calendar(event.id)).text());
    expect(again.events.map((e) => e.UID)).toEqual(first.events.map((e) => e.UID));
  });

  it("escapes backslashes, semicolons, commas and line breaks in the activities' text", async () => {
    const { event, days } = await tripWithActivities();
    await addActivity(event.id, days[1]!.id, Date.UTC(2027, 2, 13, 8), {
      name: "Breakfast; coffee, tea \\ juice",
      description: "Bring:\r\n- a hat\n- water\rThanks",
      location: "Rua Augusta, 1; 2nd floor",
    });
    const { events } = parse(await (await calendar(event.id)).text());
    const breakfast = events.find((e) => e.SUMMARY?.startsWith("Breakfast"))!;
    expect(breakfast.SUMMARY).toBe("Breakfast\\; coffee\\, tea \\\\ juice");
    expect(breakfast.LOCATION).toBe("Rua Augusta\\, 1\\; 2nd floor");
    expect(breakfast.DESCRIPTION).toMatch(/^Bring:\\n- a hat\\n- water\\nThanks\\n\\nhttp/);
  });

  it("reads a private experience by its link, as the itinerary is read", async () => {
    const { event } = await tripWithActivities({ privacy: "PRIVATE" });
    const response = await calendar(event.id);
    expect(response.status).toBe(200);
    expect(parse(await response.text()).events).toHaveLength(3);
  });

  it("holds the experience itself as an all-day event when it has no activities, so the file stays a valid calendar", async () => {
    const owner = await makeUser();
    const { event } = await experience(owner.id, 3, { name: "Porto", startTime: new Date(Date.UTC(2027, 4, 1)) });
    const { events } = parse(await (await calendar(event.id)).text());
    expect(events).toEqual([
      expect.objectContaining({ "DTSTART;VALUE=DATE": "20270501", "DTEND;VALUE=DATE": "20270504", SUMMARY: "Porto" }),
    ]);
  });

  it("names the file without characters a file name may not hold, keeping the rest in UTF-8", async () => {
    const { event } = await tripWithActivities({ name: 'Açores: "day/night"' });
    expect((await calendar(event.id)).headers.get("Content-Disposition")).toBe(
      `attachment; filename="A_ores day night.ics"; filename*=UTF-8''A%C3%A7ores%20day%20night.ics`,
    );
  });

  it("answers 404 'Event not found' for an unknown experience", async () => {
    const response = await calendar(crypto.randomUUID());
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toBe("Event not found");
  });
});

describe("iCalendar text", () => {
  it("escapes in the order RFC 5545 reads it back, dropping control characters", () => {
    expect(escapeText("a\\b;c,d\ne\u0007f\tg")).toBe("a\\\\b\\;c\\,d\\nef\tg");
  });

  it("folds at 75 octets with a leading space on each continuation line", () => {
    const folded = foldLine(`DESCRIPTION:${"a".repeat(200)}`);
    const lines = folded.split("\r\n");
    expect(lines.map((l) => l.length)).toEqual([75, 75, 64]);
    expect(lines.slice(1).every((l) => l.startsWith(" "))).toBe(true);
    expect(folded.replace(/\r\n /g, "")).toBe(`DESCRIPTION:${"a".repeat(200)}`);
    expect(foldLine("SUMMARY:short")).toBe("SUMMARY:short");
  });
});

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
