import { asc, eq } from "drizzle-orm";
import type { InferRequestType } from "hono/client";
import { describe, expect, it } from "vitest";
import { activities, events, programs } from "@worker/db/schema";
import { apiAs, errorOf } from "@worker/test/client";
import { db, makeEvent, makeUser } from "@worker/test/helpers";
import { addActivity, cast, eventVersion, experience, fileExists, storedImage } from "@worker/test/itinerary";
import { expectItineraryInvariants } from "@worker/test/itinerary-invariants";
import { listen, settle } from "@worker/test/live";
import { DAY, HOUR, dateOf, iso, todayUtc } from "@worker/test/time";
import { outsideMessage } from "./itinerary-plan";

const eventOf = (token: string) => apiAs(token).api.events[":id"];
type Change = InferRequestType<ReturnType<typeof eventOf>["$put"]>["json"];
const put = (id: string, token: string, json: Change) => eventOf(token).$put({ param: { id }, json });

/** The stored days as "date name", and the activities as "date HH:mm name", in order. */
async function stored(eventId: string) {
  const [[event], days, acts] = await db().batch([
    db().select().from(events).where(eq(events.id, eventId)),
    db().select().from(programs).where(eq(programs.eventId, eventId)).orderBy(asc(programs.dayIndex)),
    db().select().from(activities).where(eq(activities.eventId, eventId)).orderBy(asc(activities.startTime)),
  ]);
  return {
    event: event!,
    days: days.map((d) => `${d.date} ${d.name}`),
    activities: acts.map((a) => `${iso(a.startTime.getTime()).slice(0, 16).replace("T", " ")} ${a.name}`),
  };
}

const at = (ms: number, hour: number) => `${dateOf(ms)} ${String(hour).padStart(2, "0")}:00`;

describe("PUT /api/events/:id (subtitle and description)", () => {
  it("saves the subtitle and description together, trimmed, and clears them when sent empty", async () => {
    const { owner, pub } = await cast();
    const saved = await put(pub.event.id, owner.token, { subtitle: "  Three days by the sea ", description: "Tiles, trams and pastéis." });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      id: pub.event.id,
      subtitle: "Three days by the sea",
      description: "Tiles, trams and pastéis.",
    });

    const cleared = await put(pub.event.id, owner.token, { subtitle: "", description: "  " });
    expect(await cleared.json()).toMatchObject({ subtitle: "", description: "" });
    const [row] = await db().select().from(events).where(eq(events.id, pub.event.id));
    expect(row).toMatchObject({ subtitle: "", description: "", name: "Test experience", version: 3 });
  });

  it("lets the owner and a host change the details, but not a guest (403) or a stranger to a private experience (404)", async () => {
    const { owner, host, guest, stranger, pub, priv } = await cast();
    expect((await put(priv.event.id, host.token, { subtitle: "By the host" })).status).toBe(200);
    expect((await put(pub.event.id, guest.token, { subtitle: "x", startIsoTime: iso(pub.start + DAY) })).status).toBe(403);
    expect((await put(pub.event.id, stranger.token, { description: "x" })).status).toBe(403);
    expect((await put(priv.event.id, stranger.token, { description: "x" })).status).toBe(404);
    expect((await put(pub.event.id, owner.token, { description: "x".repeat(10_001) })).status).toBe(400);
    const { event } = await stored(pub.event.id);
    expect(event).toMatchObject({ subtitle: "", description: "", startTime: new Date(pub.start) });
  });

  it("answers 400 'Send at least one of …' for an empty change", async () => {
    const { owner, pub } = await cast();
    const response = await put(pub.event.id, owner.token, {});
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(
      "Send at least one of name, subtitle, description, venue, privacy, rsvpType, capacity, startIsoTime, endIsoTime, timeZone or language",
    );
  });
});

