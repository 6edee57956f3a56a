import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityDocuments, documents } from "@worker/db/schema";
import { errorOf, type Answer } from "@worker/test/client";
import { PDF, PNG } from "@worker/test/files";
import { db, makeUser } from "@worker/test/helpers";
import { addActivity, cast, eventVersion, experience, fileExists, publicItinerary, storedImage } from "@worker/test/itinerary";
import { messagesDuring } from "@worker/test/live";
import { DAY, dateOf, HOUR, iso } from "@worker/test/time";
import {
  activityRow,
  addDocument,
  create,
  expectOrganisersOnly,
  fieldsAt,
  get,
  linkImage,
  PLACE,
  put,
  remove,
  uploadImage,
  type ActivityChange,
} from "./activities.test-support";

describe("GET /api/events/:eventId/programs/:dayId/activity/:activityId", () => {
  it("answers the activity with its documents to everyone who may see the event", async () => {
    const { owner, host, guest, stranger, pub, priv } = await cast();
    const doc = await addDocument(pub.event.id);
    const pubActivity = await addActivity(pub.event.id, pub.days[0]!.id, pub.start + 9 * HOUR, { location: PLACE });
    await db().insert(activityDocuments).values({ activityId: pubActivity.id, documentId: doc.id });
    const privActivity = await addActivity(priv.event.id, priv.days[0]!.id, priv.start + 9 * HOUR);

    for (const user of [owner, host, guest, stranger]) {
      const response = await get(pub.event.id, pub.days[0]!.id, pubActivity.id, user.token);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ id: pubActivity.id, location: PLACE, documents: [doc.id] });
    }
    for (const user of [owner, host, guest]) {
      expect((await get(priv.event.id, priv.days[0]!.id, privActivity.id, user.token)).status).toBe(200);
    }
    const hidden = await get(priv.event.id, priv.days[0]!.id, privActivity.id, stranger.token);
    expect(hidden.status).toBe(404);
    expect(await errorOf(hidden)).toBe("Event not found");
    expect((await get(pub.event.id, pub.days[0]!.id, pubActivity.id, "")).status).toBe(401);
  });

  it("answers 404 'Activity not found' for an activity of another event or another day", async () => {
    const { owner, pub, priv } = await cast();
    const privActivity = await addActivity(priv.event.id, priv.days[0]!.id, priv.start + 9 * HOUR);
    const secondDay = await addActivity(pub.event.id, pub.days[1]!.id, pub.start + DAY + 9 * HOUR);
    for (const [eventId, dayId, id] of [
      [pub.event.id, pub.days[0]!.id, privActivity.id],
      [pub.event.id, priv.days[0]!.id, privActivity.id],
      [pub.event.id, pub.days[0]!.id, secondDay.id],
    ] as const) {
      const response = await get(eventId, dayId, id, owner.token);
      expect(response.status).toBe(404);
      expect(await errorOf(response)).toBe("Activity not found");
    }
  });
});

