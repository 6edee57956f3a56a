import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import type { InferRequestType } from "hono/client";
import { describe, expect, it } from "vitest";
import { events, files } from "@worker/db/schema";
import { apiAs } from "@worker/test/client";
import { PNG } from "@worker/test/files";
import { db, makeUser } from "@worker/test/helpers";
import { experience, storedImage, cast } from "@worker/test/itinerary";
import { expectItineraryInvariants, outcomes } from "@worker/test/itinerary-invariants";
import { experienceDatesError, experienceRange, EXPERIENCE_MESSAGES } from "./experiences.schema";

// Spec of issue 8 §2: requests fired at once, then the invariants read back from D1 and R2.

const eventOf = (token: string) => apiAs(token).api.events[":id"];
const cover = (id: string, token: string) => eventOf(token).image.$post({ param: { id }, form: { file: new File([PNG], "cover.png") } });
const link = (id: string, token: string, n: number) =>
  eventOf(token).image.external.$post({
    param: { id },
    json: { source: "UNSPLASH", photoId: `p${n}`, rawUrl: `https://images.unsplash.com/photo-${n}` },
  });

describe("concurrent cover changes", () => {
  it("10 cover uploads at once leave no orphaned file: R2 holds exactly the stored cover, and the files table matches R2", async () => {
    const owner = await makeUser();
    const { event } = await experience(owner.id);
    const old = await storedImage(event.id);
    await db().update(events).set({ image: old }).where(eq(events.id, event.id));

    const responses = await Promise.all(Array.from({ length: 10 }, () => cover(event.id, owner.token)));

    await outcomes(responses, 200);
    const stored = await expectItineraryInvariants(event.id);
    expect(stored.event.image).toMatchObject({ source: "UPLOAD" });
    expect(stored.files.map((f) => f.id)).toEqual([(stored.event.image as { fileId: string }).fileId]);
    expect(stored.objects).toHaveLength(1);
    expect(await db().select().from(files).where(eq(files.id, old.fileId))).toEqual([]);
  });

  it("uploads and links mixed at once leave only the stored cover's file, if it is an upload", async () => {
    const owner = await makeUser();
    const { event } = await experience(owner.id);

    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, n) => (n % 2 ? cover(event.id, owner.token) : link(event.id, owner.token, n))),
    );

    await outcomes(responses, 200);
    const stored = await expectItineraryInvariants(event.id);
    expect(stored.objects).toHaveLength(stored.event.image?.source === "UPLOAD" ? 1 : 0);
  });

  it("deleting the experience during cover uploads leaves nothing of it in R2", async () => {
    const owner = await makeUser();
    const { event } = await experience(owner.id);

    const responses = await Promise.all([
      ...Array.from({ length: 5 }, () => cover(event.id, owner.token)),
      eventOf(owner.token).$delete({ param: { id: event.id } }),
    ]);

    for (const response of responses) expect([200, 404, 409], await response.clone().text()).toContain(response.status);
    expect(responses.at(-1)!.status).toBe(200);
    expect((await env.FILES.list({ prefix: `events/${event.id}/` })).objects).toEqual([]);
    expect(await db().select().from(files).where(eq(files.eventId, event.id))).toEqual([]);
  });
});

// The rule the New Experience form and POST /api/events share; `now` is fixed so the time-zone edge is exact.

const at = (iso: string) => Date.parse(iso);
const now = at("2027-03-10T08:00:00Z"); // 22:00 on March 9 in Honolulu, 17:00 on March 10 in Tokyo

