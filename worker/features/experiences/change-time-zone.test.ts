import { env } from "cloudflare:workers";
import { asc, eq } from "drizzle-orm";
import type { InferRequestType } from "hono/client";
import { describe, expect, it } from "vitest";
import { activities, events, programs, files } from "@worker/db/schema";
import { localDateTime } from "@worker/shared/time-zone";
import { apiAs, errorOf } from "@worker/test/client";
import { cast } from "@worker/test/experiences";
import { PDF, PNG } from "@worker/test/files";
import { db, makeUser, call } from "@worker/test/helpers";
import { eventVersion, publicItinerary } from "@worker/test/itinerary";
import { expectItineraryInvariants, outcomes } from "@worker/test/itinerary-invariants";
import { messagesDuring, listen, settle } from "@worker/test/live";
import { iso } from "@worker/test/time";
import { localActivity, zonedExperience } from "@worker/test/zoned";

// Issue 20: changing an experience's zone keeps its local dates, and either every activity's local time
// (KEEP_WALL_CLOCK, the default) or every activity's moment (KEEP_MOMENTS), in one serialized write.

const eventOf = (token: string) => apiAs(token).api.events[":id"];
type Change = InferRequestType<ReturnType<typeof eventOf>["$put"]>["json"];
const put = (id: string, token: string, json: Change) => eventOf(token).$put({ param: { id }, json });
const putActivity = (
  eventId: string,
  dayId: string,
  activityId: string,
  token: string,
  json: { startIsoTime: string; endIsoTime: string },
) => apiAs(token).api.events[":eventId"].programs[":dayId"].activity[":activityId"].$put({ param: { eventId, dayId, activityId }, json });

async function stored(eventId: string) {
  const [[event], days, acts] = await db().batch([
    db().select().from(events).where(eq(events.id, eventId)),
    db().select().from(programs).where(eq(programs.eventId, eventId)).orderBy(asc(programs.dayIndex)),
    db().select().from(activities).where(eq(activities.eventId, eventId)).orderBy(asc(activities.startTime)),
  ]);
  return { event: event!, days, activities: acts };
}

/** "2027-05-11 09:00 on day 2" of an activity, read on `zone`'s clock. */
const onClock = (activity: { startTime: Date; programId: string }, zone: string, days: { id: string }[]) => {
  const { date, time } = localDateTime(activity.startTime.getTime(), zone);
  return `${date} ${time} on day ${days.findIndex((d) => d.id === activity.programId) + 1}`;
};

