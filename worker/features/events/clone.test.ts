import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { documents, eventHosts, events, files, rsvps } from "@worker/db/schema";
import { MESSAGES } from "@worker/features/events/events.schema";
import { apiAs, errorOf } from "@worker/test/client";
import { PNG, storedPng } from "@worker/test/files";
import { addGuest, addHost, call, db, makeEvent, makeUser } from "@worker/test/helpers";
import { addActivity } from "@worker/test/itinerary";
import { DAY, HOUR, iso, todayUtc } from "@worker/test/time";
import { addDay, cast } from "@worker/test/experiences";

const clone = (id: string, token: string, startDateTime: string) =>
  apiAs(token).api.events[":id"].clone.$post({ param: { id }, json: { startDateTime, privacy: "PUBLIC" } });
const detail = (id: string, token: string) => apiAs(token).api.events[":id"].$get({ param: { id } });
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
    expect(await errorOf(blank)).toBe(MESSAGES.nameRequired);
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
