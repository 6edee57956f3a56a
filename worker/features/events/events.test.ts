import { env } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  activities,
  activityDocuments,
  bulletins,
  documents,
  eventHosts,
  events,
  feedbackAnswers,
  feedbackFields,
  feedbackForms,
  feedbackResponses,
  feedComments,
  feedLikes,
  feedPosts,
  files,
  programs,
  rsvps,
} from "../../db/schema";
import { storeFile } from "../../lib/files";
import type { LiveMessage } from "../../live/protocol";
import { addGuest, addHost, call, db, makeEvent, makeUser, openLiveSocket } from "../../test/helpers";

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const todayUtc = () => Math.floor(Date.now() / DAY) * DAY;
const iso = (ms: number) => new Date(ms).toISOString();

const errorOf = async (response: Response) => (await response.json<{ error: string }>()).error;

// A 1x1 transparent PNG.
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF");

const form = (fields: Record<string, string | File>) => {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  return body;
};

const createEvent = (token: string, fields: Record<string, string | File> = {}) =>
  call("/api/events", {
    method: "POST",
    token,
    body: form({ name: "Lisbon Retreat", startIsoTime: iso(todayUtc() + DAY), endIsoTime: iso(todayUtc() + 4 * DAY), isAIMode: "false", ...fields }),
  });

const upload = (eventId: string) =>
  storeFile(env, db(), { bytes: PNG, mimeType: "image/png", kind: "image", name: "pic.png" }, { eventId, uploaderId: null });

async function addDay(eventId: string, dayIndex: number, fields: Partial<typeof programs.$inferInsert> = {}) {
  const [event] = await db().select().from(events).where(eq(events.id, eventId));
  const row = {
    id: crypto.randomUUID(),
    eventId,
    dayIndex,
    date: iso(event!.startTime.getTime() + dayIndex * DAY).slice(0, 10),
    name: `Day ${dayIndex + 1}`,
    ...fields,
  };
  await db().insert(programs).values(row);
  return row;
}

async function addActivity(eventId: string, programId: string, startTime: Date, fields: Partial<typeof activities.$inferInsert> = {}) {
  const row = { id: crypto.randomUUID(), eventId, programId, name: "Walk", startTime, endTime: new Date(startTime.getTime() + HOUR), ...fields };
  await db().insert(activities).values(row);
  return row;
}

/** A private event, a public one, and one user in every role on both. */
async function cast() {
  const [owner, host, guest, stranger] = await Promise.all([makeUser(), makeUser(), makeUser(), makeUser()]);
  const publicEvent = await makeEvent(owner.id, { privacy: "PUBLIC" });
  const privateEvent = await makeEvent(owner.id, { privacy: "PRIVATE" });
  for (const event of [publicEvent, privateEvent]) {
    await addHost(event.id, host.id);
    await addGuest(event.id, guest);
  }
  return { owner, host, guest, stranger, publicEvent, privateEvent };
}

async function listen(eventId: string, token: string) {
  const response = await openLiveSocket(eventId, token);
  const ws = response.webSocket!;
  const messages: LiveMessage[] = [];
  ws.accept();
  ws.addEventListener("message", (e) => {
    messages.push(JSON.parse(e.data as string));
  });
  return { ws, messages };
}
const settle = () => new Promise((r) => setTimeout(r, 50));

