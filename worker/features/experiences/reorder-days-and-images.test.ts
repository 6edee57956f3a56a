import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { programs } from "@worker/db/schema";
import { errorOf, type Answer } from "@worker/test/client";
import { PDF, PNG } from "@worker/test/files";
import { call, db, makeUser } from "@worker/test/helpers";
import { addActivity, cast, eventVersion, experience, fileExists, publicItinerary } from "@worker/test/itinerary";
import { messagesDuring } from "@worker/test/live";
import { DAY, HOUR, iso } from "@worker/test/time";
import { clone, expectOrganisersOnly, linkImage, put, remove, reorder, storedDays, uploadImage } from "./days.test-support";

describe("POST /api/events/:eventId/programs/reorder", () => {
  it("puts the days in the given order, re-dates them, renames 'Day N' names by their new place (typed names kept) and moves their activities along", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id, 3);
    await db().update(programs).set({ name: "Arrival" }).where(eq(programs.id, days[1]!.id));
    const first = await addActivity(event.id, days[0]!.id, start + 9 * HOUR);
    const third = await addActivity(event.id, days[2]!.id, start + 2 * DAY + 15 * HOUR, { name: "Dinner" });
    const before = await eventVersion(event.id);

    const order = [days[2]!.id, days[0]!.id, days[1]!.id];
    const response = await reorder(event.id, owner.token, order);
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer.map((d) => [d.id, d.dayIndex, d.date, d.name])).toEqual([
      [days[2]!.id, 0, iso(start).slice(0, 10), "Day 1"],
      [days[0]!.id, 1, iso(start + DAY).slice(0, 10), "Day 2"],
      [days[1]!.id, 2, iso(start + 2 * DAY).slice(0, 10), "Arrival"],
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
      ...["abc", [1, 2, 3]].map(
        (ids) =>
          [
            ids,
            () => call(`/api/events/${event.id}/programs/reorder`, { method: "POST", token: owner.token, json: { programIds: ids } }),
          ] as const,
      ),
    ];
    for (const [ids, send] of sends) {
      const response = await send();
      expect(response.status, JSON.stringify(ids)).toBe(400);
      expect(await errorOf(response)).toBe("programIds must list every day of this experience exactly once");
    }
    expect((await storedDays(event.id)).map((d) => d.id)).toEqual([a, b, c]);
  });

  it("is for the owner and hosts only", async () => {
    await expectOrganisersOnly(
      async (eventId, _dayId, token) => {
        const ids = (await storedDays(eventId)).map((d) => d.id);
        return reorder(eventId, token, ids.reverse());
      },
      { crossEvent: false },
    );
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

    const linked = await linkImage(event.id, days[0]!.id, owner.token, {
      photoId: "p1",
      source: "PEXELS",
      rawUrl: "https://images.pexels.com/1.jpg",
    });
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
