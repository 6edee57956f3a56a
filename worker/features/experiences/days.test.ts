import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activities, activityDocuments, documents, events, programs } from "@worker/db/schema";
import { localDateTime } from "@worker/shared/time-zone";
import { errorOf } from "@worker/test/client";
import { call, db, makeUser } from "@worker/test/helpers";
import { addActivity, cast, eventVersion, experience, fileExists, publicItinerary, storedImage } from "@worker/test/itinerary";
import { expectItineraryInvariants } from "@worker/test/itinerary-invariants";
import { DAY, HOUR, iso } from "@worker/test/time";
import { at, zonedActivity, zonedExperience } from "@worker/test/zoned";
import { DAY_NAME_MAX } from "./days.schema";
import { activitiesOf, clone, expectOrganisersOnly, put, remove, storedDays, reorder } from "./days.test-support";

describe("PUT /api/events/:eventId/programs/:dayId (edit a day)", () => {
  it("changes the day's name, subtitle and description and answers the day with its activities", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id);
    const walk = await addActivity(event.id, days[0]!.id, start + 9 * HOUR);
    const before = await eventVersion(event.id);

    const response = await put(event.id, days[0]!.id, owner.token, { name: "  Arrival ", subtitle: "Welcome", description: "Check in" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      id: days[0]!.id,
      eventId: event.id,
      date: days[0]!.date,
      dayIndex: 0,
      name: "Arrival",
      subtitle: "Welcome",
      description: "Check in",
      image: null,
      activities: [
        {
          id: walk.id,
          eventId: event.id,
          programId: days[0]!.id,
          name: "Walk",
          subtitle: "",
          description: "Along the river",
          location: null,
          startDateTime: iso(start + 9 * HOUR),
          endDateTime: iso(start + 10 * HOUR),
          timeZone: "UTC",
          hasOwnTimeZone: false,
          image: null,
          documents: [],
          attendance: "EVERYONE",
          groups: [],
          signup: null,
        },
      ],
    });
    expect(await eventVersion(event.id)).toBe(before + 1);
  });

  it("saves an emptied subtitle and description as empty: they are optional", async () => {
    const owner = await makeUser();
    const { event, days } = await experience(owner.id);
    await db().update(programs).set({ subtitle: "Welcome", description: "Check in" }).where(eq(programs.id, days[0]!.id));
    const response = await put(event.id, days[0]!.id, owner.token, { subtitle: "", description: "  " });
    expect(response.status).toBe(200);
    expect((await storedDays(event.id))[0]).toMatchObject({ name: "Day 1", subtitle: "", description: "" });
  });

  it("refuses a blank name with 'Day name is required'", async () => {
    const owner = await makeUser();
    const { event, days } = await experience(owner.id);
    const refusals = [
      await put(event.id, days[0]!.id, owner.token, { name: "   " }),
      await put(event.id, days[0]!.id, owner.token, { name: "" }),
      // null is outside the route's types.
      await call(`/api/events/${event.id}/programs/${days[0]!.id}`, { method: "PUT", token: owner.token, json: { name: null } }),
    ];
    for (const response of refusals) {
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe("Day name is required");
    }
    expect((await storedDays(event.id))[0]!.name).toBe("Day 1");
  });

  it("clears the image with image: null and removes the uploaded file", async () => {
    const owner = await makeUser();
    const { event, days } = await experience(owner.id);
    const image = await storedImage(event.id);
    await db().update(programs).set({ image }).where(eq(programs.id, days[0]!.id));

    const response = await put(event.id, days[0]!.id, owner.token, { image: null });
    expect(response.status).toBe(200);
    expect((await response.json()).image).toBeNull();
    expect(await fileExists(image.fileId)).toBe(false);
    // Only null is in the route's types: any other image goes as plain JSON.
    const notNull = await call(`/api/events/${event.id}/programs/${days[0]!.id}`, {
      method: "PUT",
      token: owner.token,
      json: { image: { source: "LINK" } },
    });
    expect(notNull.status).toBe(400);
  });

  it("purges the public itinerary so the share link shows the change at once", async () => {
    const owner = await makeUser();
    const { event, days } = await experience(owner.id);
    expect((await publicItinerary(event.id)).programs[0]!.name).toBe("Day 1");
    await put(event.id, days[0]!.id, owner.token, { name: "Arrival" });
    expect((await publicItinerary(event.id)).programs[0]!.name).toBe("Arrival");
  });

  it("is for the owner and hosts only, and only for a day of that event", async () => {
    await expectOrganisersOnly((eventId, dayId, token) => put(eventId, dayId, token, { name: "Renamed" }));
    const { owner, pub } = await cast();
    const unknown = await put(pub.event.id, crypto.randomUUID(), owner.token, { name: "x" });
    expect(unknown.status).toBe(404);
    expect(await errorOf(unknown)).toBe("Day not found");
  });
});

