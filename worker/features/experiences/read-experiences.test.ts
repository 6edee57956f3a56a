import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityDocuments, documents, eventHosts, events, files, rsvps } from "@worker/db/schema";
import { apiAs, errorOf } from "@worker/test/client";
import { addDay, cast } from "@worker/test/experiences";
import { storedPng, PNG } from "@worker/test/files";
import { addGuest, db, makeEvent, makeUser, addHost, call } from "@worker/test/helpers";
import { addActivity } from "@worker/test/itinerary";
import { DAY, HOUR, iso, todayUtc } from "@worker/test/time";
import { EXPERIENCE_MESSAGES } from "./experiences.schema";

const list = (token: string, profile?: string) => apiAs(token).api.events.$get({ query: profile === undefined ? {} : { profile } });
const detail = (id: string, token: string) => apiAs(token).api.events[":id"].$get({ param: { id } });

describe("a full experience says so before the click", () => {
  it("answers full: true on the event page and the share link once as many are going as its capacity, a private list too", async () => {
    const owner = await makeUser();
    const [ana, bo] = await Promise.all([makeUser(), makeUser()]);
    const event = await makeEvent(owner.id, { capacity: 2, privacy: "PRIVATE", rsvpType: "OPEN" });
    await addGuest(event.id, ana, "YES");
    await addGuest(event.id, bo, "MAYBE");
    const share = () => apiAs().oapi.itinerary[":eventId"].$get({ param: { eventId: event.id } });
    expect((await (await detail(event.id, owner.token)).json()).full).toBe(false);
    // (The share link's answer is cached at the edge for 10 s: it is read once, full.)
    await db().update(rsvps).set({ status: "YES" }).where(eq(rsvps.userId, bo.id));
    expect((await (await detail(event.id, owner.token)).json()).full).toBe(true);
    expect((await (await share()).json()).full).toBe(true);
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

    const response = await list(host.token);
    expect(response.status).toBe(200);
    const events = await response.json();
    expect(events.map((e) => [e.id, e.role])).toEqual([
      [earlier.id, "guest"],
      ...[
        [publicEvent.id, "host"],
        [privateEvent.id, "host"],
      ].sort((a, b) => a[0]!.localeCompare(b[0]!)),
      [later.id, "owner"],
    ]);
    expect(events[0]).toEqual({
      id: earlier.id,
      name: "Test experience",
      startTime: iso(todayUtc()),
      endTime: iso(todayUtc() + DAY),
      timeZone: "UTC",
      privacy: "PUBLIC",
      rsvpType: "OPEN_INVITE",
      image: null,
      owner: { guid: owner.id, firstName: owner.firstName, lastName: "Test", profilePic: null },
      role: "guest",
      dayCount: 0,
      goingCount: 0,
    });
    const guestList = await (await list(guest.token)).json();
    expect(guestList.map((e) => e.role)).toEqual(["guest", "guest"]);
  });

  it("counts each experience's days and its guests going (Yes only), in the list's one query", async () => {
    const { owner, guest, publicEvent, privateEvent } = await cast();
    await addDay(publicEvent.id, 0);
    await addDay(publicEvent.id, 1);
    const [maybe, declined, yes] = await Promise.all([makeUser(), makeUser(), makeUser()]);
    await addGuest(publicEvent.id, maybe, "MAYBE");
    await addGuest(publicEvent.id, declined, "NO");
    await addGuest(publicEvent.id, yes, "YES");

    const events = await (await list(owner.token)).json();
    const counts = Object.fromEntries(events.map((e) => [e.id, [e.dayCount, e.goingCount]]));
    // cast() made `guest` a Yes on both experiences.
    expect(counts).toEqual({ [publicEvent.id]: [2, 2], [privateEvent.id]: [0, 1] });
    expect((await (await list(guest.token)).json()).find((e) => e.id === publicEvent.id)).toMatchObject({ dayCount: 2, goingCount: 2 });
  });

  it("lists the invitations waiting for the caller's answer as role 'invited', on their own list only", async () => {
    const { owner, guest } = await cast();
    const [requested, onboard, declined] = await Promise.all([makeEvent(owner.id), makeEvent(owner.id), makeEvent(owner.id)]);
    await addGuest(requested.id, guest, "REQUESTED");
    await addGuest(onboard.id, guest, "ONBOARD_REQUESTED");
    await addGuest(declined.id, guest, "NO");

    const roles = Object.fromEntries((await (await list(guest.token)).json()).map((e) => [e.id, e.role]));
    expect([roles[requested.id], roles[onboard.id], roles[declined.id]]).toEqual(["invited", "invited", undefined]);
    const onProfile = (await (await list(owner.token, guest.id)).json()).map((e) => e.id);
    expect(onProfile).not.toContain(requested.id);
    const ownProfile = (await (await list(guest.token, guest.id)).json()).map((e) => e.id);
    expect(ownProfile).not.toContain(requested.id);
  });

  it("lists the caller's own events for ?profile=<own guid>", async () => {
    const { owner } = await cast();
    const own = await (await list(owner.token)).json();
    expect(await (await list(owner.token, owner.id)).json()).toEqual(own);
  });

  it("shows someone else's public events, and their private ones only to fellow participants", async () => {
    const { owner, guest, stranger, publicEvent, privateEvent } = await cast();
    const ids = async (token: string) => (await (await list(token, owner.id)).json()).map((e) => [e.id, e.role]);
    expect(await ids(stranger.token)).toEqual([[publicEvent.id, "owner"]]);
    expect((await ids(guest.token)).sort()).toEqual(
      [
        [publicEvent.id, "owner"],
        [privateEvent.id, "owner"],
      ].sort(),
    );
    const hostOfOther = await (await list(stranger.token, guest.id)).json();
    expect(hostOfOther.map((e) => e.role)).toEqual(["guest"]);
  });

  it("answers [] for an unknown guid and 401 without a token", async () => {
    const user = await makeUser();
    expect(await (await list(user.token, crypto.randomUUID())).json()).toEqual([]);
    expect((await list("")).status).toBe(401);
  });
});