describe("POST /api/events (create experience)", () => {
  it("creates the experience with the defaults and one day per date", async () => {
    const owner = await makeUser();
    const response = await call("/api/events", {
      method: "POST",
      token: owner.token,
      body: form({ name: "  Lisbon Retreat ", startIsoTime: iso(todayUtc() + DAY), endIsoTime: iso(todayUtc() + 4 * DAY) }),
    });
    expect(response.status).toBe(201);
    const created = await response.json<{ id: string }>();
    expect(created).toEqual({
      id: expect.any(String),
      name: "Lisbon Retreat",
      startTime: iso(todayUtc() + DAY),
      endTime: iso(todayUtc() + 4 * DAY),
      privacy: "PUBLIC",
      rsvpType: "OPEN_INVITE",
    });
    const days = await db().select().from(programs).where(eq(programs.eventId, created.id)).orderBy(programs.dayIndex);
    expect(days.map((d) => [d.dayIndex, d.name, d.date])).toEqual([
      [0, "Day 1", iso(todayUtc() + DAY).slice(0, 10)],
      [1, "Day 2", iso(todayUtc() + 2 * DAY).slice(0, 10)],
      [2, "Day 3", iso(todayUtc() + 3 * DAY).slice(0, 10)],
    ]);
    const [event] = await db().select().from(events).where(eq(events.id, created.id));
    expect(event).toMatchObject({ ownerId: owner.id, image: null });
  });

  it("accepts today and keeps the given privacy and rsvpType", async () => {
    const owner = await makeUser();
    const response = await createEvent(owner.token, {
      startIsoTime: iso(todayUtc()),
      endIsoTime: iso(todayUtc() + DAY),
      privacy: "PRIVATE",
      rsvpType: "INVITE_ONLY",
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ privacy: "PRIVATE", rsvpType: "INVITE_ONLY" });
  });

  it("normalises the start to its UTC midnight and rounds the end up to the next midnight", async () => {
    const owner = await makeUser();
    const start = todayUtc() + 2 * DAY;
    const sameDay = await createEvent(owner.token, { startIsoTime: iso(start + 15 * HOUR), endIsoTime: iso(start) });
    expect(await sameDay.json()).toMatchObject({ startTime: iso(start), endTime: iso(start + DAY) });
    const midDay = await createEvent(owner.token, { startIsoTime: iso(start), endIsoTime: iso(start + DAY + 9 * HOUR) });
    expect(await midDay.json()).toMatchObject({ startTime: iso(start), endTime: iso(start + 2 * DAY) });
  });

  it("creates a year-long experience's 365 days", async () => {
    const owner = await makeUser();
    const response = await createEvent(owner.token, { endIsoTime: iso(todayUtc() + 366 * DAY) });
    expect(response.status).toBe(201);
    const { id } = await response.json<{ id: string }>();
    const days = await db().select().from(programs).where(eq(programs.eventId, id)).orderBy(programs.dayIndex);
    expect(days).toHaveLength(365);
    expect(days.at(-1)).toMatchObject({ dayIndex: 364, name: "Day 365", date: iso(todayUtc() + 365 * DAY).slice(0, 10) });
  });

  it("stores a cover image under the new event", async () => {
    const owner = await makeUser();
    const response = await createEvent(owner.token, { file: new File([PNG], "cover.png", { type: "image/png" }) });
    expect(response.status).toBe(201);
    const { id } = await response.json<{ id: string }>();
    const [event] = await db().select().from(events).where(eq(events.id, id));
    const [file] = await db().select().from(files).where(eq(files.eventId, id));
    expect(event!.image).toEqual({ source: "UPLOAD", fileId: file!.id });
    expect((await env.FILES.list({ prefix: `events/${id}/` })).objects).toHaveLength(1);
  });

  it("accepts an AI-mode PDF without storing it, and refuses a PDF or other non-image as a cover", async () => {
    const owner = await makeUser();
    const ai = await createEvent(owner.token, { isAIMode: "true", prompt: "Three days in Lisbon", file: new File([PDF], "plan.pdf") });
    expect(ai.status).toBe(201);
    const { id } = await ai.json<{ id: string }>();
    expect(await db().select().from(files).where(eq(files.eventId, id))).toEqual([]);

    for (const file of [new File([PDF], "cover.png", { type: "image/png" }), new File(["hello"], "notes.txt")]) {
      const response = await createEvent(owner.token, { isAIMode: "false", file });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe("Please upload an image file");
    }
    const textInAiMode = await createEvent(owner.token, { isAIMode: "true", file: new File(["hello"], "notes.txt") });
    expect(await errorOf(textInAiMode)).toBe("Please upload an image file");
  });

  it("refuses input that breaks the rules, with the spec's messages", async () => {
    const owner = await makeUser();
    const cases: [Record<string, string>, string][] = [
      [{ name: "   " }, "Name is required"],
      [{ startIsoTime: iso(todayUtc() - 2 * DAY) }, "Start date must be today or later"],
      [{ startIsoTime: iso(todayUtc() + 3 * DAY), endIsoTime: iso(todayUtc() + DAY) }, "End date must be after or same as start date"],
      [{ endIsoTime: iso(todayUtc() + 400 * DAY) }, "An experience can last at most 365 days"],
      [{ startIsoTime: "tomorrow" }, "Start date must be an ISO 8601 date-time"],
      [{ privacy: "SECRET" }, "Privacy must be PUBLIC or PRIVATE"],
      [{ rsvpType: "ANYONE" }, "RSVP type must be OPEN, OPEN_INVITE or INVITE_ONLY"],
    ];
    for (const [fields, message] of cases) {
      const response = await createEvent(owner.token, fields);
      expect(response.status, message).toBe(400);
      expect(await errorOf(response)).toBe(message);
    }
    const noName = await call("/api/events", {
      method: "POST",
      token: owner.token,
      body: form({ startIsoTime: iso(todayUtc() + DAY), endIsoTime: iso(todayUtc() + 2 * DAY) }),
    });
    expect(await errorOf(noName)).toBe("Name is required");
  });

  it("answers 401 to an anonymous caller", async () => {
    const response = await call("/api/events", { method: "POST", body: form({ name: "x" }) });
    expect(response.status).toBe(401);
  });
});