describe("PUT /api/events/:eventId/programs/:dayId/activity/:activityId", () => {
  it("changes the given fields and keeps the others", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id);
    const walk = await addActivity(event.id, days[0]!.id, start + 9 * HOUR, { subtitle: "Keep me", location: "Alfama" });
    const before = await eventVersion(event.id);
    const response = await put(event.id, days[0]!.id, walk.id, owner.token, { name: " Tour ", description: "New", location: PLACE });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ name: "Tour", subtitle: "Keep me", description: "New", location: PLACE });
    expect(await eventVersion(event.id)).toBe(before + 1);

    const cleared = await put(event.id, days[0]!.id, walk.id, owner.token, { location: null, subtitle: "" });
    expect(await cleared.json()).toMatchObject({ location: null, subtitle: "" });
    const text = await put(event.id, days[0]!.id, walk.id, owner.token, { location: "Belém" });
    expect((await text.json()).location).toBe("Belém");
  });

  it("moves the times within its day, the end possibly past midnight", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id);
    const walk = await addActivity(event.id, days[0]!.id, start + 9 * HOUR);
    const response = await put(event.id, days[0]!.id, walk.id, owner.token, {
      startIsoTime: iso(start + 23 * HOUR),
      endIsoTime: iso(start + DAY + 2 * HOUR),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      programId: days[0]!.id,
      startDateTime: iso(start + 23 * HOUR),
      endDateTime: iso(start + DAY + 2 * HOUR),
    });
  });

  it("refuses to move the start to another day's date with 'An activity must start on its day's date', changing nothing", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id);
    const walk = await addActivity(event.id, days[1]!.id, start + DAY + 9 * HOUR);
    const before = await eventVersion(event.id);
    const cases: ActivityChange[] = [
      { startIsoTime: iso(start + 2 * DAY + 10 * HOUR), endIsoTime: iso(start + 2 * DAY + 12 * HOUR) },
      { startIsoTime: iso(start + 23 * HOUR) },
    ];
    for (const json of cases) {
      const response = await put(event.id, days[1]!.id, walk.id, owner.token, json);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe("An activity must start on its day's date");
    }
    expect(await activityRow(walk.id)).toMatchObject({
      programId: days[1]!.id,
      startTime: new Date(start + DAY + 9 * HOUR),
      endTime: new Date(start + DAY + 10 * HOUR),
    });
    expect(await eventVersion(event.id)).toBe(before);
  });

  it("applies the time rules to the resulting start and end", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id, 2);
    const walk = await addActivity(event.id, days[0]!.id, start + 9 * HOUR);
    const cases: [ActivityChange, string][] = [
      [{ endIsoTime: iso(start + 8 * HOUR) }, "End time must be after start time"],
      [{ startIsoTime: iso(start + 10 * HOUR) }, "End time must be after start time"],
      [{ startIsoTime: iso(start - HOUR) }, "Activity times must be within the experience dates"],
      [{ endIsoTime: iso(start + 2 * DAY + HOUR) }, "Activity times must be within the experience dates"],
      [{ name: "" }, "Name is required"],
      [{ description: " " }, "Description is required"],
      [{ startIsoTime: "" }, "Start time is required"],
      [{ startIsoTime: `${dateOf(start)}T25:99:00.000Z` }, "Enter a time between 00:00 and 23:59"],
      [{ endIsoTime: `${dateOf(start)}T09:60:00Z` }, "Enter a time between 00:00 and 23:59"],
    ];
    for (const [json, message] of cases) {
      const response = await put(event.id, days[0]!.id, walk.id, owner.token, json);
      expect(response.status, message).toBe(400);
      expect(await errorOf(response)).toBe(message);
    }
    expect(await activityRow(walk.id)).toMatchObject({ name: "Walk", startTime: new Date(start + 9 * HOUR) });
  });

  it("replaces the document list with documents of this event, refusing others with 'Unknown document'", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id);
    const other = await experience(owner.id);
    const walk = await addActivity(event.id, days[0]!.id, start + 9 * HOUR);
    const [a, b, c] = [await addDocument(event.id), await addDocument(event.id), await addDocument(event.id)];
    const foreign = await addDocument(other.event.id);

    const first = await put(event.id, days[0]!.id, walk.id, owner.token, { documents: [a.id, b.id, a.id] });
    expect(first.status).toBe(200);
    expect((await first.json()).documents.sort()).toEqual([a.id, b.id].sort());
    const second = await put(event.id, days[0]!.id, walk.id, owner.token, { documents: [c.id] });
    expect((await second.json()).documents).toEqual([c.id]);

    for (const ids of [[c.id, foreign.id], [crypto.randomUUID()]]) {
      const refused = await put(event.id, days[0]!.id, walk.id, owner.token, { documents: ids });
      expect(refused.status).toBe(400);
      expect(await errorOf(refused)).toBe("Unknown document");
    }
    const links = await db().select().from(activityDocuments).where(eq(activityDocuments.activityId, walk.id));
    expect(links.map((l) => l.documentId)).toEqual([c.id]);

    const emptied = await put(event.id, days[0]!.id, walk.id, owner.token, { documents: [] });
    expect((await emptied.json()).documents).toEqual([]);
  });

  it("links as many documents as the call allows (100), more than fit in one D1 query", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id);
    const walk = await addActivity(event.id, days[0]!.id, start + 9 * HOUR);
    const ids = [];
    for (let i = 0; i < 100; i++) ids.push((await addDocument(event.id)).id);
    const response = await put(event.id, days[0]!.id, walk.id, owner.token, { documents: ids });
    expect(response.status).toBe(200);
    expect((await response.json()).documents).toHaveLength(100);
  });

  it("is for the owner and hosts only, and only for an activity of that event and day", async () => {
    await expectOrganisersOnly((eventId, dayId, id, token) => put(eventId, dayId, id, token, { name: "Renamed" }));
  });
});