describe("GET /api/events/:id (event detail)", () => {
  it("answers the event with its people and its itinerary, in order", async () => {
    const { owner, host, guest, publicEvent } = await cast();
    await addGuest(publicEvent.id, await makeUser(), "REQUESTED");
    const day2 = await addDay(publicEvent.id, 1, { image: { source: "LINK", url: "https://example.com/day.jpg" } });
    const day1 = await addDay(publicEvent.id, 0);
    const start = publicEvent.startTime.getTime();
    const late = await addActivity(publicEvent.id, day1.id, start + 15 * HOUR, { location: "Belém" });
    const early = await addActivity(publicEvent.id, day1.id, start + 9 * HOUR, { description: "" });
    const fileId = await storedPng({ eventId: publicEvent.id, uploaderId: null });
    const documentId = crypto.randomUUID();
    await db().insert(documents).values({ id: documentId, eventId: publicEvent.id, fileId });
    await db().insert(activityDocuments).values({ activityId: early.id, documentId });

    const response = await detail(publicEvent.id, owner.token);
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
      capacity: null,
      venue: null,
      startTime: iso(start),
      endTime: iso(publicEvent.endTime.getTime()),
      timeZone: "UTC",
      language: "en",
      isOwner: true,
      isHost: false,
      isGuest: false,
      owner: person(owner),
      hosts: [person(host)],
      guests: [person(guest)],
      goingCount: 1,
      full: false,
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
              timeZone: "UTC",
              hasOwnTimeZone: false,
              image: null,
              documents: [documentId],
              attendance: "EVERYONE",
              groups: [],
              signup: null,
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
      const { isOwner, isHost, isGuest } = await (await detail(privateEvent.id, token)).json();
      return { isOwner, isHost, isGuest };
    };
    expect(await flags(host.token)).toEqual({ isOwner: false, isHost: true, isGuest: false });
    expect(await flags(guest.token)).toEqual({ isOwner: false, isHost: false, isGuest: true });
  });

  it("lets a stranger read a public event with its guest list, and answers 404 'Event not found' for an unknown one", async () => {
    const { owner, host, guest, stranger, publicEvent } = await cast();
    const open = await detail(publicEvent.id, stranger.token);
    expect(open.status).toBe(200);
    expect(await open.json()).toMatchObject({
      isOwner: false,
      isHost: false,
      isGuest: false,
      owner: { guid: owner.id },
      hosts: [{ guid: host.id }],
      guests: [{ guid: guest.id }],
    });

    const unknown = await detail(crypto.randomUUID(), stranger.token);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "Event not found" });
    expect((await detail(publicEvent.id, "")).status).toBe(401);
  });

  it("shows a signed-in stranger a private event's itinerary with its owner and hosts but an empty guest list (issue 9)", async () => {
    const { owner, host, stranger, privateEvent } = await cast();
    await addDay(privateEvent.id, 0, { name: "Arrival" });
    const response = await detail(privateEvent.id, stranger.token);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      id: privateEvent.id,
      privacy: "PRIVATE",
      isOwner: false,
      isHost: false,
      isGuest: false,
      owner: { guid: owner.id },
    });
    expect(body.hosts.map((h) => h.guid)).toEqual([host.id]);
    expect(body.guests).toEqual([]);
    expect(body.programs.map((p) => p.name)).toEqual(["Arrival"]);

    const own = await apiAs(stranger.token).api.rsvp.event.self[":eventId"].$get({ param: { eventId: privateEvent.id } });
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual({ rsvp: null });
  });

  it("shows a private event's guest list to its participants", async () => {
    const { owner, host, guest, privateEvent } = await cast();
    for (const viewer of [owner, host, guest]) {
      const body = await (await detail(privateEvent.id, viewer.token)).json();
      expect(body.guests.map((g) => g.guid)).toEqual([guest.id]);
    }
  });

  it("never shows e-mail addresses", async () => {
    const { stranger, publicEvent } = await cast();
    expect(await (await detail(publicEvent.id, stranger.token)).text()).not.toContain("@");
  });
});