describe("GET /api/events (the manage list)", () => {
  it("lists what the user owns, hosts or attends, sorted by start, with their role", async () => {
    const { owner, host, guest, publicEvent, privateEvent } = await cast();
    const later = await makeEvent(host.id, { startTime: new Date(todayUtc() + 10 * DAY), endTime: new Date(todayUtc() + 11 * DAY) });
    const earlier = await makeEvent(owner.id, { startTime: new Date(todayUtc()), endTime: new Date(todayUtc() + DAY) });
    await addGuest(earlier.id, host, "MAYBE");
    const pending = await makeEvent(owner.id);
    await addGuest(pending.id, host, "HOST_APPROVAL_REQUESTED");

    const response = await call("/api/events", { token: host.token });
    expect(response.status).toBe(200);
    const list = await response.json<{ id: string; role: string }[]>();
    expect(list.map((e) => [e.id, e.role])).toEqual([
      [earlier.id, "guest"],
      ...[[publicEvent.id, "host"], [privateEvent.id, "host"]].sort((a, b) => a[0]!.localeCompare(b[0]!)),
      [later.id, "owner"],
    ]);
    expect(list[0]).toEqual({
      id: earlier.id,
      name: "Test experience",
      startTime: iso(todayUtc()),
      endTime: iso(todayUtc() + DAY),
      privacy: "PUBLIC",
      rsvpType: "OPEN_INVITE",
      image: null,
      owner: { guid: owner.id, firstName: owner.firstName, lastName: "Test", profilePic: null },
      role: "guest",
    });
    const guestList = await (await call("/api/events", { token: guest.token })).json<{ id: string; role: string }[]>();
    expect(guestList.map((e) => e.role)).toEqual(["guest", "guest"]);
  });

  it("lists the caller's own events for ?profile=<own guid>", async () => {
    const { owner } = await cast();
    const own = await (await call("/api/events", { token: owner.token })).json();
    expect(await (await call(`/api/events?profile=${owner.id}`, { token: owner.token })).json()).toEqual(own);
  });

  it("shows someone else's public events, and their private ones only to fellow participants", async () => {
    const { owner, guest, stranger, publicEvent, privateEvent } = await cast();
    const ids = async (token: string) =>
      (await (await call(`/api/events?profile=${owner.id}`, { token })).json<{ id: string; role: string }[]>()).map((e) => [e.id, e.role]);
    expect(await ids(stranger.token)).toEqual([[publicEvent.id, "owner"]]);
    expect((await ids(guest.token)).sort()).toEqual([[publicEvent.id, "owner"], [privateEvent.id, "owner"]].sort());
    const hostOfOther = await (await call(`/api/events?profile=${guest.id}`, { token: stranger.token })).json<{ role: string }[]>();
    expect(hostOfOther.map((e) => e.role)).toEqual(["guest"]);
  });

  it("answers [] for an unknown guid and 401 without a token", async () => {
    const user = await makeUser();
    expect(await (await call(`/api/events?profile=${crypto.randomUUID()}`, { token: user.token })).json()).toEqual([]);
    expect((await call("/api/events")).status).toBe(401);
  });
});