describe("PUT /api/events/:id (dates)", () => {
  it("moves the whole itinerary with a new start: every day and activity shifts by the same number of days, keeping its time", async () => {
    const { owner, pub } = await cast();
    const [day1, , day3] = pub.days;
    await addActivity(pub.event.id, day1!.id, pub.start + 9 * HOUR, { name: "Breakfast" });
    await addActivity(pub.event.id, day3!.id, pub.start + 2 * DAY + 20 * HOUR, { name: "Dinner at Ramiro" });
    const newStart = pub.start + 5 * DAY;

    const response = await put(pub.event.id, owner.token, { startIsoTime: iso(newStart) });

    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ startTime: iso(newStart), endTime: iso(newStart + 3 * DAY) });
    expect(await stored(pub.event.id)).toMatchObject({
      days: [`${dateOf(newStart)} Day 1`, `${dateOf(newStart + DAY)} Day 2`, `${dateOf(newStart + 2 * DAY)} Day 3`],
      activities: [`${at(newStart, 9)} Breakfast`, `${at(newStart + 2 * DAY, 20)} Dinner at Ramiro`],
    });
    await expectItineraryInvariants(pub.event.id);
  });

  it("moves an experience earlier too, and back to today", async () => {
    const { owner, pub } = await cast();
    await addActivity(pub.event.id, pub.days[1]!.id, pub.start + DAY + 10 * HOUR, { name: "Museum" });
    const response = await put(pub.event.id, owner.token, { startIsoTime: iso(todayUtc()), endIsoTime: iso(todayUtc() + 3 * DAY) });
    expect(response.status).toBe(200);
    expect((await stored(pub.event.id)).activities).toEqual([`${at(todayUtc() + DAY, 10)} Museum`]);
    await expectItineraryInvariants(pub.event.id);
  });

  it("adds empty days at the end when the range grows", async () => {
    const { owner, pub } = await cast();
    const response = await put(pub.event.id, owner.token, { endIsoTime: iso(pub.start + 5 * DAY) });
    expect(response.status).toBe(200);
    expect((await stored(pub.event.id)).days).toEqual([0, 1, 2, 3, 4].map((i) => `${dateOf(pub.start + i * DAY)} Day ${i + 1}`));
    await expectItineraryInvariants(pub.event.id);
  });

  it("moves and lengthens at once", async () => {
    const { owner, pub } = await cast();
    await addActivity(pub.event.id, pub.days[2]!.id, pub.start + 2 * DAY + 8 * HOUR, { name: "Ferry" });
    const newStart = pub.start + DAY;
    expect((await put(pub.event.id, owner.token, { startIsoTime: iso(newStart), endIsoTime: iso(newStart + 4 * DAY) })).status).toBe(200);
    const after = await stored(pub.event.id);
    expect(after.days).toHaveLength(4);
    expect(after.activities).toEqual([`${at(newStart + 2 * DAY, 8)} Ferry`]);
    await expectItineraryInvariants(pub.event.id);
  });

  it("removes trailing days that hold no activity when the range shrinks, and their uploaded pictures", async () => {
    const { owner, pub } = await cast(4);
    const picture = await storedImage(pub.event.id);
    await db().update(programs).set({ image: picture }).where(eq(programs.id, pub.days[3]!.id));
    await addActivity(pub.event.id, pub.days[1]!.id, pub.start + DAY + 9 * HOUR, { name: "Tram 28" });

    const response = await put(pub.event.id, owner.token, { endIsoTime: iso(pub.start + 2 * DAY) });

    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ endTime: iso(pub.start + 2 * DAY) });
    expect((await stored(pub.event.id)).days).toEqual([`${dateOf(pub.start)} Day 1`, `${dateOf(pub.start + DAY)} Day 2`]);
    expect(await fileExists(picture.fileId)).toBe(false);
    await expectItineraryInvariants(pub.event.id);
  });

  it("refuses with 409 naming the activities that would fall outside, and changes nothing", async () => {
    const { owner, pub } = await cast(4);
    await addActivity(pub.event.id, pub.days[2]!.id, pub.start + 2 * DAY + 20 * HOUR, { name: "Dinner at Ramiro" });
    const before = await stored(pub.event.id);
    const version = await eventVersion(pub.event.id);

    const response = await put(pub.event.id, owner.token, { endIsoTime: iso(pub.start + 2 * DAY), subtitle: "Shorter" });

    expect(response.status).toBe(409);
    expect(await errorOf(response)).toBe("'Dinner at Ramiro' (Day 3) would fall outside the new dates. Move or delete it first.");
    expect(await stored(pub.event.id)).toEqual(before);
    expect(await eventVersion(pub.event.id)).toBe(version);
  });

  it("names at most three activities, then 'and N more'", async () => {
    const { owner, pub } = await cast(3);
    for (const [i, name] of ["Walk", "Lunch", "Fado", "Bar", "Night bus"].entries())
      await addActivity(pub.event.id, pub.days[2]!.id, pub.start + 2 * DAY + (9 + i) * HOUR, { name });
    const response = await put(pub.event.id, owner.token, { endIsoTime: iso(pub.start + DAY) });
    expect(await errorOf(response)).toBe(
      "'Walk' (Day 3), 'Lunch' (Day 3), 'Fado' (Day 3) and 2 more would fall outside the new dates. Move or delete them first.",
    );
    expect(outsideMessage(["'A' (Day 2)", "'B' (Day 3)"])).toBe(
      "'A' (Day 2) and 'B' (Day 3) would fall outside the new dates. Move or delete them first.",
    );
  });

  it("names the activities in the caller's language: German quotes and 'Tag 3'", async () => {
    const { owner, pub } = await cast(4);
    await addActivity(pub.event.id, pub.days[2]!.id, pub.start + 2 * DAY + 20 * HOUR, { name: "Dinner at Ramiro" });
    const response = await eventOf(owner.token).$put(
      { param: { id: pub.event.id }, json: { endIsoTime: iso(pub.start + 2 * DAY) } },
      { headers: { "Accept-Language": "de" } },
    );
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toBe(
      "„Dinner at Ramiro“ (Tag 3) würde außerhalb der neuen Daten liegen. Verschieben oder löschen Sie es zuerst.",
    );
  });

  it("applies the date rules: a start moved into the past, an end before the start, more than a year ahead", async () => {
    const { owner, pub } = await cast();
    const cases = [
      [{ startIsoTime: iso(todayUtc() - 2 * DAY) }, "Start date must be today or later"],
      [{ endIsoTime: iso(pub.start - DAY) }, "End date must be after or same as start date"],
      [{ startIsoTime: iso(todayUtc() + 366 * DAY) }, "Experience date range is at most 1 year ahead"],
      [{ endIsoTime: "next week" }, "End date must be an ISO 8601 date-time"],
    ] as const;
    for (const [change, message] of cases) {
      const response = await put(pub.event.id, owner.token, change);
      expect(response.status, message).toBe(400);
      expect(await errorOf(response)).toBe(message);
    }
    expect((await stored(pub.event.id)).event.startTime).toEqual(new Date(pub.start));
  });

  it("lets an experience under way keep its past start while its end changes", async () => {
    const { owner } = await cast();
    const start = todayUtc() - 3 * DAY;
    const { event } = await experience(owner.id, 5, { startTime: new Date(start) });
    const response = await put(event.id, owner.token, { startIsoTime: iso(start), endIsoTime: iso(start + 6 * DAY) });
    expect(response.status).toBe(200);
    expect((await stored(event.id)).days).toHaveLength(6);
  });

  it("tells the open pages that the experience changed", async () => {
    const { owner, guest, pub } = await cast();
    const { ws, messages } = await listen(pub.event.id, guest.token);
    await put(pub.event.id, owner.token, { startIsoTime: iso(pub.start + DAY) });
    await settle();
    expect(messages).toEqual([{ type: "event.changed", eventId: pub.event.id }]);
    ws.close();
  });

  it("shows the new dates on the share link at once (the public cache is purged)", async () => {
    const { owner, pub } = await cast();
    const read = async () => (await (await apiAs().oapi.itinerary[":eventId"].$get({ param: { eventId: pub.event.id } })).json()).startTime;
    expect(await read()).toBe(iso(pub.start));
    await put(pub.event.id, owner.token, { startIsoTime: iso(pub.start + 2 * DAY) });
    expect(await read()).toBe(iso(pub.start + 2 * DAY));
  });
});

