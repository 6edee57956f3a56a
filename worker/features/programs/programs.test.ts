import { env } from "cloudflare:workers";
import { asc, eq } from "drizzle-orm";
import type { InferRequestType } from "hono/client";
import { describe, expect, it } from "vitest";
import { activities, activityDocuments, documents, events, programs } from "@worker/db/schema";
import { apiAs, errorOf, type Answer } from "@worker/test/client";
import { PDF, PNG } from "@worker/test/files";
import { call, db, makeUser } from "@worker/test/helpers";
import { addActivity, cast, eventVersion, experience, fileExists, publicItinerary, storedImage } from "@worker/test/itinerary";
import { messagesDuring } from "@worker/test/live";
import { DAY, HOUR, iso } from "@worker/test/time";

const daysOf = (token?: string) => apiAs(token).api.events[":eventId"].programs;
type DayChange = InferRequestType<ReturnType<typeof daysOf>[":dayId"]["$put"]>["json"];
type ImageLink = InferRequestType<ReturnType<typeof daysOf>[":dayId"]["image"]["external"]["$post"]>["json"];

const put = (eventId: string, dayId: string, token: string, json: DayChange) => daysOf(token)[":dayId"].$put({ param: { eventId, dayId }, json });
const remove = (eventId: string, dayId: string, token: string) => daysOf(token)[":dayId"].$delete({ param: { eventId, dayId } });
const clone = (eventId: string, dayId: string, token: string) => daysOf(token)[":dayId"].clone.$post({ param: { eventId, dayId } });
const reorder = (eventId: string, token: string, programIds: string[]) => daysOf(token).reorder.$post({ param: { eventId }, json: { programIds } });
const uploadImage = (eventId: string, dayId: string, token: string, file: File) =>
  daysOf(token)[":dayId"].image.$post({ param: { eventId, dayId }, form: { file } });
const linkImage = (eventId: string, dayId: string, token: string, json: ImageLink) =>
  daysOf(token)[":dayId"].image.external.$post({ param: { eventId, dayId }, json });

const storedDays = (eventId: string) => db().select().from(programs).where(eq(programs.eventId, eventId)).orderBy(asc(programs.dayIndex));
const activitiesOf = (programId: string) =>
  db().select().from(activities).where(eq(activities.programId, programId)).orderBy(asc(activities.startTime));

