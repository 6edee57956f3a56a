import { eq } from "drizzle-orm";
import type { InferRequestType } from "hono/client";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { events } from "@worker/db/schema";
import { uniqueEmail } from "@worker/test/accounts";
import { mailsTo } from "@worker/test/auth";
import { toldChanges } from "@worker/test/change-log";
import { apiAs, errorOf } from "@worker/test/client";
import { call, db } from "@worker/test/helpers";
import { addActivity, cast, publicItinerary } from "@worker/test/itinerary";
import { listen, settle } from "@worker/test/live";
import { invite } from "@worker/test/rsvp";
import { DAY, HOUR, iso, todayUtc } from "@worker/test/time";

// Issue 26: an experience's venue, shown on the share and event pages, in calendars and invitations, logged for guests.

const eventOf = (token: string) => apiAs(token).api.events[":id"];
type Change = InferRequestType<ReturnType<typeof eventOf>["$put"]>["json"];
const put = (id: string, token: string, json: Change) => eventOf(token).$put({ param: { id }, json });

const LX_FACTORY = {
  structuredFormat: { mainText: { text: "LX Factory" }, secondaryText: { text: "Rua Rodrigues de Faria 103, Lisboa" } },
  placeId: "lx-factory",
};

const storedVenue = async (eventId: string) =>
  (await db().select({ venue: events.venue }).from(events).where(eq(events.id, eventId)))[0]!.venue;

/** Each VEVENT of a calendar file as ical.js reads it: its summary and LOCATION. */
function locations(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents("vevent").map((component) => ({
    uid: String(component.getFirstPropertyValue("uid")),
    summary: component.getFirstPropertyValue("summary"),
    location: component.getFirstPropertyValue("location"),
    sequence: component.getFirstPropertyValue("sequence"),
  }));
}

describe("PUT /api/events/:id with a venue", () => {
  it("saves a place as the venue and answers it on the event page, the share link and the update itself", async () => {
    const { owner, pub } = await cast();
    const response = await put(pub.event.id, owner.token, { venue: LX_FACTORY });
    expect(response.status).toBe(200);
    expect((await response.json()).venue).toEqual(LX_FACTORY);

    expect((await publicItinerary(pub.event.id)).venue).toEqual(LX_FACTORY);
    const detail = await eventOf(owner.token).$get({ param: { id: pub.event.id } });
    expect((await detail.json()).venue).toEqual(LX_FACTORY);
  });

  it("keeps free text as typed (trimmed), and clears the venue with null or blank text", async () => {
    const { owner, pub } = await cast();
    await put(pub.event.id, owner.token, { venue: "  Hotel Avenida, Lisbon " });
    expect(await storedVenue(pub.event.id)).toBe("Hotel Avenida, Lisbon");

    await put(pub.event.id, owner.token, { venue: null });
    expect(await storedVenue(pub.event.id)).toBeNull();
    await put(pub.event.id, owner.token, { venue: "Somewhere" });
    await put(pub.event.id, owner.token, { venue: "   " });
    expect(await storedVenue(pub.event.id)).toBeNull();
  });

  it("refuses a venue that is neither text nor a place with 'Venue must be text or a place chosen from the search', changing nothing", async () => {
    const { owner, pub } = await cast();
    await put(pub.event.id, owner.token, { venue: "LX Factory" });
    for (const venue of [42, { name: "LX" }, ["LX"]]) {
      const response = await call(`/api/events/${pub.event.id}`, { method: "PUT", token: owner.token, json: { venue } });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe("Venue must be text or a place chosen from the search");
    }
    const long = await put(pub.event.id, owner.token, { venue: "x".repeat(501) });
    expect(long.status).toBe(400);
    expect(await errorOf(long)).toBe("Venue is too long");
    expect(await storedVenue(pub.event.id)).toBe("LX Factory");
  });

  it("lets organisers change it and refuses a guest or a stranger with 403", async () => {
    const { host, guest, stranger, pub } = await cast();
    expect((await put(pub.event.id, host.token, { venue: "Main hall" })).status).toBe(200);
    expect((await put(pub.event.id, guest.token, { venue: "My place" })).status).toBe(403);
    expect((await put(pub.event.id, stranger.token, { venue: "My place" })).status).toBe(403);
    expect(await storedVenue(pub.event.id)).toBe("Main hall");
  });

  it("tells guests the venue moved ('Venue: LX Factory → Hotel Avenida'), once per real change, and publishes event.changed", async () => {
    const { owner, guest, pub } = await cast();
    await put(pub.event.id, owner.token, { venue: LX_FACTORY });
    const socket = await listen(pub.event.id, guest.token);
    await put(pub.event.id, owner.token, { venue: "Hotel Avenida" });
    await put(pub.event.id, owner.token, { venue: "Hotel Avenida" });
    await settle();
    expect(socket.messages).toContainEqual({ type: "event.changed", eventId: pub.event.id });
    socket.ws.close();
    expect(await toldChanges(pub.event.id)).toEqual(["Venue: none → LX Factory", "Venue: LX Factory → Hotel Avenida"]);
  });

  it("keeps the venue in a clone", async () => {
    const { owner, pub } = await cast();
    await put(pub.event.id, owner.token, { venue: LX_FACTORY });
    const clone = await eventOf(owner.token).clone.$post({
      param: { id: pub.event.id },
      json: { startDateTime: iso(todayUtc() + 10 * DAY), privacy: "PUBLIC" },
    });
    expect(clone.status).toBe(201);
    expect(await storedVenue((await clone.json()).id)).toEqual(LX_FACTORY);
  });
});