describe("changing the experience's zone, keeping the wall clock", () => {
  it("keeps every following activity at its local time and the experience on its local dates; one with its own zone keeps its moment", async () => {
    const owner = await makeUser();
    const { event, days } = await zonedExperience(owner.id, "Europe/Lisbon", "2027-05-10");
    await localActivity(event.id, days[1]!.id, "2027-05-11", ["09:00", "10:00"], "Europe/Lisbon", {
      name: "Workshop",
    });
    const call = await localActivity(event.id, days[2]!.id, "2027-05-12", ["08:00", "09:00"], "Asia/Tokyo", {
      name: "Call with Tokyo",
      timeZone: "Asia/Tokyo",
    });

    const response = await put(event.id, owner.token, { timeZone: "America/New_York" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      timeZone: "America/New_York",
      // New York's midnights (UTC−4 in May) of the same dates.
      startTime: "2027-05-10T04:00:00.000Z",
      endTime: "2027-05-13T04:00:00.000Z",
    });
    const after = await stored(event.id);
    expect(after.days.map((d) => d.date)).toEqual(["2027-05-10", "2027-05-11", "2027-05-12"]);
    const workshop = after.activities.find((a) => a.name === "Workshop")!;
    expect(onClock(workshop, "America/New_York", after.days)).toBe("2027-05-11 09:00 on day 2");
    expect(workshop.startTime.toISOString()).toBe("2027-05-11T13:00:00.000Z");
    expect(after.activities.find((a) => a.name === "Call with Tokyo")!.startTime).toEqual(call.startTime);
    await expectItineraryInvariants(event.id);
  });

  it("refuses with 409 naming the activity when its time does not exist in the new zone, changing nothing", async () => {
    const owner = await makeUser();
    const { event, days } = await zonedExperience(owner.id, "UTC", "2027-03-13");
    await localActivity(event.id, days[1]!.id, "2027-03-14", ["02:30", "05:00"], "UTC", { name: "Night train" });
    const version = await eventVersion(event.id);

    const response = await put(event.id, owner.token, { timeZone: "America/New_York", name: "Renamed" });
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toBe(
      "'Night train' (Day 2) cannot keep its time: 2:30 AM does not exist on Mar 14, 2027 in New York: clocks go forward",
    );
    const after = await stored(event.id);
    expect(after.event).toMatchObject({ timeZone: "UTC", name: "Test experience", version });
    expect(after.activities[0]!.startTime.toISOString()).toBe("2027-03-14T02:30:00.000Z");
  });

  it("refuses with 409 when an activity with its own zone would fall outside the experience's new midnights", async () => {
    const owner = await makeUser();
    const { event, days } = await zonedExperience(owner.id, "Asia/Tokyo", "2027-05-10");
    // 00:30 in Tokyo on the first day is still the day before in Lisbon, before the experience would start there.
    await localActivity(event.id, days[0]!.id, "2027-05-10", ["00:30", "01:30"], "Asia/Tokyo", {
      name: "Arrival",
      timeZone: "Asia/Tokyo",
    });
    const response = await put(event.id, owner.token, { timeZone: "Europe/Lisbon" });
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toBe("'Arrival' (Day 1) would fall outside the new dates. Move or delete it first.");
    expect((await stored(event.id)).event.timeZone).toBe("Asia/Tokyo");
  });
});

describe("changing the experience's zone, keeping the moments", () => {
  it("keeps every instant and moves an activity to the day of its new local date", async () => {
    const owner = await makeUser();
    const { event, days } = await zonedExperience(owner.id, "Asia/Tokyo", "2027-05-10");
    // 07:00 on 11 May in Tokyo is 23:00 on 10 May in London.
    const breakfast = await localActivity(event.id, days[1]!.id, "2027-05-11", ["07:00", "08:00"], "Asia/Tokyo", {
      name: "Breakfast",
    });
    const dinner = await localActivity(event.id, days[1]!.id, "2027-05-11", ["19:00", "21:00"], "Asia/Tokyo", {
      name: "Dinner",
    });

    const response = await put(event.id, owner.token, { timeZone: "Europe/London", timeZoneMode: "KEEP_MOMENTS" });
    expect(response.status).toBe(200);
    const after = await stored(event.id);
    const byName = (name: string) => after.activities.find((a) => a.name === name)!;
    expect(byName("Breakfast").startTime).toEqual(breakfast.startTime);
    expect(byName("Dinner").startTime).toEqual(dinner.startTime);
    expect(onClock(byName("Breakfast"), "Europe/London", after.days)).toBe("2027-05-10 23:00 on day 1");
    expect(onClock(byName("Dinner"), "Europe/London", after.days)).toBe("2027-05-11 11:00 on day 2");
    expect(after.event.startTime.toISOString()).toBe("2027-05-09T23:00:00.000Z");
    await expectItineraryInvariants(event.id);
  });

  it("refuses with 409 naming an activity whose new local date is no day of the itinerary, changing nothing", async () => {
    const owner = await makeUser();
    const { event, days } = await zonedExperience(owner.id, "Asia/Tokyo", "2027-05-10");
    await localActivity(event.id, days[0]!.id, "2027-05-10", ["07:00", "08:00"], "Asia/Tokyo", {
      name: "Breakfast",
    });
    const version = await eventVersion(event.id);
    const response = await put(event.id, owner.token, { timeZone: "Europe/London", timeZoneMode: "KEEP_MOMENTS" });
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toBe("'Breakfast' (Day 1) would fall outside the new dates. Move or delete it first.");
    expect((await stored(event.id)).event).toMatchObject({ timeZone: "Asia/Tokyo", version });
  });

  it("refuses an unknown mode with 400 in words", async () => {
    const owner = await makeUser();
    const { event } = await zonedExperience(owner.id, "Asia/Tokyo", "2027-05-10");
    const response = await put(event.id, owner.token, { timeZone: "Europe/London", timeZoneMode: "KEEP_BOTH" as "KEEP_MOMENTS" });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("timeZoneMode must be KEEP_WALL_CLOCK or KEEP_MOMENTS");
  });
});