describe("concurrent date changes and itinerary edits", () => {
  it("a shortening and an activity added to the last day at once: either the activity lands and the shortening is refused, or the day is gone", async () => {
    for (let round = 0; round < 3; round++) {
      const { owner, pub } = await cast();
      const lastDay = pub.days[2]!;
      const [shorten, add] = await Promise.all([
        put(pub.event.id, owner.token, { endIsoTime: iso(pub.start + 2 * DAY) }),
        apiAs(owner.token).api.events[":eventId"].programs[":dayId"].activity.$post({
          param: { eventId: pub.event.id, dayId: lastDay.id },
          form: {
            name: "Late show",
            description: "Jazz",
            startIsoTime: iso(pub.start + 2 * DAY + 21 * HOUR),
            endIsoTime: iso(pub.start + 2 * DAY + 22 * HOUR),
          },
        }),
      ]);
      const after = await stored(pub.event.id);
      if (add.status === 201) {
        expect(shorten.status).toBe(409);
        expect(after.days).toHaveLength(3);
        expect(after.activities).toEqual([`${at(pub.start + 2 * DAY, 21)} Late show`]);
      } else {
        expect(shorten.status).toBe(200);
        expect([400, 404]).toContain(add.status);
        expect(after.days).toHaveLength(2);
        expect(after.activities).toEqual([]);
      }
      await expectItineraryInvariants(pub.event.id);
    }
  });

  it("a start move and activity additions at once keep every activity on its day's date", async () => {
    const { owner, pub } = await cast();
    const add = (hour: number) =>
      apiAs(owner.token).api.events[":eventId"].programs[":dayId"].activity.$post({
        param: { eventId: pub.event.id, dayId: pub.days[0]!.id },
        form: {
          name: `At ${hour}`,
          description: "x",
          startIsoTime: iso(pub.start + hour * HOUR),
          endIsoTime: iso(pub.start + (hour + 1) * HOUR),
        },
      });
    const responses = await Promise.all([add(8), put(pub.event.id, owner.token, { startIsoTime: iso(pub.start + 3 * DAY) }), add(12)]);
    expect(responses[1]!.status).toBe(200);
    // An addition read before the move names a date the experience has left: refused, never stored off its day.
    for (const response of [responses[0]!, responses[2]!]) expect([201, 400]).toContain(response.status);
    await expectItineraryInvariants(pub.event.id);
  });
});

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