describe("GET /api/events/:id (event detail)", () => {
  it("answers the event with its people and its itinerary, in order", async () => {
    const { owner, host, guest, publicEvent } = await cast();
    await addGuest(publicEvent.id, await makeUser(), "REQUESTED");
    const day2 = await addDay(publicEvent.id, 1, { image: { source: "LINK", url: "https://example.com/day.jpg" } });
    const day1 = await addDay(publicEvent.id, 0);
    const start = publicEvent.startTime.getTime();
    const late = await addActivity(publicEvent.id, day1.id, new Date(start + 15 * HOUR), { location: "Belém" });
    const early = await addActivity(publicEvent.id, day1.id, new Date(start + 9 * HOUR));
    const fileId = await upload(publicEvent.id);
    const documentId = crypto.randomUUID();
    await db().insert(documents).values({ id: documentId, eventId: publicEvent.id, fileId });
    await db().insert(activityDocuments).values({ activityId: early.id, documentId });

    const response = await call(`/api/events/${publicEvent.id}`, { token: owner.token });
    expect(response.status).toBe(200);
    const person = (u: { id: string; firstName: string }) => ({ guid: u.id, firstName: u.firstName, lastName: "Test", profilePic: null });
    expect(await response.json()).toEqual({
      id: publicEvent.id,
      name: "Test experience",
      subtitle: "",
      description: "",
      image: null,
      privacy: "PUBLIC",
      rsvpType: "OPEN_INVITE",
      startTime: iso(start),
      endTime: iso(publicEvent.endTime.getTime()),
      isOwner: true,
      isHost: false,
      isGuest: false,
      owner: person(owner),
      hosts: [person(host)],
      guests: [person(guest)],
      programs: [
        {
          id: day1.id,
          eventId: publicEvent.id,
          date: day1.date,
          dayIndex: 0,
          name: "Day 1",
          subtitle: "",
          description: "",
          image: null,
          activities: [
            {
              id: early.id,
              eventId: publicEvent.id,
              programId: day1.id,
              name: "Walk",
              subtitle: "",
              description: "",
              location: null,
              startDateTime: iso(start + 9 * HOUR),
              endDateTime: iso(start + 10 * HOUR),
              image: null,
              documents: [documentId],
            },
            expect.objectContaining({ id: late.id, location: "Belém", documents: [] }),
          ],
        },
        expect.objectContaining({
          id: day2.id,
          dayIndex: 1,
          activities: [],
          image: { original: "https://example.com/day.jpg", thumbnail: "https://example.com/day.jpg", source: "LINK" },
        }),
      ],
    });
  });

  it("tells each participant their role", async () => {
    const { host, guest, privateEvent } = await cast();
    const flags = async (token: string) => {
      const { isOwner, isHost, isGuest } = await (await call(`/api/events/${privateEvent.id}`, { token })).json<Record<string, boolean>>();
      return { isOwner, isHost, isGuest };
    };
    expect(await flags(host.token)).toEqual({ isOwner: false, isHost: true, isGuest: false });
    expect(await flags(guest.token)).toEqual({ isOwner: false, isHost: false, isGuest: true });
  });

  it("lets a stranger read a public event but not a private one", async () => {
    const { stranger, publicEvent, privateEvent } = await cast();
    const open = await call(`/api/events/${publicEvent.id}`, { token: stranger.token });
    expect(open.status).toBe(200);
    expect(await open.json()).toMatchObject({ isOwner: false, isHost: false, isGuest: false });

    for (const id of [privateEvent.id, crypto.randomUUID()]) {
      const response = await call(`/api/events/${id}`, { token: stranger.token });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: "Event not found" });
    }
    expect((await call(`/api/events/${publicEvent.id}`)).status).toBe(401);
  });

  it("never shows e-mail addresses", async () => {
    const { stranger, publicEvent } = await cast();
    expect(await (await call(`/api/events/${publicEvent.id}`, { token: stranger.token })).text()).not.toContain("@");
  });
});

