import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activities, activityDocuments, documents } from "../../db/schema";
import { call, db, makeUser } from "../../test/helpers";
import {
  addActivity,
  cast,
  DAY,
  errorOf,
  eventVersion,
  experience,
  fileExists,
  form,
  HOUR,
  iso,
  messagesDuring,
  PDF,
  PNG,
  storedImage,
} from "../programs/test-support";

const base = (eventId: string, dayId: string) => `/api/events/${eventId}/programs/${dayId}/activity`;
const create = (eventId: string, dayId: string, token: string, fields: Record<string, string | File>) =>
  call(base(eventId, dayId), { method: "POST", token, body: form(fields) });
const get = (eventId: string, dayId: string, id: string, token: string) => call(`${base(eventId, dayId)}/${id}`, { token });
const put = (eventId: string, dayId: string, id: string, token: string, json: unknown) =>
  call(`${base(eventId, dayId)}/${id}`, { method: "PUT", token, json });
const remove = (eventId: string, dayId: string, id: string, token: string) => call(`${base(eventId, dayId)}/${id}`, { method: "DELETE", token });
const uploadImage = (eventId: string, dayId: string, id: string, token: string, file: File) =>
  call(`${base(eventId, dayId)}/${id}/image`, { method: "POST", token, body: form({ file }) });
const linkImage = (eventId: string, dayId: string, id: string, token: string, json: unknown) =>
  call(`${base(eventId, dayId)}/${id}/image/external`, { method: "POST", token, json });

const activityRow = async (id: string) => (await db().select().from(activities).where(eq(activities.id, id)))[0];

interface ActivityJson {
  id: string;
  programId: string;
  location: unknown;
  image: { original: string; source: string; photoId?: string } | null;
  documents: string[];
  startDateTime: string;
  endDateTime: string;
}

const PLACE = {
  structuredFormat: { mainText: { text: "Time Out Market" }, secondaryText: { text: "Av. 24 de Julho, Lisboa" } },
  description: "Time Out Market, Av. 24 de Julho, Lisboa",
  googleMapsUri: "https://maps.google.com/?cid=1",
  placeId: "ChIJ123",
};

/** A valid new activity on the first day of an experience that starts at `start`. */
const fieldsAt = (start: number, more: Record<string, string | File> = {}) => ({
  name: "Walking tour",
  description: "Old town by foot",
  startIsoTime: iso(start + 9 * HOUR),
  endIsoTime: iso(start + 11 * HOUR),
  ...more,
});

async function addDocument(eventId: string) {
  const doc = { id: crypto.randomUUID(), eventId, fileId: (await storedImage(eventId)).fileId };
  await db().insert(documents).values(doc);
  return doc;
}

/**
 * The same refusals for every organiser-only call: guests and strangers, anonymous callers, and another
 * event's activity (or the right event's activity under another of its days) reached through this path.
 */
async function expectOrganisersOnly(request: (eventId: string, dayId: string, activityId: string, token: string) => Promise<Response>) {
  const { host, guest, stranger, pub, priv } = await cast();
  const pubActivity = await addActivity(pub.event.id, pub.days[0]!.id, pub.start + 9 * HOUR);
  const privActivity = await addActivity(priv.event.id, priv.days[0]!.id, priv.start + 9 * HOUR);
  const secondDay = await addActivity(priv.event.id, priv.days[1]!.id, priv.start + DAY + 9 * HOUR);
  expect((await request(pub.event.id, pub.days[0]!.id, pubActivity.id, guest.token)).status).toBe(403);
  expect((await request(priv.event.id, priv.days[0]!.id, privActivity.id, guest.token)).status).toBe(403);
  expect((await request(pub.event.id, pub.days[0]!.id, pubActivity.id, stranger.token)).status).toBe(403);
  const hidden = await request(priv.event.id, priv.days[0]!.id, privActivity.id, stranger.token);
  expect(hidden.status).toBe(404);
  expect(await errorOf(hidden)).toBe("Event not found");
  expect((await request(pub.event.id, pub.days[0]!.id, pubActivity.id, "")).status).toBe(401);
  for (const [eventId, dayId, activityId] of [
    [pub.event.id, pub.days[0]!.id, privActivity.id],
    [pub.event.id, priv.days[0]!.id, privActivity.id],
    [priv.event.id, priv.days[0]!.id, secondDay.id],
    [priv.event.id, priv.days[0]!.id, crypto.randomUUID()],
  ] as const) {
    const crossed = await request(eventId, dayId, activityId, host.token);
    expect(crossed.status).toBe(404);
    expect(await errorOf(crossed)).toBe("Activity not found");
  }
  const ok = await request(priv.event.id, priv.days[0]!.id, privActivity.id, host.token);
  expect(ok.status, await ok.clone().text()).toBeLessThan(300);
}