describe("DELETE /api/events/:eventId/programs/:dayId/activity/:activityId", () => {
  it("deletes the activity, its document links and its uploaded image", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id);
    const image = await storedImage(event.id);
    const walk = await addActivity(event.id, days[0]!.id, start + 9 * HOUR, { image });
    const doc = await addDocument(event.id);
    await db().insert(activityDocuments).values({ activityId: walk.id, documentId: doc.id });
    const before = await eventVersion(event.id);

    const response = await remove(event.id, days[0]!.id, walk.id, owner.token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    expect(await activityRow(walk.id)).toBeUndefined();
    expect(await fileExists(image.fileId)).toBe(false);
    expect(await db().select().from(activityDocuments).where(eq(activityDocuments.documentId, doc.id))).toEqual([]);
    expect(await db().select().from(documents).where(eq(documents.id, doc.id))).toHaveLength(1);
    expect(await eventVersion(event.id)).toBe(before + 1);
  });

  it("is for the owner and hosts only, and only for an activity of that event and day", async () => {
    await expectOrganisersOnly((eventId, dayId, id, token) => remove(eventId, dayId, id, token));
  });
});

describe("POST .../activity/:activityId/image and /image/external", () => {
  it("sets an uploaded picture, then an external one, removing the old upload", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id);
    const walk = await addActivity(event.id, days[0]!.id, start + 9 * HOUR);
    const uploaded = await uploadImage(event.id, days[0]!.id, walk.id, owner.token, new File([PNG], "a.png"));
    expect(uploaded.status).toBe(200);
    expect(await uploaded.json()).toEqual({
      image: { original: expect.stringMatching(/^\/files\//), thumbnail: expect.any(String), source: "UPLOAD" },
    });
    const fileId = ((await activityRow(walk.id))!.image as { fileId: string }).fileId;

    const linked = await linkImage(event.id, days[0]!.id, walk.id, owner.token, {
      source: "GOOGLE",
      rawUrl: "https://lh3.google.com/p.jpg",
    });
    expect(await linked.json()).toEqual({
      image: { original: "https://lh3.google.com/p.jpg", thumbnail: "https://lh3.google.com/p.jpg", source: "GOOGLE" },
    });
    expect(await fileExists(fileId)).toBe(false);

    const pdf = await uploadImage(event.id, days[0]!.id, walk.id, owner.token, new File([PDF], "a.png"));
    expect(await errorOf(pdf)).toBe("Please upload an image file");
    const http = await linkImage(event.id, days[0]!.id, walk.id, owner.token, { source: "LINK", rawUrl: "ftp://x.com/a.jpg" });
    expect(await errorOf(http)).toBe("Image link must be an https URL");
  });

  it("is for the owner and hosts only, and only for an activity of that event and day", async () => {
    await expectOrganisersOnly((eventId, dayId, id, token) => uploadImage(eventId, dayId, id, token, new File([PNG], "a.png")));
    await expectOrganisersOnly((eventId, dayId, id, token) =>
      linkImage(eventId, dayId, id, token, { source: "LINK", rawUrl: "https://example.com/a.jpg" }),
    );
  });
});

describe("live updates", () => {
  it("tells the event's open pages the itinerary changed after every change to an activity", async () => {
    const { owner, guest, pub } = await cast();
    const { event, start, days } = pub;
    const walk = await addActivity(event.id, days[0]!.id, start + 9 * HOUR);
    const changes: (() => Promise<Answer>)[] = [
      () => create(event.id, days[0]!.id, owner.token, fieldsAt(start)),
      () => put(event.id, days[0]!.id, walk.id, owner.token, { name: "Tour" }),
      () => uploadImage(event.id, days[0]!.id, walk.id, owner.token, new File([PNG], "a.png")),
      () => linkImage(event.id, days[0]!.id, walk.id, owner.token, { source: "LINK", rawUrl: "https://example.com/a.jpg" }),
      () => remove(event.id, days[0]!.id, walk.id, owner.token),
    ];
    for (const change of changes) {
      // A guest's open page hears it too.
      const messages = await messagesDuring(event.id, guest.token, async () => {
        const response = await change();
        expect(response.status).toBeLessThan(300);
      });
      expect(messages).toEqual([{ type: "itinerary.changed", eventId: event.id }]);
    }
  });

  it("shows a new activity on the public itinerary at once", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id);
    const read = async () => (await publicItinerary(event.id)).programs[0]!.activities;
    expect(await read()).toEqual([]);
    await create(event.id, days[0]!.id, owner.token, fieldsAt(start));
    expect(await read()).toHaveLength(1);
  });
});