describe("DELETE /api/events/:eventId/programs/:dayId", () => {
  it("deletes the day and its activities, renumbers the other days ('Day 3' becomes 'Day 2') and removes the day's uploads", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id, 3);
    const dayImage = await storedImage(event.id);
    const activityImage = await storedImage(event.id);
    const keptImage = await storedImage(event.id);
    await db().update(programs).set({ image: dayImage }).where(eq(programs.id, days[1]!.id));
    const gone = await addActivity(event.id, days[1]!.id, start + DAY + 9 * HOUR, { image: activityImage });
    const kept = await addActivity(event.id, days[2]!.id, start + 2 * DAY + 9 * HOUR, { image: keptImage });
    const before = await eventVersion(event.id);

    const response = await remove(event.id, days[1]!.id, owner.token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    expect((await storedDays(event.id)).map((d) => [d.id, d.dayIndex, d.date, d.name])).toEqual([
      [days[0]!.id, 0, days[0]!.date, "Day 1"],
      [days[2]!.id, 1, days[2]!.date, "Day 2"],
    ]);
    expect(await db().select().from(activities).where(eq(activities.id, gone.id))).toEqual([]);
    expect(await db().select().from(activities).where(eq(activities.id, kept.id))).toHaveLength(1);
    expect(await fileExists(dayImage.fileId)).toBe(false);
    expect(await fileExists(activityImage.fileId)).toBe(false);
    expect(await fileExists(keptImage.fileId)).toBe(true);
    expect(await eventVersion(event.id)).toBe(before + 1);
  });

  it("fits the experience's dates to the days left when its last day is deleted", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id, 3);
    expect((await remove(event.id, days[2]!.id, owner.token)).status).toBe(200);
    const [row] = await db().select().from(events).where(eq(events.id, event.id));
    expect([row!.startTime.getTime(), row!.endTime.getTime()]).toEqual([start, start + 2 * DAY]);
  });

  it("refuses to delete the last day with 'An experience needs at least one day'", async () => {
    const owner = await makeUser();
    const { event, days } = await experience(owner.id, 1);
    const response = await remove(event.id, days[0]!.id, owner.token);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("An experience needs at least one day");
    expect(await storedDays(event.id)).toHaveLength(1);
  });

  it("is for the owner and hosts only, and only for a day of that event", async () => {
    await expectOrganisersOnly((eventId, dayId, token) => remove(eventId, dayId, token));
  });
});