/** Every change below must be refused the same way to everyone but organisers, and for another event's day. */
async function expectOrganisersOnly(request: (eventId: string, dayId: string, token: string) => Promise<Answer>, { crossEvent = true } = {}) {
  const { host, guest, stranger, pub, priv } = await cast();
  expect((await request(pub.event.id, pub.days[0]!.id, guest.token)).status).toBe(403);
  expect((await request(priv.event.id, priv.days[0]!.id, guest.token)).status).toBe(403);
  expect((await request(pub.event.id, pub.days[0]!.id, stranger.token)).status).toBe(403);
  const hidden = await request(priv.event.id, priv.days[0]!.id, stranger.token);
  expect(hidden.status).toBe(404);
  expect(await errorOf(hidden)).toBe("Event not found");
  expect((await request(pub.event.id, pub.days[0]!.id, "")).status).toBe(401);
  if (crossEvent) {
    // The host may, but not through one event's path with another event's day.
    const crossed = await request(pub.event.id, priv.days[0]!.id, host.token);
    expect(crossed.status).toBe(404);
    expect(await errorOf(crossed)).toBe("Day not found");
  }
  const ok = await request(priv.event.id, priv.days[1]!.id, host.token);
  expect(ok.status, await ok.clone().text()).toBeLessThan(300);
}

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
          image: null,
          documents: [],
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
    const notNull = await call(`/api/events/${event.id}/programs/${days[0]!.id}`, { method: "PUT", token: owner.token, json: { image: { source: "LINK" } } });
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
  it("deletes the day and its activities, renumbers the other days and removes the day's uploads", async () => {
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
    expect((await storedDays(event.id)).map((d) => [d.id, d.dayIndex, d.date])).toEqual([
      [days[0]!.id, 0, days[0]!.date],
      [days[2]!.id, 1, days[2]!.date],
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
  it("appends a copy after the last day, moving its activities by the same days and extending the experience", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id, 3);
    const dayImage = await storedImage(event.id);
    const activityImage = await storedImage(event.id);
    await db().update(programs).set({ image: dayImage, subtitle: "Old town", description: "Walking day" }).where(eq(programs.id, days[0]!.id));
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
      name: "Day 1 (copy)",
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

describe("POST /api/events/:eventId/programs/reorder", () => {
  it("puts the days in the given order, re-dates them and moves their activities along", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id, 3);
    const first = await addActivity(event.id, days[0]!.id, start + 9 * HOUR);
    const third = await addActivity(event.id, days[2]!.id, start + 2 * DAY + 15 * HOUR, { name: "Dinner" });
    const before = await eventVersion(event.id);

    const order = [days[2]!.id, days[0]!.id, days[1]!.id];
    const response = await reorder(event.id, owner.token, order);
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer.map((d) => [d.id, d.dayIndex, d.date, d.name])).toEqual([
      [days[2]!.id, 0, iso(start).slice(0, 10), "Day 3"],
      [days[0]!.id, 1, iso(start + DAY).slice(0, 10), "Day 1"],
      [days[1]!.id, 2, iso(start + 2 * DAY).slice(0, 10), "Day 2"],
    ]);
    expect(answer[0]!.activities.map((a) => [a.id, a.startDateTime, a.endDateTime])).toEqual([
      [third.id, iso(start + 15 * HOUR), iso(start + 16 * HOUR)],
    ]);
    expect(answer[1]!.activities.map((a) => [a.id, a.startDateTime])).toEqual([[first.id, iso(start + DAY + 9 * HOUR)]]);
    expect((await storedDays(event.id)).map((d) => d.id)).toEqual(order);
    expect(await eventVersion(event.id)).toBe(before + 1);
  });

  it("refuses a list that is not every day exactly once", async () => {
    const owner = await makeUser();
    const { event, days } = await experience(owner.id, 3);
    const other = await experience(owner.id, 1);
    const [a, b, c] = days.map((d) => d.id) as [string, string, string];
    const notEveryDayOnce = [[a, b], [a, b, c, c], [a, b, b], [a, b, other.days[0]!.id], []];
    const sends = [
      ...notEveryDayOnce.map((ids) => [ids, () => reorder(event.id, owner.token, ids)] as const),
      // Not lists of ids at all: outside the route's types.
      ...["abc", [1, 2, 3]].map((ids) => [ids, () => call(`/api/events/${event.id}/programs/reorder`, { method: "POST", token: owner.token, json: { programIds: ids } })] as const),
    ];
    for (const [ids, send] of sends) {
      const response = await send();
      expect(response.status, JSON.stringify(ids)).toBe(400);
      expect(await errorOf(response)).toBe("programIds must list every day of this experience exactly once");
    }
    expect((await storedDays(event.id)).map((d) => d.id)).toEqual([a, b, c]);
  });

  it("is for the owner and hosts only", async () => {
    await expectOrganisersOnly(async (eventId, _dayId, token) => {
      const ids = (await storedDays(eventId)).map((d) => d.id);
      return reorder(eventId, token, ids.reverse());
    }, { crossEvent: false });
  });
});

describe("POST /api/events/:eventId/programs/:dayId/image and /image/external", () => {
  it("sets an uploaded picture, then an external one, removing the old upload", async () => {
    const owner = await makeUser();
    const { event, days } = await experience(owner.id);
    const uploaded = await uploadImage(event.id, days[0]!.id, owner.token, new File([PNG], "day.png"));
    expect(uploaded.status).toBe(200);
    const { image } = await uploaded.json();
    expect(image).toEqual({ original: expect.stringMatching(/^\/files\//), thumbnail: image.original, source: "UPLOAD" });
    const picture = await call(image.original);
    expect(new Uint8Array(await picture.arrayBuffer())).toEqual(PNG);
    const [day] = await db().select().from(programs).where(eq(programs.id, days[0]!.id));
    const fileId = (day!.image as { fileId: string }).fileId;

    const linked = await linkImage(event.id, days[0]!.id, owner.token, { photoId: "p1", source: "PEXELS", rawUrl: "https://images.pexels.com/1.jpg" });
    expect(linked.status).toBe(200);
    expect(await linked.json()).toEqual({
      image: { original: "https://images.pexels.com/1.jpg", thumbnail: "https://images.pexels.com/1.jpg", source: "PEXELS", photoId: "p1" },
    });
    expect(await fileExists(fileId)).toBe(false);
    expect((await publicItinerary(event.id)).programs[0]).toMatchObject({ image: { source: "PEXELS" } });
  });

  it("refuses a file that is not an image by its bytes, and a link that is not https", async () => {
    const owner = await makeUser();
    const { event, days } = await experience(owner.id);
    const pdf = await uploadImage(event.id, days[0]!.id, owner.token, new File([PDF], "day.png", { type: "image/png" }));
    expect(pdf.status).toBe(400);
    expect(await errorOf(pdf)).toBe("Please upload an image file");
    const http = await linkImage(event.id, days[0]!.id, owner.token, { source: "LINK", rawUrl: "http://example.com/a.jpg" });
    expect(await errorOf(http)).toBe("Image link must be an https URL");
    // An unknown source is outside the route's types.
    const source = await call(`/api/events/${event.id}/programs/${days[0]!.id}/image/external`, {
      method: "POST",
      token: owner.token,
      json: { source: "FLICKR", rawUrl: "https://example.com/a.jpg" },
    });
    expect(await errorOf(source)).toBe("Image source must be UNSPLASH, PEXELS, LINK or GOOGLE");
    const local = await linkImage(event.id, days[0]!.id, owner.token, { source: "LINK", rawUrl: "https://192.168.1.20/a.jpg" });
    expect(await errorOf(local)).toBe("Image link must point to a public website");
  });

  it("is for the owner and hosts only, and only for a day of that event", async () => {
    await expectOrganisersOnly((eventId, dayId, token) => uploadImage(eventId, dayId, token, new File([PNG], "day.png")));
    await expectOrganisersOnly((eventId, dayId, token) =>
      linkImage(eventId, dayId, token, { source: "LINK", rawUrl: "https://example.com/a.jpg" }),
    );
  });
});

describe("live updates", () => {
  it("tells the event's open pages the itinerary changed after every change to a day", async () => {
    const owner = await makeUser();
    const { event, days } = await experience(owner.id, 3);
    const changes: (() => Promise<Answer>)[] = [
      () => put(event.id, days[0]!.id, owner.token, { name: "Arrival" }),
      () => clone(event.id, days[0]!.id, owner.token),
      async () => reorder(event.id, owner.token, (await storedDays(event.id)).map((d) => d.id).reverse()),
      () => uploadImage(event.id, days[0]!.id, owner.token, new File([PNG], "day.png")),
      () => linkImage(event.id, days[0]!.id, owner.token, { source: "LINK", rawUrl: "https://example.com/a.jpg" }),
      () => remove(event.id, days[2]!.id, owner.token),
    ];
    for (const change of changes) {
      const messages = await messagesDuring(event.id, owner.token, async () => {
        const response = await change();
        expect(response.status).toBeLessThan(300);
      });
      expect(messages).toEqual([{ type: "itinerary.changed", eventId: event.id }]);
    }
  });

  it("says nothing when a change is refused", async () => {
    const { guest, pub } = await cast();
    const messages = await messagesDuring(pub.event.id, guest.token, () => put(pub.event.id, pub.days[0]!.id, guest.token, { name: "x" }));
    expect(messages).toEqual([]);
  });
});

it("leaves R2 without objects of deleted days", async () => {
  const owner = await makeUser();
  const { event, days } = await experience(owner.id, 2);
  await uploadImage(event.id, days[1]!.id, owner.token, new File([PNG], "day.png"));
  expect((await env.FILES.list({ prefix: `events/${event.id}/` })).objects).toHaveLength(1);
  await remove(event.id, days[1]!.id, owner.token);
  expect((await env.FILES.list({ prefix: `events/${event.id}/` })).objects).toHaveLength(0);
});