describe("the venue in calendars and on the share page", () => {
  it("gives activities without a place of their own the venue as LOCATION, name and address, and keeps an activity's own place", async () => {
    const { owner, pub } = await cast();
    await addActivity(pub.event.id, pub.days[0]!.id, pub.start + 9 * HOUR, { name: "Opening talk" });
    await addActivity(pub.event.id, pub.days[0]!.id, pub.start + 13 * HOUR, { name: "Lunch", location: "Time Out Market" });
    await put(pub.event.id, owner.token, { venue: LX_FACTORY });

    const text = await (await apiAs().oapi.itinerary[":eventId"]["calendar.ics"].$get({ param: { eventId: pub.event.id } })).text();
    expect(locations(text)).toEqual([
      expect.objectContaining({ summary: "Opening talk", location: "LX Factory, Rua Rodrigues de Faria 103, Lisboa" }),
      expect.objectContaining({ summary: "Lunch", location: "Time Out Market" }),
    ]);
  });

  it("puts the venue on the feed's experience and activities, and a new venue raises their SEQUENCE", async () => {
    const { owner, pub } = await cast();
    const talk = await addActivity(pub.event.id, pub.days[0]!.id, pub.start + 9 * HOUR, { name: "Opening talk" });
    const feed = await (await apiAs(owner.token).api.calendar.feed.$get()).json();
    // The owner's feed holds their private experience too: only this one's events.
    const ours = (uid: string) => uid.startsWith(`experience-${pub.event.id}@`) || uid.startsWith(`activity-${talk.id}@`);
    const read = async () => locations(await (await call(new URL(feed.url).pathname)).text()).filter(({ uid }) => ours(uid));
    const before = await read();
    await put(pub.event.id, owner.token, { venue: "LX Factory" });
    const after = await read();
    expect(after.map(({ summary, location }) => ({ summary, location }))).toEqual([
      { summary: pub.event.name, location: "LX Factory" },
      { summary: "Opening talk", location: "LX Factory" },
    ]);
    after.forEach((event, i) => expect(Number(event.sequence)).toBeGreaterThan(Number(before[i]!.sequence)));
  });

  it("shows 'Venue: LX Factory · Rua Rodrigues de Faria 103, Lisboa' in the share page's HTML before the app runs, its map searching name and address", async () => {
    const { owner, pub } = await cast();
    await put(pub.event.id, owner.token, { venue: LX_FACTORY });
    const html = await (await call(`/itinerary/${pub.event.id}`)).text();
    expect(html).toContain(
      '<span class="text-slate-500">Venue: </span><a href="https://www.google.com/maps/search/?api=1&amp;query=LX%20Factory%2C%20Rua%20Rodrigues%20de%20Faria%20103%2C%20Lisboa" target="_blank" rel="noopener noreferrer" class="font-medium text-brand-700 hover:underline"><bdi dir="auto">LX Factory</bdi></a> · <bdi dir="auto">Rua Rodrigues de Faria 103, Lisboa</bdi>',
    );
  });

  it("says 'At LX Factory, Rua Rodrigues de Faria 103, Lisboa.' in an invitation, in its text and its fact box", async () => {
    const { owner, pub } = await cast();
    await put(pub.event.id, owner.token, { venue: LX_FACTORY });
    const address = uniqueEmail();
    expect((await invite(owner.token, pub.event.id, [address])).status).toBe(201);
    const [mail] = await mailsTo(address);
    expect(mail!.text).toContain("At LX Factory, Rua Rodrigues de Faria 103, Lisboa.");
    expect(mail!.html).toMatch(/class="mail-box"[^>]*>[^<]*(<br>[^<]*)*<br>At LX Factory, Rua Rodrigues de Faria 103, Lisboa\.<\/td>/);
  });
});