describe("POST /api/events/:eventId/programs/:programId/clone (copy a day)", () => {
  it("names a copy of 'Day 1' by its place ('Day 4') and a copy of a typed name '{name} (copy)'", async () => {
    const owner = await makeUser();
    const { event, days } = await experience(owner.id, 2);
    await db().update(programs).set({ name: "Arrival" }).where(eq(programs.id, days[1]!.id));
    expect((await (await clone(event.id, days[0]!.id, owner.token)).json()).name).toBe("Day 3");
    expect((await (await clone(event.id, days[1]!.id, owner.token)).json()).name).toBe("Arrival (copy)");
  });

  it("appends a copy after the last day, moving its activities by the same days and extending the experience", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id, 3);
    const dayImage = await storedImage(event.id);
    const activityImage = await storedImage(event.id);
    await db()
      .update(programs)
      .set({ image: dayImage, subtitle: "Old town", description: "Walking day" })
      .where(eq(programs.id, days[0]!.id));
    const link = { source: "UNSPLASH" as const, url: "https://images.example.com/a.jpg", photoId: "abc" };
    const walk = await addActivity(event.id, days[0]!.id, start + 9 * HOUR, { image: activityImage, location: "Alfama" });
    const lunch = await addActivity(event.id, days[0]!.id, start + 13 * HOUR, { name: "Lunch", image: link });
    const doc = { id: crypto.randomUUID(), eventId: event.id, fileId: (await storedImage(event.id)).fileId };
    await db().insert(documents).values(doc);
    await db().insert(activityDocuments).values({ activityId: walk.id, documentId: doc.id });
    const before = await eventVersion(event.id);

    const response = await clone(event.id, days[0]!.id, owner.token);
    expect(response.status).toBe(201);
    const copy = await response.json();
    expect(copy).toMatchObject({
      eventId: event.id,
      date: iso(start + 3 * DAY).slice(0, 10),
      dayIndex: 3,
      name: "Day 4",
      subtitle: "Old town",
      description: "Walking day",
      image: { source: "UPLOAD" },
    });
    expect(copy.id).not.toBe(days[0]!.id);
    expect(copy.activities.map((a) => [a.name, a.startDateTime, a.endDateTime, a.documents])).toEqual([
      ["Walk", iso(start + 3 * DAY + 9 * HOUR), iso(start + 3 * DAY + 10 * HOUR), [doc.id]],
      ["Lunch", iso(start + 3 * DAY + 13 * HOUR), iso(start + 3 * DAY + 14 * HOUR), []],
    ]);
    expect(copy.activities.every((a) => a.id !== walk.id && a.id !== lunch.id)).toBe(true);

    const [copiedDay] = await db().select().from(programs).where(eq(programs.id, copy.id));
    const copiedActivities = await activitiesOf(copy.id);
    // Uploads are copied to new objects; links stay links.
    expect(copiedDay!.image).toEqual({ source: "UPLOAD", fileId: expect.not.stringMatching(dayImage.fileId) });
    expect(copiedActivities[0]!.image).toEqual({ source: "UPLOAD", fileId: expect.not.stringMatching(activityImage.fileId) });
    expect(copiedActivities[0]!.location).toBe("Alfama");
    expect(copiedActivities[1]!.image).toEqual(link);
    for (const image of [copiedDay!.image, copiedActivities[0]!.image]) {
      expect(await fileExists((image as { fileId: string }).fileId)).toBe(true);
    }
    expect(await fileExists(dayImage.fileId)).toBe(true);

    const [row] = await db().select().from(events).where(eq(events.id, event.id));
    expect(row!.endTime.getTime()).toBe(start + 4 * DAY);
    expect(row!.version).toBe(before + 1);
    expect(await activitiesOf(days[0]!.id)).toHaveLength(2);
  });

  it("deleting the copy leaves the source's uploads in place", async () => {
    const owner = await makeUser();
    const { event, days } = await experience(owner.id, 2);
    const dayImage = await storedImage(event.id);
    await db().update(programs).set({ image: dayImage }).where(eq(programs.id, days[0]!.id));
    const copy = await (await clone(event.id, days[0]!.id, owner.token)).json();
    expect((await remove(event.id, copy.id, owner.token)).status).toBe(200);
    expect(await fileExists(dayImage.fileId)).toBe(true);
  });

  it("is for the owner and hosts only, and only for a day of that event", async () => {
    await expectOrganisersOnly((eventId, dayId, token) => clone(eventId, dayId, token));
  });
});

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

/** A day whose typed name is `name` (saved through the API, so within its limit), copied once: the copy's name. */
async function copiedName(name: string) {
  const owner = await makeUser();
  const { event, days } = await experience(owner.id, 1);
  expect((await put(event.id, days[0]!.id, owner.token, { name })).status).toBe(200);
  const response = await clone(event.id, days[0]!.id, owner.token);
  expect(response.status).toBe(201);
  const copy = await response.json();
  const [, stored] = await storedDays(event.id);
  expect(stored!.name).toBe(copy.name);
  return copy.name;
}

describe("POST /api/events/:eventId/programs/:programId/clone (a copy's name)", () => {
  it("copies a day whose name is at the limit to a name within the limit ending in ' (copy)'", async () => {
    const name = await copiedName("A".repeat(DAY_NAME_MAX));
    expect(name).toHaveLength(DAY_NAME_MAX);
    expect(name).toBe(`${"A".repeat(DAY_NAME_MAX - " (copy)".length)} (copy)`);
  });

  it("never ends a shortened name with half a character", async () => {
    const name = await copiedName(`${"D".repeat(DAY_NAME_MAX - 8)}🎉${"x".repeat(6)}`);
    expect(name).toBe(`${"D".repeat(DAY_NAME_MAX - 8)} (copy)`);
  });
});
