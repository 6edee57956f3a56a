import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { apiAs, errorOf } from "@worker/test/client";
import { makeUser } from "@worker/test/helpers";
import { addActivity, experience } from "@worker/test/itinerary";
import { DAY, HOUR, MINUTE } from "@worker/test/time";
import { escapeText, foldLine } from "@worker/domain/icalendar";

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