const clone = (id: string, token: string, startDateTime: string) =>
  apiAs(token).api.events[":id"].clone.$post({ param: { id }, json: { startDateTime, privacy: "PUBLIC" } });
const upload = (eventId: string) => storedPng({ eventId, uploaderId: null });

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
    await db()
      .update(events)
      .set({ image: { source: "UPLOAD", fileId: await upload(source.id) } })
      .where(eq(events.id, source.id));
    const day1 = await addDay(source.id, 0, { subtitle: "Arrival", image: { source: "UPLOAD", fileId: await upload(source.id) } });
    const day2 = await addDay(source.id, 1, { image: { source: "PEXELS", url: "https://images.pexels.com/1.jpg", photoId: "1" } });
    const place = { structuredFormat: { mainText: { text: "Belém Tower" } }, googleMapsUri: "https://maps.google.com/?cid=1" };
    const a1 = await addActivity(source.id, day1.id, sourceStart + 9.5 * HOUR, { location: place });
    const activityImage = await upload(source.id);
    const a2 = await addActivity(source.id, day2.id, sourceStart + DAY + 14 * HOUR, { image: { source: "UPLOAD", fileId: activityImage } });
    await db()
      .insert(documents)
      .values({ id: crypto.randomUUID(), eventId: source.id, fileId: await upload(source.id) });

    const newStart = todayUtc() + 30 * DAY;
    const response = await clone(source.id, owner.token, iso(newStart + 13 * HOUR));
    expect(response.status).toBe(201);
    const copy = await response.json();
    expect(copy).toEqual({
      id: expect.any(String),
      name: "Lisbon Retreat (copy)",
      startTime: iso(newStart),
      endTime: iso(newStart + 2 * DAY),
      timeZone: "UTC",
      privacy: "PUBLIC",
    });

    const copied = await (await detail(copy.id, owner.token)).json();
    expect(copied).toMatchObject({ subtitle: "Leadership", description: "Three days", rsvpType: "INVITE_ONLY", isOwner: true });
    expect(copied).toMatchObject({ hosts: [], guests: [] });
    const offset = newStart - sourceStart;
    expect(copied.programs.map((p) => [p.date, p.subtitle])).toEqual([
      [iso(newStart).slice(0, 10), "Arrival"],
      [iso(newStart + DAY).slice(0, 10), ""],
    ]);
    expect(copied.programs.flatMap((p) => p.activities.map((a) => [a.startDateTime, a.endDateTime]))).toEqual([
      [iso(a1.startTime.getTime() + offset), iso(a1.endTime.getTime() + offset)],
      [iso(a2.startTime.getTime() + offset), iso(a2.endTime.getTime() + offset)],
    ]);
    expect(copied.programs[0]!.activities[0]!.location).toEqual(place);
    const pexels = "https://images.pexels.com/1.jpg";
    expect(copied.programs[1]!.image).toEqual({ original: pexels, thumbnail: pexels, source: "PEXELS", photoId: "1" });

    // Three uploaded images copied under the new event; the source's document is not.
    const cloneFiles = await db().select().from(files).where(eq(files.eventId, copy.id));
    expect(cloneFiles).toHaveLength(3);
    expect((await env.FILES.list({ prefix: `events/${copy.id}/` })).objects).toHaveLength(3);
    const [d, r, p] = await db().batch([
      db().select().from(documents).where(eq(documents.eventId, copy.id)),
      db().select().from(rsvps).where(eq(rsvps.eventId, copy.id)),
      db().select().from(eventHosts).where(eq(eventHosts.eventId, copy.id)),
    ]);
    expect([d, r, p]).toEqual([[], [], []]);

    // Deleting the source leaves the clone's pictures intact.
    expect((await apiAs(owner.token).api.events[":id"].$delete({ param: { id: source.id } })).status).toBe(200);
    const after = await (await detail(copy.id, owner.token)).json();
    const picture = await call(after.image!.original);
    expect(picture.status).toBe(200);
    expect(new Uint8Array(await picture.arrayBuffer())).toEqual(PNG);
  });

  it("names the copy '{name} (copy)' unless the owner names it, and keeps a long name within 200 characters", async () => {
    const owner = await makeUser();
    const start = new Date(todayUtc() + DAY);
    const long = await makeEvent(owner.id, { name: "L".repeat(200), startTime: start, endTime: new Date(start.getTime() + DAY) });
    const copy = await (await clone(long.id, owner.token, iso(todayUtc() + 10 * DAY))).json();
    expect(copy.name).toBe(`${"L".repeat(193)} (copy)`);
    const named = await apiAs(owner.token).api.events[":id"].clone.$post({
      param: { id: long.id },
      json: { startDateTime: iso(todayUtc() + 10 * DAY), privacy: "PUBLIC", name: "  Lisbon Retreat 2027  " },
    });
    expect((await named.json()).name).toBe("Lisbon Retreat 2027");
    const blank = await apiAs(owner.token).api.events[":id"].clone.$post({
      param: { id: long.id },
      json: { startDateTime: iso(todayUtc() + 10 * DAY), privacy: "PUBLIC", name: " " },
    });
    expect(blank.status).toBe(400);
    expect(await errorOf(blank)).toBe(EXPERIENCE_MESSAGES.nameRequired);
  });

  it("refuses a start date in the past with 'Clone date must be today or later'", async () => {
    const { owner, publicEvent } = await cast();
    const response = await clone(publicEvent.id, owner.token, iso(todayUtc() - 2 * DAY));
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("Clone date must be today or later");
  });

  it("is for the owner only: hosts, guests and strangers cannot clone", async () => {
    const { host, guest, stranger, publicEvent, privateEvent } = await cast();
    const tomorrow = iso(todayUtc() + DAY);
    expect((await clone(publicEvent.id, host.token, tomorrow)).status).toBe(403);
    expect((await clone(publicEvent.id, guest.token, tomorrow)).status).toBe(403);
    expect((await clone(publicEvent.id, stranger.token, tomorrow)).status).toBe(403);
    expect((await clone(privateEvent.id, stranger.token, tomorrow)).status).toBe(404);
    expect(await (await apiAs(host.token).api.events.$get({ query: {} })).json()).toHaveLength(2);
  });
});
