import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { events, users } from "@worker/db/schema";
import { itinerarySummary } from "@worker/shared/date-range";
import { apiAs } from "@worker/test/client";
import { storedPng } from "@worker/test/files";
import { addGuest, addHost, call, db, makeUser } from "@worker/test/helpers";
import { addActivity, experience } from "@worker/test/itinerary";
import { DAY, HOUR } from "@worker/test/time";

const itinerary = (eventId: string) => apiAs().oapi.itinerary[":eventId"].$get({ param: { eventId } });
const sharePage = (eventId: string) => apiAs().itinerary[":eventId"].$get({ param: { eventId } });

/** A public three-day experience with a host, a guest, a pending invitee and two activities on its first day. */
async function sharedExperience(fields: Partial<typeof events.$inferInsert> = {}) {
  const owner = await makeUser();
  await db()
    .update(users)
    .set({ profilePicFileId: await storedPng({ uploaderId: owner.id }) })
    .where(eq(users.id, owner.id));
  const [host, guest, invitee] = await Promise.all([makeUser(), makeUser(), makeUser()]);
  const { event, start, days } = await experience(owner.id, 3, { description: "Strategy, food and culture.", ...fields });
  await addHost(event.id, host.id);
  await addGuest(event.id, guest);
  await addGuest(event.id, invitee, "REQUESTED");
  await addActivity(event.id, days[0]!.id, start + 12 * HOUR, { name: "Lunch" });
  await addActivity(event.id, days[0]!.id, start + 9 * HOUR, { name: "Walk", location: "Alfama" });
  return { owner, host, guest, event };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("GET /oapi/itinerary/:eventId (public itinerary)", () => {
  it("answers the itinerary to anyone with the link, with public profile fields only", async () => {
    const { owner, host, guest, event } = await sharedExperience();
    const response = await itinerary(event.id);
    expect(response.status).toBe(200);
    expect(await response.clone().text()).not.toContain("@");
    const answer = await response.json();
    expect(answer).toMatchObject({
      id: event.id,
      name: "Test experience",
      subtitle: "",
      description: "Strategy, food and culture.",
      image: null,
      privacy: "PUBLIC",
      rsvpType: "OPEN_INVITE",
      startTime: event.startTime.toISOString(),
      endTime: event.endTime.toISOString(),
      owner: {
        guid: owner.id,
        firstName: owner.firstName,
        lastName: "Test",
        profilePic: { source: "UPLOAD", original: expect.stringMatching(/^\/files\//) },
      },
      hosts: [{ guid: host.id, firstName: host.firstName, lastName: "Test", profilePic: null }],
      guests: [{ guid: guest.id, firstName: guest.firstName, lastName: "Test", profilePic: null }],
    });
    expect(Object.keys(answer.owner).sort()).toEqual(["firstName", "guid", "lastName", "profilePic"]);
    expect(answer.programs.map((p) => [p.name, p.activities.map((a) => a.name)])).toEqual([
      ["Day 1", ["Walk", "Lunch"]],
      ["Day 2", []],
      ["Day 3", []],
    ]);
  });

  it("says how many are going (YES, not MAYBE) on a public experience", async () => {
    const { event } = await sharedExperience();
    await addGuest(event.id, await makeUser(), "YES");
    await addGuest(event.id, await makeUser(), "MAYBE");
    await addGuest(event.id, await makeUser(), "REQUESTED");
    const answer = await (await itinerary(event.id)).json();
    expect(answer.goingCount).toBe(2);
    expect(answer.guests).toHaveLength(3);
  });

  it("shows a private experience by its link, but not its guest list nor how many are going", async () => {
    const { host, event } = await sharedExperience({ privacy: "PRIVATE" });
    const answer = await (await itinerary(event.id)).json();
    expect(answer.hosts.map((h) => h.guid)).toEqual([host.id]);
    expect(answer.guests).toEqual([]);
    expect(answer.goingCount).toBeNull();
    expect(answer.programs).toHaveLength(3);
  });

  it("answers 404 for an unknown experience", async () => {
    const response = await itinerary(crypto.randomUUID());
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Event not found" });
  });

  it("reads everything in one D1 batch", async () => {
    const { event } = await sharedExperience();
    const batch = vi.spyOn(env.DB, "batch");
    const prepare = vi.spyOn(env.DB, "prepare");
    expect((await itinerary(event.id)).status).toBe(200);
    expect(batch).toHaveBeenCalledTimes(1);
    // Every statement prepared went into that one batch: no query ran on its own.
    expect(prepare.mock.calls.length).toBe(batch.mock.calls[0]![0].length);
  });

  it("is cached for 10 s with an ETag, and answers 304 when the caller's copy is current", async () => {
    const { event } = await sharedExperience();
    const first = await itinerary(event.id);
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=10");
    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);

    const batch = vi.spyOn(env.DB, "batch");
    const again = await itinerary(event.id);
    expect(again.headers.get("ETag")).toBe(etag);
    expect(await again.json()).toEqual(await first.json());
    const notModified = await call(`/oapi/itinerary/${event.id}`, { headers: { "If-None-Match": etag } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("ETag")).toBe(etag);
    expect(batch).not.toHaveBeenCalled();
  });

  it("serves the cached copy until a change to the experience purges it", async () => {
    const { owner, event } = await sharedExperience();
    const name = async () => (await (await itinerary(event.id)).json()).name;
    expect(await name()).toBe("Test experience");

    await db().update(events).set({ name: "Changed behind the cache" }).where(eq(events.id, event.id));
    expect(await name()).toBe("Test experience");

    const organiser = apiAs(owner.token).api.events[":id"];
    await organiser.$put({ param: { id: event.id }, json: { name: "Porto Weekend" } });
    expect(await name()).toBe("Porto Weekend");

    await organiser.image.external.$post({ param: { id: event.id }, json: { source: "LINK", rawUrl: "https://example.com/a.jpg" } });
    expect(await (await itinerary(event.id)).json()).toMatchObject({ image: { original: "https://example.com/a.jpg" } });

    await organiser.$delete({ param: { id: event.id } });
    expect((await itinerary(event.id)).status).toBe(404);
  });
});

describe("GET /itinerary/:eventId (share page)", () => {
  const tag = (html: string, attribute: string, key: string) =>
    html.match(new RegExp(`<meta ${attribute}="${key}" content="([^"]*)">`))?.[1];

  it("puts the experience's name, description and picture in the page's share tags", async () => {
    const { event } = await sharedExperience({ name: "Lisbon Retreat" });
    const fileId = await storedPng({ eventId: event.id, uploaderId: null });
    await db()
      .update(events)
      .set({ image: { source: "UPLOAD", fileId } })
      .where(eq(events.id, event.id));

    const response = await sharePage(event.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/html");
    const html = await response.text();
    expect(html).toContain("<title>Lisbon Retreat · Experiences</title>");
    expect(tag(html, "property", "og:title")).toBe("Lisbon Retreat");
    expect(tag(html, "name", "description")).toBe("Strategy, food and culture.");
    expect(tag(html, "property", "og:description")).toBe("Strategy, food and culture.");
    expect(tag(html, "property", "og:image")).toMatch(new RegExp(`^${env.APP_ORIGIN}/oapi/itinerary/${event.id}/share-image/[0-9a-f]+$`));
    expect(tag(html, "property", "og:image:type")).toBe("image/jpeg");
    expect(tag(html, "property", "og:url")).toBe(`${env.APP_ORIGIN}/itinerary/${event.id}`);
    expect(tag(html, "name", "twitter:card")).toBe("summary_large_image");
    expect(tag(html, "name", "twitter:title")).toBe("Lisbon Retreat");
    expect(tag(html, "name", "twitter:image")).toBe(tag(html, "property", "og:image"));
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it("escapes HTML in the experience's fields", async () => {
    const { event } = await sharedExperience({
      name: `</title><script>alert("x")</script> & Co`,
      description: `"><img src=x onerror=alert(1)>`,
    });
    const html = await (await sharePage(event.id)).text();
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(tag(html, "property", "og:title")).toBe("&lt;/title&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co");
    expect(html).toContain("<title>&lt;/title&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co · Experiences</title>");
  });

  it("describes an experience without a description by its dates, with the default picture", async () => {
    const start = Date.UTC(2027, 2, 12);
    const { event } = await sharedExperience({ description: "", startTime: new Date(start), endTime: new Date(start + 3 * DAY) });
    // A deep link under the page: the client has no path for the SPA's own routes.
    const html = await (await call(`/itinerary/${event.id}/day/2`)).text();
    expect(tag(html, "name", "description")).toBe("3-day itinerary · Mar 12 – Mar 14, 2027");
    expect(tag(html, "property", "og:image")).toMatch(new RegExp(`^${env.APP_ORIGIN}/oapi/itinerary/${event.id}/share-image/[0-9a-f]+$`));
    expect(tag(html, "property", "og:image:type")).toBe("image/png");
  });

  it("reads D1 only in the itinerary's one batch, and not at all while the itinerary is cached", async () => {
    const { event } = await sharedExperience();
    const batch = vi.spyOn(env.DB, "batch");
    const prepare = vi.spyOn(env.DB, "prepare");
    expect((await sharePage(event.id)).status).toBe(200);
    expect(batch).toHaveBeenCalledTimes(1);
    expect(prepare.mock.calls.length).toBe(batch.mock.calls[0]![0].length);

    prepare.mockClear();
    expect((await sharePage(event.id)).status).toBe(200);
    expect(prepare).not.toHaveBeenCalled();
  });

  it("serves the plain page with 404 for an unknown experience", async () => {
    const id = crypto.randomUUID();
    const response = await sharePage(id);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("<html");
    expect(html).not.toContain(id);
  });
});

describe("itinerarySummary", () => {
  it("names the days and the date range, the end being exclusive", () => {
    expect(itinerarySummary(new Date(Date.UTC(2027, 2, 12)), new Date(Date.UTC(2027, 2, 13)), "UTC")).toBe(
      "1-day itinerary · Mar 12, 2027",
    );
    expect(itinerarySummary(new Date(Date.UTC(2026, 11, 30)), new Date(Date.UTC(2027, 0, 3)), "UTC")).toBe(
      "4-day itinerary · Dec 30, 2026 – Jan 2, 2027",
    );
  });

  it("counts and words the experience's local dates in its zone, whatever UTC's dates are", () => {
    // Tokyo's 10–12 May are 15:00 UTC on the 9th to 15:00 UTC on the 12th; New York's 13–14 March hold a 23-hour day.
    expect(itinerarySummary(new Date("2027-05-09T15:00:00Z"), new Date("2027-05-12T15:00:00Z"), "Asia/Tokyo")).toBe(
      "3-day itinerary · May 10 – May 12, 2027",
    );
    expect(itinerarySummary(new Date("2027-03-13T05:00:00Z"), new Date("2027-03-15T04:00:00Z"), "America/New_York")).toBe(
      "2-day itinerary · Mar 13 – Mar 14, 2027",
    );
  });
});