describe("POST /api/events/:eventId/programs/:dayId/activity (add an activity)", () => {
  it("adds the activity to the day and answers 201 with the Activity JSON", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id);
    const before = await eventVersion(event.id);
    const response = await create(event.id, days[0]!.id, owner.token, fieldsAt(start, { subtitle: " Meet at the square ", location: "Praça do Comércio" }));
    expect(response.status).toBe(201);
    const body = await response.json<ActivityJson>();
    expect(body).toEqual({
      id: expect.any(String),
      eventId: event.id,
      programId: days[0]!.id,
      name: "Walking tour",
      subtitle: "Meet at the square",
      description: "Old town by foot",
      location: "Praça do Comércio",
      startDateTime: iso(start + 9 * HOUR),
      endDateTime: iso(start + 11 * HOUR),
      image: null,
      documents: [],
    });
    expect(await activityRow(body.id)).toMatchObject({ programId: days[0]!.id, location: "Praça do Comércio" });
    expect(await eventVersion(event.id)).toBe(before + 1);
  });

  it("accepts a place object sent as a JSON string, keeping only its known fields", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id);
    const response = await create(event.id, days[0]!.id, owner.token, fieldsAt(start, { location: JSON.stringify({ ...PLACE, extra: "x" }) }));
    expect(response.status).toBe(201);
    expect((await response.json<ActivityJson>()).location).toEqual(PLACE);
  });

  it("refuses a location that is neither text nor a valid place", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id);
    for (const location of [
      "{not json",
      JSON.stringify({ description: "no structured format" }),
      JSON.stringify({ ...PLACE, googleMapsUri: "javascript:alert(1)" }),
      "x".repeat(501),
    ]) {
      const response = await create(event.id, days[0]!.id, owner.token, fieldsAt(start, { location }));
      expect(response.status, location).toBe(400);
    }
    const bad = await create(event.id, days[0]!.id, owner.token, fieldsAt(start, { location: "{not json" }));
    expect(await errorOf(bad)).toBe("Location must be text or a place chosen from the search");
  });

  it("stores an uploaded cover image, or points at an external one", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id);
    const uploaded = await create(event.id, days[0]!.id, owner.token, fieldsAt(start, { file: new File([PNG], "cover.png") }));
    expect(uploaded.status).toBe(201);
    const withUpload = await uploaded.json<ActivityJson>();
    expect(withUpload.image).toMatchObject({ source: "UPLOAD", original: expect.stringMatching(/^\/files\//) });
    expect(new Uint8Array(await (await call(withUpload.image!.original)).arrayBuffer())).toEqual(PNG);

    const linked = await create(
      event.id,
      days[0]!.id,
      owner.token,
      fieldsAt(start, { externalFile: "true", photoId: "u1", source: "UNSPLASH", rawUrl: "https://images.unsplash.com/photo-1" }),
    );
    expect(linked.status).toBe(201);
    expect((await linked.json<ActivityJson>()).image).toEqual({
      original: "https://images.unsplash.com/photo-1",
      thumbnail: "https://images.unsplash.com/photo-1",
      source: "UNSPLASH",
      photoId: "u1",
    });

    const emptyFileInput = await create(event.id, days[0]!.id, owner.token, fieldsAt(start, { file: new File([], "") }));
    expect(emptyFileInput.status).toBe(201);
    expect((await emptyFileInput.json<ActivityJson>()).image).toBeNull();
  });

  it("refuses a cover that is not an image, and an external image without a valid source or https link", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id);
    const pdf = await create(event.id, days[0]!.id, owner.token, fieldsAt(start, { file: new File([PDF], "cover.png", { type: "image/png" }) }));
    expect(pdf.status).toBe(400);
    expect(await errorOf(pdf)).toBe("Please upload an image file");
    const http = await create(event.id, days[0]!.id, owner.token, fieldsAt(start, { externalFile: "true", source: "LINK", rawUrl: "http://x.com/a.jpg" }));
    expect(await errorOf(http)).toBe("Image link must be an https URL");
    const local = await create(event.id, days[0]!.id, owner.token, fieldsAt(start, { externalFile: "true", source: "LINK", rawUrl: "https://169.254.169.254/a.jpg" }));
    expect(await errorOf(local)).toBe("Image link must point to a public website");
    const noSource = await create(event.id, days[0]!.id, owner.token, fieldsAt(start, { externalFile: "true", rawUrl: "https://x.com/a.jpg" }));
    expect(await errorOf(noSource)).toBe("Image source must be UNSPLASH, PEXELS, LINK or GOOGLE");
    expect(await db().select().from(activities).where(eq(activities.eventId, event.id))).toEqual([]);
  });

  it("refuses missing fields with 'Name is required', 'Description is required', 'Start time is required' and 'End time is required'", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id);
    const valid = fieldsAt(start);
    const cases: [Record<string, string>, string][] = [
      [{ ...valid, name: "  " }, "Name is required"],
      [{ description: valid.description, startIsoTime: valid.startIsoTime, endIsoTime: valid.endIsoTime }, "Name is required"],
      [{ ...valid, description: "" }, "Description is required"],
      [{ name: valid.name, startIsoTime: valid.startIsoTime, endIsoTime: valid.endIsoTime }, "Description is required"],
      [{ ...valid, startIsoTime: "" }, "Start time is required"],
      [{ name: valid.name, description: valid.description, endIsoTime: valid.endIsoTime }, "Start time is required"],
      [{ ...valid, endIsoTime: "" }, "End time is required"],
      [{ ...valid, startIsoTime: "9am" }, "Start time must be an ISO 8601 date-time"],
    ];
    for (const [fields, message] of cases) {
      const response = await create(event.id, days[0]!.id, owner.token, fields);
      expect(response.status, message).toBe(400);
      expect(await errorOf(response)).toBe(message);
    }
  });

  it("refuses an activity whose end is before its start with 'End time must be after start time'", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id);
    for (const end of [start + 8 * HOUR, start + 9 * HOUR]) {
      const response = await create(event.id, days[0]!.id, owner.token, fieldsAt(start, { endIsoTime: iso(end) }));
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe("End time must be after start time");
    }
  });

  it("refuses times outside the experience with 'Activity times must be within the experience dates'", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id, 2);
    const cases = [
      [start - HOUR, start + HOUR],
      [start + 2 * DAY - HOUR, start + 2 * DAY + HOUR],
      [start + 3 * DAY, start + 3 * DAY + HOUR],
    ];
    for (const [from, to] of cases) {
      const response = await create(event.id, days[0]!.id, owner.token, fieldsAt(start, { startIsoTime: iso(from!), endIsoTime: iso(to!) }));
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe("Activity times must be within the experience dates");
    }
    const lastMinute = await create(event.id, days[1]!.id, owner.token, fieldsAt(start, { startIsoTime: iso(start + 2 * DAY - HOUR), endIsoTime: iso(start + 2 * DAY) }));
    expect(lastMinute.status).toBe(201);
  });

  it("refuses times more than a year ahead with 'Activity date range is at most 1 year ahead'", async () => {
    const owner = await makeUser();
    const start = Math.floor(Date.now() / DAY) * DAY + 360 * DAY;
    const { event, days } = await experience(owner.id, 1, { startTime: new Date(start), endTime: new Date(start + 10 * DAY) });
    const far = await create(event.id, days[0]!.id, owner.token, fieldsAt(start + 7 * DAY));
    expect(far.status).toBe(400);
    expect(await errorOf(far)).toBe("Activity date range is at most 1 year ahead");
    expect((await create(event.id, days[0]!.id, owner.token, fieldsAt(start))).status).toBe(201);
  });

  it("is for the owner and hosts only, on a day of that event ('Day not found' otherwise)", async () => {
    const { owner, host, guest, stranger, pub, priv } = await cast();
    const on = (e: typeof pub) => fieldsAt(e.start);
    expect((await create(pub.event.id, pub.days[0]!.id, guest.token, on(pub))).status).toBe(403);
    expect((await create(pub.event.id, pub.days[0]!.id, stranger.token, on(pub))).status).toBe(403);
    expect((await create(priv.event.id, priv.days[0]!.id, stranger.token, on(priv))).status).toBe(404);
    expect((await create(priv.event.id, priv.days[0]!.id, "", on(priv))).status).toBe(401);
    const crossed = await create(pub.event.id, priv.days[0]!.id, owner.token, on(pub));
    expect(crossed.status).toBe(404);
    expect(await errorOf(crossed)).toBe("Day not found");
    expect((await create(priv.event.id, priv.days[0]!.id, host.token, on(priv))).status).toBe(201);
    expect((await create(pub.event.id, pub.days[1]!.id, owner.token, on(pub))).status).toBe(201);
  });
});

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
    expect((await text.json<ActivityJson>()).location).toBe("Belém");
  });

  it("moves the times, keeping the activity on its day even when its start moves to another date", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id);
    const walk = await addActivity(event.id, days[0]!.id, start + 9 * HOUR);
    const response = await put(event.id, days[0]!.id, walk.id, owner.token, {
      startIsoTime: iso(start + DAY + 10 * HOUR),
      endIsoTime: iso(start + DAY + 12 * HOUR),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      programId: days[0]!.id,
      startDateTime: iso(start + DAY + 10 * HOUR),
      endDateTime: iso(start + DAY + 12 * HOUR),
    });
  });

  it("applies the time rules to the resulting start and end", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id, 2);
    const walk = await addActivity(event.id, days[0]!.id, start + 9 * HOUR);
    const cases: [Record<string, string>, string][] = [
      [{ endIsoTime: iso(start + 8 * HOUR) }, "End time must be after start time"],
      [{ startIsoTime: iso(start + 10 * HOUR) }, "End time must be after start time"],
      [{ startIsoTime: iso(start - HOUR) }, "Activity times must be within the experience dates"],
      [{ endIsoTime: iso(start + 2 * DAY + HOUR) }, "Activity times must be within the experience dates"],
      [{ name: "" }, "Name is required"],
      [{ description: " " }, "Description is required"],
      [{ startIsoTime: "" }, "Start time is required"],
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
    expect((await first.json<ActivityJson>()).documents.sort()).toEqual([a.id, b.id].sort());
    const second = await put(event.id, days[0]!.id, walk.id, owner.token, { documents: [c.id] });
    expect((await second.json<ActivityJson>()).documents).toEqual([c.id]);

    for (const ids of [[c.id, foreign.id], [crypto.randomUUID()]]) {
      const refused = await put(event.id, days[0]!.id, walk.id, owner.token, { documents: ids });
      expect(refused.status).toBe(400);
      expect(await errorOf(refused)).toBe("Unknown document");
    }
    const links = await db().select().from(activityDocuments).where(eq(activityDocuments.activityId, walk.id));
    expect(links.map((l) => l.documentId)).toEqual([c.id]);

    const emptied = await put(event.id, days[0]!.id, walk.id, owner.token, { documents: [] });
    expect((await emptied.json<ActivityJson>()).documents).toEqual([]);
  });

  it("links as many documents as the call allows (100), more than fit in one D1 query", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id);
    const walk = await addActivity(event.id, days[0]!.id, start + 9 * HOUR);
    const ids = [];
    for (let i = 0; i < 100; i++) ids.push((await addDocument(event.id)).id);
    const response = await put(event.id, days[0]!.id, walk.id, owner.token, { documents: ids });
    expect(response.status).toBe(200);
    expect((await response.json<ActivityJson>()).documents).toHaveLength(100);
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
    expect(await uploaded.json()).toEqual({ image: { original: expect.stringMatching(/^\/files\//), thumbnail: expect.any(String), source: "UPLOAD" } });
    const fileId = ((await activityRow(walk.id))!.image as { fileId: string }).fileId;

    const linked = await linkImage(event.id, days[0]!.id, walk.id, owner.token, { source: "GOOGLE", rawUrl: "https://lh3.google.com/p.jpg" });
    expect(await linked.json()).toEqual({ image: { original: "https://lh3.google.com/p.jpg", thumbnail: "https://lh3.google.com/p.jpg", source: "GOOGLE" } });
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
    const changes: (() => Promise<Response>)[] = [
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
    const read = async () => (await (await call(`/oapi/itinerary/${event.id}`)).json<{ programs: { activities: unknown[] }[] }>()).programs[0]!.activities;
    expect(await read()).toEqual([]);
    await create(event.id, days[0]!.id, owner.token, fieldsAt(start));
    expect(await read()).toHaveLength(1);
  });
});