describe("PUT /api/events/:id (change one setting)", () => {
  it("closes strangers' live sockets when the experience becomes private, keeping the participants'", async () => {
    const { owner, guest, stranger, publicEvent } = await cast();
    const watcher = await listen(publicEvent.id, stranger.token);
    const participant = await listen(publicEvent.id, guest.token);
    const closed: number[] = [];
    watcher.ws.addEventListener("close", (e) => closed.push(e.code));

    const response = await call(`/api/events/${publicEvent.id}`, { method: "PUT", token: owner.token, json: { privacy: "PRIVATE" } });
    expect(response.status).toBe(200);
    await settle();
    expect(closed).toEqual([4403]);
    expect(watcher.messages).toEqual([]);
    expect(participant.messages).toEqual([{ type: "event.changed", eventId: publicEvent.id }]);
    participant.ws.close();
  });

  it("lets the owner change the name, privacy and rsvpType, one at a time", async () => {
    const { owner, publicEvent } = await cast();
    const put = (json: unknown) => call(`/api/events/${publicEvent.id}`, { method: "PUT", token: owner.token, json });

    const renamed = await put({ name: "  Porto Weekend " });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toEqual({
      id: publicEvent.id,
      name: "Porto Weekend",
      privacy: "PUBLIC",
      rsvpType: "OPEN_INVITE",
      startTime: iso(publicEvent.startTime.getTime()),
      endTime: iso(publicEvent.endTime.getTime()),
      image: null,
    });
    expect(await (await put({ privacy: "PRIVATE" })).json()).toMatchObject({ privacy: "PRIVATE" });
    expect(await (await put({ rsvpType: "OPEN" })).json()).toMatchObject({ rsvpType: "OPEN" });

    const [row] = await db().select().from(events).where(eq(events.id, publicEvent.id));
    expect(row).toMatchObject({ name: "Porto Weekend", privacy: "PRIVATE", rsvpType: "OPEN", version: 4 });
    expect(row!.updatedAt).toBeInstanceOf(Date);
  });

  it("tells the event's open pages that it changed", async () => {
    const { owner, guest, publicEvent } = await cast();
    const { ws, messages } = await listen(publicEvent.id, guest.token);
    await call(`/api/events/${publicEvent.id}`, { method: "PUT", token: owner.token, json: { name: "New name" } });
    await settle();
    expect(messages).toEqual([{ type: "event.changed", eventId: publicEvent.id }]);
    ws.close();
  });

  it("refuses anything but exactly one valid field", async () => {
    const { owner, publicEvent } = await cast();
    const cases: [unknown, string][] = [
      [{}, "Send exactly one of privacy, name or rsvpType"],
      [{ name: "A", privacy: "PUBLIC" }, "Send exactly one of privacy, name or rsvpType"],
      [{ name: "   " }, "Name is required"],
      [{ privacy: "HIDDEN" }, "Privacy must be PUBLIC or PRIVATE"],
      [{ rsvpType: "CLOSED" }, "RSVP type must be OPEN, OPEN_INVITE or INVITE_ONLY"],
    ];
    for (const [json, message] of cases) {
      const response = await call(`/api/events/${publicEvent.id}`, { method: "PUT", token: owner.token, json });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe(message);
    }
  });

  it("lets a host change it, but not a guest or a stranger", async () => {
    const { host, guest, stranger, publicEvent, privateEvent } = await cast();
    const put = (id: string, token: string) => call(`/api/events/${id}`, { method: "PUT", token, json: { name: "Changed" } });
    expect((await put(privateEvent.id, host.token)).status).toBe(200);
    expect((await put(publicEvent.id, guest.token)).status).toBe(403);
    expect((await put(publicEvent.id, stranger.token)).status).toBe(403);
    expect((await put(privateEvent.id, stranger.token)).status).toBe(404);
    expect((await put(crypto.randomUUID(), host.token)).status).toBe(404);
    expect((await call(`/api/events/${publicEvent.id}`, { method: "PUT", json: { name: "x" } })).status).toBe(401);
    const [row] = await db().select().from(events).where(eq(events.id, publicEvent.id));
    expect(row!.name).toBe("Test experience");
  });
});