describe("a zone change as the open pages see it", () => {
  it("tells the event's open pages it changed and shows the new zone on the share link at once; a refused one says nothing", async () => {
    const owner = await makeUser();
    const { event, days } = await zonedExperience(owner.id, "UTC", "2027-03-13");
    expect((await publicItinerary(event.id)).timeZone).toBe("UTC");
    const changed = await messagesDuring(event.id, owner.token, () => put(event.id, owner.token, { timeZone: "Europe/Lisbon" }));
    expect(changed).toEqual([{ type: "event.changed", eventId: event.id }]);
    expect((await publicItinerary(event.id)).timeZone).toBe("Europe/Lisbon");

    await localActivity(event.id, days[1]!.id, "2027-03-14", ["02:30", "03:00"], "Europe/Lisbon");
    const refused = await messagesDuring(event.id, owner.token, () => put(event.id, owner.token, { timeZone: "America/New_York" }));
    expect(refused).toEqual([]);
  });
});

describe("a zone change racing activity edits", () => {
  it("serializes them: every edit that landed shows its local time on the final zone's clock, and the itinerary holds", async () => {
    const owner = await makeUser();
    const { event, days } = await zonedExperience(owner.id, "Europe/Lisbon", "2027-05-10");
    const rows = await Promise.all(days.map((day) => localActivity(event.id, day.id, day.date, ["09:00", "10:00"], "Europe/Lisbon")));

    const responses = await Promise.all([
      put(event.id, owner.token, { timeZone: "America/New_York" }),
      ...rows.map((row, i) =>
        putActivity(event.id, row.programId, row.id, owner.token, {
          startIsoTime: `${days[i]!.date}T15:00`,
          endIsoTime: `${days[i]!.date}T16:00`,
        }),
      ),
    ]);

    await outcomes(responses, 200);
    const after = await expectItineraryInvariants(event.id);
    const zone = after.event.timeZone;
    expect(zone).toBe(responses[0]!.status === 200 ? "America/New_York" : "Europe/Lisbon");
    rows.forEach((row, i) => {
      const now = after.activities.find((a) => a.id === row.id)!;
      const edited = responses[i + 1]!.status === 200;
      // An edit reads 15:00 on the clock of the zone it found; a later zone change keeps that wall clock.
      expect(localDateTime(now.startTime.getTime(), zone), row.id).toEqual({ date: days[i]!.date, time: edited ? "15:00" : "09:00" });
    });
  });
});
type ImageLink = InferRequestType<ReturnType<typeof eventOf>["image"]["external"]["$post"]>["json"];
const uploadImage = (id: string, token: string, file: File) => eventOf(token).image.$post({ param: { id }, form: { file } });
const linkImage = (id: string, token: string, json: ImageLink) => eventOf(token).image.external.$post({ param: { id }, json });