async function walk() {
  const { owner, host, pub } = await cast();
  const start = pub.start + 9 * HOUR;
  const activity = await addActivity(pub.event.id, pub.days[0]!.id, start, { name: "Walk", subtitle: "", description: "Along the river" });
  const edit = (token: string, json: Parameters<typeof put>[4]) => put(pub.event.id, pub.days[0]!.id, activity.id, token, json);
  return { owner, host, activity, start, edit };
}

describe("PUT an activity with the values the editor started from (base)", () => {
  it("answers the second of two saves from the same base 409 'Someone else changed this while you were editing' with the current name", async () => {
    const { owner, host, activity, edit } = await walk();
    expect((await edit(host.token, { name: "River walk", base: { name: "Walk" } })).status).toBe(200);

    const late = await edit(owner.token, { name: "Old town walk", base: { name: "Walk" } });
    expect(late.status).toBe(409);
    expect(await late.json()).toEqual({ error: "Someone else changed this while you were editing", current: { name: "River walk" } });
    expect((await activityRow(activity.id))!.name).toBe("River walk");
  });

  it("names who moved the time, from the change log, and answers the current start as an instant", async () => {
    const { owner, host, activity, start, edit } = await walk();
    const moved = await edit(host.token, {
      startIsoTime: iso(start - HOUR),
      endIsoTime: iso(start + HOUR),
      base: { startIsoTime: iso(start), endIsoTime: iso(start + HOUR) },
    });
    expect(moved.status).toBe(200);

    const late = await edit(owner.token, {
      startIsoTime: iso(start + HOUR / 2),
      endIsoTime: iso(start + HOUR),
      base: { startIsoTime: iso(start), endIsoTime: iso(start + HOUR) },
    });
    expect(late.status).toBe(409);
    expect(await late.json()).toEqual({
      error: `${host.firstName} ${host.lastName} changed this while you were editing`,
      current: { startIsoTime: new Date(start - HOUR).toISOString() },
    });
    expect((await activityRow(activity.id))!.startTime.getTime()).toBe(start - HOUR);
  });

  it("lands both when two organisers change different fields from the same base", async () => {
    const { owner, host, activity, edit } = await walk();
    const [a, b] = await Promise.all([
      edit(host.token, { name: "River walk", base: { name: "Walk" } }),
      edit(owner.token, { description: "Along the Tagus", base: { description: "Along the river" } }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await activityRow(activity.id)).toMatchObject({ name: "River walk", description: "Along the Tagus" });
  });

  it("keeps someone else's new end when the save sends the end unchanged from its base", async () => {
    const { owner, host, activity, start, edit } = await walk();
    const base = { startIsoTime: iso(start), endIsoTime: iso(start + HOUR) };
    expect((await edit(host.token, { startIsoTime: iso(start), endIsoTime: iso(start + 2 * HOUR), base })).status).toBe(200);
    expect((await edit(owner.token, { startIsoTime: iso(start - HOUR), endIsoTime: iso(start + HOUR), base })).status).toBe(200);
    const row = (await activityRow(activity.id))!;
    expect([row.startTime.getTime(), row.endTime.getTime()]).toEqual([start - HOUR, start + 2 * HOUR]);
  });

  it("saves again with the new base after a conflict ('Use mine')", async () => {
    const { owner, host, activity, edit } = await walk();
    await edit(host.token, { name: "River walk", base: { name: "Walk" } });
    expect((await edit(owner.token, { name: "Old town walk", base: { name: "Walk" } })).status).toBe(409);
    expect((await edit(owner.token, { name: "Old town walk", base: { name: "River walk" } })).status).toBe(200);
    expect((await activityRow(activity.id))!.name).toBe("Old town walk");
  });

  it("lets the last write win without a base (older clients)", async () => {
    const { owner, host, activity, edit } = await walk();
    expect((await edit(host.token, { name: "River walk" })).status).toBe(200);
    expect((await edit(owner.token, { name: "Old town walk" })).status).toBe(200);
    expect((await activityRow(activity.id))!.name).toBe("Old town walk");
  });
});