describe("DELETE /api/events/:id", () => {
  it("deletes the event, every row under it and every stored file", async () => {
    const { owner, host, guest } = await cast();
    const created = await createEvent(owner.token, { file: new File([PNG], "cover.png", { type: "image/png" }) });
    const { id } = await created.json<{ id: string }>();
    await addHost(id, host.id);
    await addGuest(id, guest);

    const [day] = await db().select().from(programs).where(eq(programs.eventId, id)).limit(1);
    await db().update(programs).set({ image: { source: "UPLOAD", fileId: await upload(id) } }).where(eq(programs.id, day!.id));
    const activity = await addActivity(id, day!.id, new Date(todayUtc() + DAY + 9 * HOUR));
    const documentId = crypto.randomUUID();
    await db().insert(documents).values({ id: documentId, eventId: id, userId: guest.id, fileId: await upload(id) });
    await db().insert(activityDocuments).values({ activityId: activity.id, documentId });
    const postId = crypto.randomUUID();
    const media = await upload(id);
    await db().insert(feedPosts).values({ id: postId, eventId: id, authorId: guest.id, title: "Hello", mediaFileId: media, mimeType: "image/png" });
    await db().insert(feedLikes).values({ postId, userId: owner.id });
    await db().insert(feedComments).values({ id: crypto.randomUUID(), postId, authorId: owner.id, comment: "Nice" });
    const bulletinImage = await upload(id);
    await db().insert(bulletins).values({ id: crypto.randomUUID(), eventId: id, title: "News", description: "Bus at 9", mediaFileId: bulletinImage });
    const formId = crypto.randomUUID();
    const fieldId = crypto.randomUUID();
    const responseId = crypto.randomUUID();
    await db().insert(feedbackForms).values({ id: formId, eventId: id, title: "How was it?", description: "Tell us" });
    await db().insert(feedbackFields).values({ id: fieldId, formId, kind: "RATING", label: "Food", position: 0 });
    await db().insert(feedbackResponses).values({ id: responseId, formId, userId: guest.id });
    await db().insert(feedbackAnswers).values({ responseId, fieldId, rating: 5 });
    expect((await env.FILES.list({ prefix: `events/${id}/` })).objects).toHaveLength(5);

    const { ws, messages } = await listen(id, guest.token);
    const response = await call(`/api/events/${id}`, { method: "DELETE", token: owner.token });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    await settle();
    expect(messages).toEqual([{ type: "event.deleted", eventId: id }]);
    ws.close();

    const d = db();
    const leftovers = await d.batch([
      d.select().from(events).where(eq(events.id, id)),
      d.select().from(eventHosts).where(eq(eventHosts.eventId, id)),
      d.select().from(programs).where(eq(programs.eventId, id)),
      d.select().from(activities).where(eq(activities.eventId, id)),
      d.select().from(documents).where(eq(documents.eventId, id)),
      d.select().from(activityDocuments).where(eq(activityDocuments.documentId, documentId)),
      d.select().from(rsvps).where(eq(rsvps.eventId, id)),
      d.select().from(feedPosts).where(eq(feedPosts.eventId, id)),
      d.select().from(feedLikes).where(eq(feedLikes.postId, postId)),
      d.select().from(feedComments).where(eq(feedComments.postId, postId)),
      d.select().from(bulletins).where(eq(bulletins.eventId, id)),
      d.select().from(feedbackForms).where(eq(feedbackForms.eventId, id)),
      d.select().from(feedbackFields).where(eq(feedbackFields.formId, formId)),
      d.select().from(feedbackResponses).where(eq(feedbackResponses.formId, formId)),
      d.select().from(feedbackAnswers).where(eq(feedbackAnswers.responseId, responseId)),
      d.select().from(files).where(eq(files.eventId, id)),
    ]);
    expect(leftovers.map((rows) => rows.length)).toEqual(leftovers.map(() => 0));
    expect((await env.FILES.list({ prefix: `events/${id}/` })).objects).toEqual([]);
  });

  it("deletes an experience with more files than fit in one D1 query (over 100)", async () => {
    const { owner } = await cast();
    const { id } = await (await createEvent(owner.token)).json<{ id: string }>();
    for (let i = 0; i < 105; i++) await upload(id);
    const response = await call(`/api/events/${id}`, { method: "DELETE", token: owner.token });
    expect(response.status).toBe(200);
    expect(await db().select().from(files).where(eq(files.eventId, id))).toEqual([]);
    expect((await env.FILES.list({ prefix: `events/${id}/` })).objects).toEqual([]);
  });

  it("is for the owner only: hosts, guests and strangers cannot delete", async () => {
    const { host, guest, stranger, publicEvent, privateEvent } = await cast();
    const del = (id: string, token: string) => call(`/api/events/${id}`, { method: "DELETE", token });
    expect((await del(publicEvent.id, host.token)).status).toBe(403);
    expect((await del(publicEvent.id, guest.token)).status).toBe(403);
    expect((await del(publicEvent.id, stranger.token)).status).toBe(403);
    expect((await del(privateEvent.id, stranger.token)).status).toBe(404);
    expect((await call(`/api/events/${publicEvent.id}`, { method: "DELETE" })).status).toBe(401);
    expect(await db().select().from(events).where(inArray(events.id, [publicEvent.id, privateEvent.id]))).toHaveLength(2);
  });
});