describe("experienceDatesError", () => {
  it("takes 'today' in the experience's zone: March 9 is still today in Honolulu, and refused with 'Start date must be today or later' in UTC", () => {
    expect(experienceDatesError("2027-03-09", "2027-03-10", now, undefined, "Pacific/Honolulu")).toBeNull();
    expect(experienceDatesError("2027-03-08", "2027-03-10", now, undefined, "Pacific/Honolulu")).toEqual({
      path: "startIsoTime",
      message: EXPERIENCE_MESSAGES.startNotPast,
    });
    expect(experienceDatesError("2027-03-09T00:00:00.000Z", "2027-03-10T00:00:00.000Z", now)).toEqual({
      path: "startIsoTime",
      message: EXPERIENCE_MESSAGES.startNotPast,
    });
    expect(experienceDatesError("2027-03-10T00:00", "2027-03-11T00:00", now, undefined, "Asia/Tokyo")).toBeNull();
  });

  it("reads an instant as the zone's local date: 00:00 UTC of March 12 is March 11 in New York", () => {
    expect(experienceRange("2027-03-12T00:00:00.000Z", "2027-03-14T00:00:00.000Z", "America/New_York")).toMatchObject({
      startDate: "2027-03-11",
      endDate: "2027-03-14",
      start: at("2027-03-11T05:00:00Z"),
      end: at("2027-03-14T05:00:00Z"), // still EST: the clocks go forward at 02:00 that day
    });
    expect(experienceRange("2027-03-12", "2027-03-14", "America/New_York")).toMatchObject({
      startDate: "2027-03-12",
      endDate: "2027-03-14",
    });
  });

  it("refuses an end before the start with 'End date must be after or same as start date'", () => {
    expect(experienceDatesError("2027-03-12T00:00:00.000Z", "2027-03-11T00:00:00.000Z", now)).toEqual({
      path: "endIsoTime",
      message: EXPERIENCE_MESSAGES.endAfterStart,
    });
  });

  it("accepts 365 days and refuses 366 with 'An experience can last at most 365 days'", () => {
    expect(experienceDatesError("2027-03-10T00:00:00.000Z", "2028-03-09T00:00:00.000Z", now)).toBeNull();
    expect(experienceDatesError("2027-03-10T00:00:00.000Z", "2028-03-10T00:00:00.000Z", now)).toEqual({
      path: "endIsoTime",
      message: EXPERIENCE_MESSAGES.tooManyDays,
    });
  });

  it("accepts a last day 365 days from now and refuses the day after with 'Experience date range is at most 1 year ahead'", () => {
    expect(experienceDatesError("2027-12-01T00:00:00.000Z", "2028-03-10T00:00:00.000Z", now)).toBeNull();
    expect(experienceDatesError("2027-12-01T00:00:00.000Z", "2028-03-11T00:00:00.000Z", now)).toEqual({
      path: "endIsoTime",
      message: EXPERIENCE_MESSAGES.atMostOneYear,
    });
  });
});
type Change = InferRequestType<ReturnType<typeof eventOf>["$put"]>["json"];
const put = (id: string, token: string, json: Change) => eventOf(token).$put({ param: { id }, json });
const stored = async (id: string) => (await db().select().from(events).where(eq(events.id, id)))[0]!;

describe("PUT /api/events/:id with the details the editor started from (base)", () => {
  it("answers the second of two renames from the same base 409 with the current name, and keeps it", async () => {
    const { owner, host, pub } = await cast();
    const name = pub.event.name;
    expect((await put(pub.event.id, host.token, { name: "Lisbon weekend", base: { name } })).status).toBe(200);

    const late = await put(pub.event.id, owner.token, { name: "Porto weekend", base: { name } });
    expect(late.status).toBe(409);
    expect(await late.json()).toEqual({ error: "Someone else changed this while you were editing", current: { name: "Lisbon weekend" } });
    expect((await stored(pub.event.id)).name).toBe("Lisbon weekend");
  });

  it("lands a subtitle and a description changed by two organisers from the same base", async () => {
    const { owner, host, pub } = await cast();
    const [a, b] = await Promise.all([
      put(pub.event.id, host.token, { subtitle: "By the sea", base: { subtitle: "" } }),
      put(pub.event.id, owner.token, { description: "Trams and tiles", base: { description: "" } }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await stored(pub.event.id)).toMatchObject({ subtitle: "By the sea", description: "Trams and tiles" });
  });

  it("lets the last write win without a base", async () => {
    const { owner, host, pub } = await cast();
    await put(pub.event.id, host.token, { name: "Lisbon weekend" });
    expect((await put(pub.event.id, owner.token, { name: "Porto weekend" })).status).toBe(200);
    expect((await stored(pub.event.id)).name).toBe("Porto weekend");
  });
});
