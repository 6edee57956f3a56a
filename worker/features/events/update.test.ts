import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import type { InferRequestType } from "hono/client";
import { describe, expect, it } from "vitest";
import { events, files } from "@worker/db/schema";
import { apiAs, errorOf } from "@worker/test/client";
import { PDF, PNG } from "@worker/test/files";
import { call, db } from "@worker/test/helpers";
import { listen, settle } from "@worker/test/live";
import { iso } from "@worker/test/time";
import { cast } from "@worker/test/experiences";

const eventOf = (token: string) => apiAs(token).api.events[":id"];
type Change = InferRequestType<ReturnType<typeof eventOf>["$put"]>["json"];
type ImageLink = InferRequestType<ReturnType<typeof eventOf>["image"]["external"]["$post"]>["json"];

const put = (id: string, token: string, json: Change) => eventOf(token).$put({ param: { id }, json });
const uploadImage = (id: string, token: string, file: File) => eventOf(token).image.$post({ param: { id }, form: { file } });
const linkImage = (id: string, token: string, json: ImageLink) => eventOf(token).image.external.$post({ param: { id }, json });

describe("PUT /api/events/:id (name, privacy, rsvpType)", () => {
  it("closes strangers' live sockets when the experience becomes private (4403 anonymous, 4409 signed in: their page asks again), keeping the participants'", async () => {
    const { owner, guest, stranger, publicEvent } = await cast();
    const anonymous = await listen(publicEvent.id);
    const watcher = await listen(publicEvent.id, stranger.token);
    const participant = await listen(publicEvent.id, guest.token);

    const response = await put(publicEvent.id, owner.token, { privacy: "PRIVATE" });
    expect(response.status).toBe(200);
    await settle();
    expect(anonymous.closes).toEqual([4403]);
    expect(watcher.closes).toEqual([4409]);
    expect([...anonymous.messages, ...watcher.messages]).toEqual([]);
    expect(participant.messages).toEqual([{ type: "event.changed", eventId: publicEvent.id }]);
    participant.ws.close();
  });

  it("lets the owner change the name, privacy and rsvpType, one at a time", async () => {
    const { owner, publicEvent } = await cast();

    const renamed = await put(publicEvent.id, owner.token, { name: "  Porto Weekend " });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toEqual({
      id: publicEvent.id,
      name: "Porto Weekend",
      privacy: "PUBLIC",
      rsvpType: "OPEN_INVITE",
      startTime: iso(publicEvent.startTime.getTime()),
      endTime: iso(publicEvent.endTime.getTime()),
      timeZone: "UTC",
      subtitle: "",
      description: "",
      image: null,
      capacity: null,
      venue: null,
    });
    expect(await (await put(publicEvent.id, owner.token, { privacy: "PRIVATE" })).json()).toMatchObject({ privacy: "PRIVATE" });
    expect(await (await put(publicEvent.id, owner.token, { rsvpType: "OPEN" })).json()).toMatchObject({ rsvpType: "OPEN" });

    const [row] = await db().select().from(events).where(eq(events.id, publicEvent.id));
    expect(row).toMatchObject({ name: "Porto Weekend", privacy: "PRIVATE", rsvpType: "OPEN", version: 4 });
    expect(row!.updatedAt).toBeInstanceOf(Date);
  });

  it("tells the event's open pages that it changed", async () => {
    const { owner, guest, publicEvent } = await cast();
    const { ws, messages } = await listen(publicEvent.id, guest.token);
    await put(publicEvent.id, owner.token, { name: "New name" });
    await settle();
    expect(messages).toEqual([{ type: "event.changed", eventId: publicEvent.id }]);
    ws.close();
  });

  it("refuses an empty change and invalid fields", async () => {
    const { owner, publicEvent } = await cast();
    // Values outside the enums go as plain JSON: the typed client cannot send them.
    const outsideTypes = (json: unknown) => call(`/api/events/${publicEvent.id}`, { method: "PUT", token: owner.token, json });
    const cases = [
      [
        await put(publicEvent.id, owner.token, {}),
        "Send at least one of name, subtitle, description, venue, privacy, rsvpType, capacity, startIsoTime, endIsoTime or timeZone",
      ],
      [await put(publicEvent.id, owner.token, { name: "A", privacy: "HIDDEN" as "PUBLIC" }), "Privacy must be PUBLIC or PRIVATE"],
      [await put(publicEvent.id, owner.token, { name: "   " }), "Name is required"],
      [await outsideTypes({ privacy: "HIDDEN" }), "Privacy must be PUBLIC or PRIVATE"],
      [await outsideTypes({ rsvpType: "CLOSED" }), "RSVP type must be OPEN, OPEN_INVITE or INVITE_ONLY"],
    ] as const;
    for (const [response, message] of cases) {
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe(message);
    }
  });

  it("lets a host change it, but not a guest or a stranger", async () => {
    const { host, guest, stranger, publicEvent, privateEvent } = await cast();
    const rename = (id: string, token: string) => put(id, token, { name: "Changed" });
    expect((await rename(privateEvent.id, host.token)).status).toBe(200);
    expect((await rename(publicEvent.id, guest.token)).status).toBe(403);
    expect((await rename(publicEvent.id, stranger.token)).status).toBe(403);
    expect((await rename(privateEvent.id, stranger.token)).status).toBe(404);
    expect((await rename(crypto.randomUUID(), host.token)).status).toBe(404);
    expect((await put(publicEvent.id, "", { name: "x" })).status).toBe(401);
    const [row] = await db().select().from(events).where(eq(events.id, publicEvent.id));
    expect(row!.name).toBe("Test experience");
  });
});