describe("PUT /api/events/:id (name, privacy, rsvpType)", () => {
  it("closes strangers' live sockets when the experience becomes private (4403 anonymous, 4409 signed in: their page asks again), keeping the participants'", async () => {
    const { owner, guest, stranger, publicEvent } = await cast();
    const anonymous = await listen(publicEvent.id);
    const watcher = await listen(publicEvent.id, stranger.token);
    const participant = await listen(publicEvent.id, guest.token);

    const response = await put(publicEvent.id, owner.token, { privacy: "PRIVATE" });
    expect(response.status).toBe(200);
    await settle();
    expect(anonymous.closes).toEqual([4403]);
    expect(watcher.closes).toEqual([4409]);
    expect([...anonymous.messages, ...watcher.messages]).toEqual([]);
    expect(participant.messages).toEqual([{ type: "event.changed", eventId: publicEvent.id }]);
    participant.ws.close();
  });

  it("lets the owner change the name, privacy and rsvpType, one at a time", async () => {
    const { owner, publicEvent } = await cast();

    const renamed = await put(publicEvent.id, owner.token, { name: "  Porto Weekend " });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toEqual({
      id: publicEvent.id,
      name: "Porto Weekend",
      privacy: "PUBLIC",
      rsvpType: "OPEN_INVITE",
      startTime: iso(publicEvent.startTime.getTime()),
      endTime: iso(publicEvent.endTime.getTime()),
      timeZone: "UTC",
      subtitle: "",
      description: "",
      image: null,
      capacity: null,
      venue: null,
      language: "en",
    });
    expect(await (await put(publicEvent.id, owner.token, { privacy: "PRIVATE" })).json()).toMatchObject({ privacy: "PRIVATE" });
    expect(await (await put(publicEvent.id, owner.token, { rsvpType: "OPEN" })).json()).toMatchObject({ rsvpType: "OPEN" });

    const [row] = await db().select().from(events).where(eq(events.id, publicEvent.id));
    expect(row).toMatchObject({ name: "Porto Weekend", privacy: "PRIVATE", rsvpType: "OPEN", version: 4 });
    expect(row!.updatedAt).toBeInstanceOf(Date);
  });

  it("tells the event's open pages that it changed", async () => {
    const { owner, guest, publicEvent } = await cast();
    const { ws, messages } = await listen(publicEvent.id, guest.token);
    await put(publicEvent.id, owner.token, { name: "New name" });
    await settle();
    expect(messages).toEqual([{ type: "event.changed", eventId: publicEvent.id }]);
    ws.close();
  });

  it("refuses an empty change and invalid fields", async () => {
    const { owner, publicEvent } = await cast();
    // Values outside the enums go as plain JSON: the typed client cannot send them.
    const outsideTypes = (json: unknown) => call(`/api/events/${publicEvent.id}`, { method: "PUT", token: owner.token, json });
    const cases = [
      [
        await put(publicEvent.id, owner.token, {}),
        "Send at least one of name, subtitle, description, venue, privacy, rsvpType, capacity, startIsoTime, endIsoTime, timeZone or language",
      ],
      [await put(publicEvent.id, owner.token, { name: "A", privacy: "HIDDEN" as "PUBLIC" }), "Privacy must be PUBLIC or PRIVATE"],
      [await put(publicEvent.id, owner.token, { name: "   " }), "Name is required"],
      [await outsideTypes({ privacy: "HIDDEN" }), "Privacy must be PUBLIC or PRIVATE"],
      [await outsideTypes({ rsvpType: "CLOSED" }), "RSVP type must be OPEN, OPEN_INVITE or INVITE_ONLY"],
    ] as const;
    for (const [response, message] of cases) {
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe(message);
    }
  });

  it("lets a host change it, but not a guest or a stranger", async () => {
    const { host, guest, stranger, publicEvent, privateEvent } = await cast();
    const rename = (id: string, token: string) => put(id, token, { name: "Changed" });
    expect((await rename(privateEvent.id, host.token)).status).toBe(200);
    expect((await rename(publicEvent.id, guest.token)).status).toBe(403);
    expect((await rename(publicEvent.id, stranger.token)).status).toBe(403);
    expect((await rename(privateEvent.id, stranger.token)).status).toBe(404);
    expect((await rename(crypto.randomUUID(), host.token)).status).toBe(404);
    expect((await put(publicEvent.id, "", { name: "x" })).status).toBe(401);
    const [row] = await db().select().from(events).where(eq(events.id, publicEvent.id));
    expect(row!.name).toBe("Test experience");
  });
});