describe("POST /api/events/:id/image and /image/external", () => {
  const uploadImage = (id: string, token: string, file: File) => call(`/api/events/${id}/image`, { method: "POST", token, body: form({ file }) });

  it("replaces the cover with an upload, then with an external picture, removing the old upload", async () => {
    const { owner, publicEvent } = await cast();
    const first = await uploadImage(publicEvent.id, owner.token, new File([PNG], "a.png"));
    expect(first.status).toBe(200);
    const { image } = await first.json<{ image: { original: string } }>();
    expect(image).toEqual({ original: expect.stringMatching(/^\/files\//), thumbnail: image.original, source: "UPLOAD" });
    expect((await call(image.original)).status).toBe(200);

    await uploadImage(publicEvent.id, owner.token, new File([PNG], "b.png"));
    expect(await db().select().from(files).where(eq(files.eventId, publicEvent.id))).toHaveLength(1);

    const unsplash = "https://images.unsplash.com/photo-abc";
    const external = await call(`/api/events/${publicEvent.id}/image/external`, {
      method: "POST",
      token: owner.token,
      json: { photoId: "abc", source: "UNSPLASH", rawUrl: unsplash },
    });
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

    const external = (json: unknown) => call(`/api/events/${publicEvent.id}/image/external`, { method: "POST", token: owner.token, json });
    for (const rawUrl of ["http://localhost:8787/demo/lisbon.svg", "http://example.com/a.jpg", "javascript:alert(1)", "not a url"]) {
      const response = await external({ source: "LINK", rawUrl });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe("Image link must be an https URL");
    }
    for (const rawUrl of ["https://localhost/a.jpg", "https://127.0.0.1/a.jpg", "https://10.0.0.1/a.jpg", "https://[::1]/a.jpg", "https://2130706433/a.jpg", "https://[::ffff:192.168.0.1]/a.jpg"]) {
      const response = await external({ source: "LINK", rawUrl });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe("Image link must point to a public website");
    }
    expect(await errorOf(await external({ source: "FLICKR", rawUrl: "https://example.com/a.jpg" }))).toBe(
      "Image source must be UNSPLASH, PEXELS, LINK or GOOGLE",
    );
  });

  it("lets owner and host change the cover, not a guest or a stranger", async () => {
    const { host, guest, stranger, publicEvent, privateEvent } = await cast();
    const external = (id: string, token: string) =>
      call(`/api/events/${id}/image/external`, { method: "POST", token, json: { source: "LINK", rawUrl: "https://example.com/a.jpg" } });
    expect((await external(privateEvent.id, host.token)).status).toBe(200);
    expect((await uploadImage(privateEvent.id, host.token, new File([PNG], "a.png"))).status).toBe(200);
    expect((await external(publicEvent.id, guest.token)).status).toBe(403);
    expect((await uploadImage(publicEvent.id, guest.token, new File([PNG], "a.png"))).status).toBe(403);
    expect((await external(publicEvent.id, stranger.token)).status).toBe(403);
    expect((await external(privateEvent.id, stranger.token)).status).toBe(404);
    expect(await db().select().from(files).where(eq(files.eventId, publicEvent.id))).toEqual([]);
  });
});

describe("POST /api/events/:id/clone", () => {
  it("copies the itinerary to the new start date, shifting every day and activity by the same offset", async () => {
    const { owner, host, guest } = await cast();
    const sourceStart = todayUtc() + DAY;
    const source = await makeEvent(owner.id, {
      name: "Lisbon Retreat",
      subtitle: "Leadership",
      description: "Three days",
      rsvpType: "INVITE_ONLY",
      privacy: "PRIVATE",
      startTime: new Date(sourceStart),
      endTime: new Date(sourceStart + 2 * DAY),
    });
    await addHost(source.id, host.id);
    await addGuest(source.id, guest);
    await db().update(events).set({ image: { source: "UPLOAD", fileId: await upload(source.id) } }).where(eq(events.id, source.id));
    const day1 = await addDay(source.id, 0, { subtitle: "Arrival", image: { source: "UPLOAD", fileId: await upload(source.id) } });
    const day2 = await addDay(source.id, 1, { image: { source: "PEXELS", url: "https://images.pexels.com/1.jpg", photoId: "1" } });
    const place = { structuredFormat: { mainText: { text: "Belém Tower" } }, googleMapsUri: "https://maps.google.com/?cid=1" };
    const a1 = await addActivity(source.id, day1.id, new Date(sourceStart + 9.5 * HOUR), { location: place });
    const activityImage = await upload(source.id);
    const a2 = await addActivity(source.id, day2.id, new Date(sourceStart + DAY + 14 * HOUR), { image: { source: "UPLOAD", fileId: activityImage } });
    await db().insert(documents).values({ id: crypto.randomUUID(), eventId: source.id, fileId: await upload(source.id) });

    const newStart = todayUtc() + 30 * DAY;
    const response = await call(`/api/events/${source.id}/clone`, {
      method: "POST",
      token: owner.token,
      json: { startDateTime: iso(newStart + 13 * HOUR), privacy: "PUBLIC" },
    });
    expect(response.status).toBe(201);
    const clone = await response.json<{ id: string }>();
    expect(clone).toEqual({
      id: expect.any(String),
      name: "Lisbon Retreat",
      startTime: iso(newStart),
      endTime: iso(newStart + 2 * DAY),
      privacy: "PUBLIC",
    });

    type Activity = { startDateTime: string; endDateTime: string; location: unknown };
    type Detail = { programs: { date: string; subtitle: string; image: unknown; activities: Activity[] }[] };
    const detail = await (await call(`/api/events/${clone.id}`, { token: owner.token })).json<Detail>();
    expect(detail).toMatchObject({ subtitle: "Leadership", description: "Three days", rsvpType: "INVITE_ONLY", isOwner: true });
    expect(detail).toMatchObject({ hosts: [], guests: [] });
    const offset = newStart - sourceStart;
    expect(detail.programs.map((p) => [p.date, p.subtitle])).toEqual([
      [iso(newStart).slice(0, 10), "Arrival"],
      [iso(newStart + DAY).slice(0, 10), ""],
    ]);
    expect(detail.programs.flatMap((p) => p.activities.map((a) => [a.startDateTime, a.endDateTime]))).toEqual([
      [iso(a1.startTime.getTime() + offset), iso(a1.endTime.getTime() + offset)],
      [iso(a2.startTime.getTime() + offset), iso(a2.endTime.getTime() + offset)],
    ]);
    expect(detail.programs[0]!.activities[0]!.location).toEqual(place);
    const pexels = "https://images.pexels.com/1.jpg";
    expect(detail.programs[1]!.image).toEqual({ original: pexels, thumbnail: pexels, source: "PEXELS", photoId: "1" });

    // Three uploaded images copied under the new event; the source's document is not.
    const cloneFiles = await db().select().from(files).where(eq(files.eventId, clone.id));
    expect(cloneFiles).toHaveLength(3);
    expect((await env.FILES.list({ prefix: `events/${clone.id}/` })).objects).toHaveLength(3);
    const [d, r, p] = await db().batch([
      db().select().from(documents).where(eq(documents.eventId, clone.id)),
      db().select().from(rsvps).where(eq(rsvps.eventId, clone.id)),
      db().select().from(eventHosts).where(eq(eventHosts.eventId, clone.id)),
    ]);
    expect([d, r, p]).toEqual([[], [], []]);

    // Deleting the source leaves the clone's pictures intact.
    expect((await call(`/api/events/${source.id}`, { method: "DELETE", token: owner.token })).status).toBe(200);
    const after = await (await call(`/api/events/${clone.id}`, { token: owner.token })).json<{ image: { original: string } }>();
    const picture = await call(after.image.original);
    expect(picture.status).toBe(200);
    expect(new Uint8Array(await picture.arrayBuffer())).toEqual(PNG);
  });

  it("refuses a start date in the past", async () => {
    const { owner, publicEvent } = await cast();
    const response = await call(`/api/events/${publicEvent.id}/clone`, {
      method: "POST",
      token: owner.token,
      json: { startDateTime: iso(todayUtc() - 2 * DAY), privacy: "PUBLIC" },
    });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("Start date must be today or later");
  });

  it("is for the owner only: hosts, guests and strangers cannot clone", async () => {
    const { host, guest, stranger, publicEvent, privateEvent } = await cast();
    const clone = (id: string, token: string) =>
      call(`/api/events/${id}/clone`, { method: "POST", token, json: { startDateTime: iso(todayUtc() + DAY), privacy: "PUBLIC" } });
    expect((await clone(publicEvent.id, host.token)).status).toBe(403);
    expect((await clone(publicEvent.id, guest.token)).status).toBe(403);
    expect((await clone(publicEvent.id, stranger.token)).status).toBe(403);
    expect((await clone(privateEvent.id, stranger.token)).status).toBe(404);
    expect(await (await call("/api/events", { token: host.token })).json<unknown[]>()).toHaveLength(2);
  });
});