describe("POST /api/events/:id/image and /image/external", () => {
  it("replaces the cover with an upload, then with an external picture, removing the old upload", async () => {
    const { owner, publicEvent } = await cast();
    const first = await uploadImage(publicEvent.id, owner.token, new File([PNG], "a.png"));
    expect(first.status).toBe(200);
    const { image } = await first.json();
    expect(image).toEqual({ original: expect.stringMatching(/^\/files\//), thumbnail: image.original, source: "UPLOAD" });
    expect((await call(image.original)).status).toBe(200);

    await uploadImage(publicEvent.id, owner.token, new File([PNG], "b.png"));
    expect(await db().select().from(files).where(eq(files.eventId, publicEvent.id))).toHaveLength(1);

    const unsplash = "https://images.unsplash.com/photo-abc";
    const external = await linkImage(publicEvent.id, owner.token, { photoId: "abc", source: "UNSPLASH", rawUrl: unsplash });
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

    for (const rawUrl of ["http://localhost:8787/demo/lisbon.svg", "http://example.com/a.jpg", "javascript:alert(1)", "not a url"]) {
      const response = await linkImage(publicEvent.id, owner.token, { source: "LINK", rawUrl });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe("Image link must be an https URL");
    }
    for (const rawUrl of [
      "https://localhost/a.jpg",
      "https://127.0.0.1/a.jpg",
      "https://10.0.0.1/a.jpg",
      "https://[::1]/a.jpg",
      "https://2130706433/a.jpg",
      "https://[::ffff:192.168.0.1]/a.jpg",
    ]) {
      const response = await linkImage(publicEvent.id, owner.token, { source: "LINK", rawUrl });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe("Image link must point to a public website");
    }
    // An unknown source is outside the route's types.
    const flickr = await call(`/api/events/${publicEvent.id}/image/external`, {
      method: "POST",
      token: owner.token,
      json: { source: "FLICKR", rawUrl: "https://example.com/a.jpg" },
    });
    expect(await errorOf(flickr)).toBe("Image source must be UNSPLASH, PEXELS, LINK or GOOGLE");
  });

  it("lets owner and host change the cover, not a guest or a stranger", async () => {
    const { host, guest, stranger, publicEvent, privateEvent } = await cast();
    const external = (id: string, token: string) => linkImage(id, token, { source: "LINK", rawUrl: "https://example.com/a.jpg" });
    expect((await external(privateEvent.id, host.token)).status).toBe(200);
    expect((await uploadImage(privateEvent.id, host.token, new File([PNG], "a.png"))).status).toBe(200);
    expect((await external(publicEvent.id, guest.token)).status).toBe(403);
    expect((await uploadImage(publicEvent.id, guest.token, new File([PNG], "a.png"))).status).toBe(403);
    expect((await external(publicEvent.id, stranger.token)).status).toBe(403);
    expect((await external(privateEvent.id, stranger.token)).status).toBe(404);
    expect(await db().select().from(files).where(eq(files.eventId, publicEvent.id))).toEqual([]);
  });
});