describe("POST /api/events/:id/image and /image/external", () => {
  it("replaces the cover with an upload, then with an external picture, removing the old upload", async () => {
    const { owner, publicEvent } = await cast();
    const first = await uploadImage(publicEvent.id, owner.token, new File([PNG], "a.png"));
    expect(first.status).toBe(200);
    const { image } = await first.json();
    expect(image).toEqual({ original: expect.stringMatching(/^\/files\//), thumbnail: image.original, source: "UPLOAD" });
    expect((await call(image.original)).status).toBe(200);

    await uploadImage(publicEvent.id, owner.token, new File([PNG], "b.png"));
    expect(await db().select().from(files).where(eq(files.eventId, publicEvent.id))).toHaveLength(1);

    const unsplash = "https://images.unsplash.com/photo-abc";
    const external = await linkImage(publicEvent.id, owner.token, { photoId: "abc", source: "UNSPLASH", rawUrl: unsplash });
    expect(await external.json()).toEqual({
      image: { original: unsplash, thumbnail: unsplash, source: "UNSPLASH", photoId: "abc" },
    });
    expect(await db().select().from(files).where(eq(files.eventId, publicEvent.id))).toEqual([]);
    expect((await env.FILES.list({ prefix: `events/${publicEvent.id}/` })).objects).toEqual([]);
    const [row] = await db().select().from(events).where(eq(events.id, publicEvent.id));
    expect(row).toMatchObject({ version: 4, image: { source: "UNSPLASH", url: unsplash, photoId: "abc" } });
  });

  it("refuses a file that is not an image, and image links that are not https or not on a public website", async () => {
    const { owner, publicEvent } = await cast();
    const pdf = await uploadImage(publicEvent.id, owner.token, new File([PDF], "a.png", { type: "image/png" }));
    expect(pdf.status).toBe(400);
    expect(await errorOf(pdf)).toBe("Please upload an image file");

    for (const rawUrl of ["http://localhost:8787/demo/lisbon.svg", "http://example.com/a.jpg", "javascript:alert(1)", "not a url"]) {
      const response = await linkImage(publicEvent.id, owner.token, { source: "LINK", rawUrl });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe("Image link must be an https URL");
    }
    for (const rawUrl of [
      "https://localhost/a.jpg",
      "https://127.0.0.1/a.jpg",
      "https://10.0.0.1/a.jpg",
      "https://[::1]/a.jpg",
      "https://2130706433/a.jpg",
      "https://[::ffff:192.168.0.1]/a.jpg",
    ]) {
      const response = await linkImage(publicEvent.id, owner.token, { source: "LINK", rawUrl });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe("Image link must point to a public website");
    }
    // An unknown source is outside the route's types.
    const flickr = await call(`/api/events/${publicEvent.id}/image/external`, {
      method: "POST",
      token: owner.token,
      json: { source: "FLICKR", rawUrl: "https://example.com/a.jpg" },
    });
    expect(await errorOf(flickr)).toBe("Image source must be UNSPLASH, PEXELS, LINK or GOOGLE");
  });

  it("lets owner and host change the cover, not a guest or a stranger", async () => {
    const { host, guest, stranger, publicEvent, privateEvent } = await cast();
    const external = (id: string, token: string) => linkImage(id, token, { source: "LINK", rawUrl: "https://example.com/a.jpg" });
    expect((await external(privateEvent.id, host.token)).status).toBe(200);
    expect((await uploadImage(privateEvent.id, host.token, new File([PNG], "a.png"))).status).toBe(200);
    expect((await external(publicEvent.id, guest.token)).status).toBe(403);
    expect((await uploadImage(publicEvent.id, guest.token, new File([PNG], "a.png"))).status).toBe(403);
    expect((await external(publicEvent.id, stranger.token)).status).toBe(403);
    expect((await external(privateEvent.id, stranger.token)).status).toBe(404);
    expect(await db().select().from(files).where(eq(files.eventId, publicEvent.id))).toEqual([]);
  });
});
