import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bulletins, files } from "@worker/db/schema";
import type { LiveMessage } from "@worker/live/protocol";
import { errorOf } from "@worker/test/client";
import { form, JPEG, PDF, PNG } from "@worker/test/files";
import { call, db, addHost, addGuest } from "@worker/test/helpers";
import { connect, listen, settle } from "@worker/test/live";
import { gif } from "@worker/test/media";
import { BULLETIN_DESCRIPTION_MAX, BULLETIN_IMAGE_MAX_BYTES, BULLETIN_MESSAGES, BULLETIN_TITLE_MAX } from "./bulletin.schema";
import { bulletinCrew, objectsOf, posted, readBulletins, sendBulletin, deleteBulletin } from "./bulletin.test-support";

const rowsOf = (eventId: string) => db().select().from(bulletins).where(eq(bulletins.eventId, eventId));
const fileRowsOf = (eventId: string) => db().select().from(files).where(eq(files.eventId, eventId));

describe("POST /api/bulletin/:eventId", () => {
  it.each(["owner", "host"] as const)("lets the %s post a bulletin and answers 201 with it as the list shows it", async (who) => {
    const crew = await bulletinCrew();
    const response = await sendBulletin(crew[who].token, crew.event.id, {
      title: "  Shuttle times ",
      description: "Buses leave at 9:00\nand at 10:00",
    });
    expect(response.status).toBe(201);
    const bulletin = await response.json();
    expect(bulletin).toMatchObject({
      eventId: crew.event.id,
      title: "Shuttle times",
      description: "Buses leave at 9:00\nand at 10:00",
      media: null,
      mimeType: null,
    });
    expect(bulletin.author?.guid).toBe(crew[who].id);
    expect(Date.now() - Date.parse(bulletin.timestamp)).toBeLessThan(60_000);
    expect(await (await readBulletins(crew.guest.token, crew.event.id)).json()).toEqual([bulletin]);
  });

  it.each([
    ["a JPEG", JPEG, "image/jpeg"],
    ["a PNG", PNG, "image/png"],
    ["a GIF", gif(2, 2), "image/gif"],
  ] as const)("posts %s image, typed by its bytes and served at its signed URL", async (_, bytes, mimeType) => {
    const { host, event } = await bulletinCrew();
    const bulletin = await posted(host.token, event.id, {
      title: "Map",
      description: "Where to meet",
      image: new File([bytes], "map.bin", { type: "text/plain" }),
    });
    expect(bulletin.mimeType).toBe(mimeType);
    expect(bulletin.media).toMatch(/^\/files\/[\w-]+\?e=\d+&s=/);
    const served = await call(bulletin.media!);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
    expect(await objectsOf(event.id)).toHaveLength(1);
    expect(await fileRowsOf(event.id)).toHaveLength(1);
  });

  it("keeps the description's line breaks, CRLF stored as LF", async () => {
    const { owner, event } = await bulletinCrew();
    const bulletin = await posted(owner.token, event.id, { title: "Plan", description: "Day one\r\nDay two\r\n\r\nDay four" });
    expect(bulletin.description).toBe("Day one\nDay two\n\nDay four");
  });

  it("takes an empty file input as no image", async () => {
    const { owner, event } = await bulletinCrew();
    const bulletin = await posted(owner.token, event.id, { title: "Note", description: "No picture", image: new File([], "") });
    expect(bulletin.media).toBeNull();
  });

  it.each([
    ["a missing title", { description: "Text" }, BULLETIN_MESSAGES.titleRequired],
    ["a blank title", { title: "   ", description: "Text" }, BULLETIN_MESSAGES.titleRequired],
    ["a missing description", { title: "Title" }, BULLETIN_MESSAGES.descriptionRequired],
    ["a blank description", { title: "Title", description: "\n \n" }, BULLETIN_MESSAGES.descriptionRequired],
    ["a title over the limit", { title: "x".repeat(BULLETIN_TITLE_MAX + 1), description: "Text" }, BULLETIN_MESSAGES.titleTooLong],
    [
      "a description over the limit",
      { title: "Title", description: "x".repeat(BULLETIN_DESCRIPTION_MAX + 1) },
      BULLETIN_MESSAGES.descriptionTooLong,
    ],
    [
      "a PDF as the image",
      { title: "T", description: "D", image: new File([PDF], "flyer.pdf", { type: "application/pdf" }) },
      BULLETIN_MESSAGES.wrongImage,
    ],
    [
      "an HTML file named .png",
      { title: "T", description: "D", image: new File(["<html><script>alert(1)</script>"], "poly.png", { type: "image/png" }) },
      BULLETIN_MESSAGES.wrongImage,
    ],
    [
      "two images",
      { title: "T", description: "D", image: [new File([PNG], "a.png"), new File([JPEG], "b.jpg")] },
      BULLETIN_MESSAGES.oneImage,
    ],
  ] as [string, Parameters<typeof form>[0], string][])("refuses %s with 400 and the reason, storing nothing", async (_, body, message) => {
    const { owner, event } = await bulletinCrew();
    const response = await call(`/api/bulletin/${event.id}`, { method: "POST", token: owner.token, body: form(body) });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(message);
    expect(await rowsOf(event.id)).toEqual([]);
    expect(await objectsOf(event.id)).toEqual([]);
    expect(await fileRowsOf(event.id)).toEqual([]);
  });

  it("accepts a title and a description of exactly their limits", async () => {
    const { owner, event } = await bulletinCrew();
    const bulletin = await posted(owner.token, event.id, {
      title: "t".repeat(BULLETIN_TITLE_MAX),
      description: "d".repeat(BULLETIN_DESCRIPTION_MAX),
    });
    expect([bulletin.title.length, bulletin.description.length]).toEqual([BULLETIN_TITLE_MAX, BULLETIN_DESCRIPTION_MAX]);
  });

  it("refuses an image over 10 MB with 413, storing nothing", async () => {
    const { owner, event } = await bulletinCrew();
    const big = new Uint8Array(BULLETIN_IMAGE_MAX_BYTES + 1);
    big.set(PNG);
    const response = await sendBulletin(owner.token, event.id, { title: "Big", description: "Too big", image: new File([big], "big.png") });
    expect(response.status).toBe(413);
    expect(await errorOf(response)).toBe(BULLETIN_MESSAGES.imageTooLarge);
    expect(await objectsOf(event.id)).toEqual([]);
  });

  it("refuses a body far over the limit by its size before reading it", async () => {
    const { owner, event } = await bulletinCrew();
    const response = await call(`/api/bulletin/${event.id}`, {
      method: "POST",
      token: owner.token,
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(50 * 1024 * 1024) },
      body: new Uint8Array(16),
    });
    expect(response.status).toBe(413);
    expect(await errorOf(response)).toBe(BULLETIN_MESSAGES.imageTooLarge);
  });

  it.each(["PUBLIC", "PRIVATE"] as const)(
    "refuses a guest (403) and a stranger (404) of a %s experience before storing the image",
    async (privacy) => {
      const crew = await bulletinCrew({ privacy });
      const image = () => new File([PNG], "p.png");
      const asGuest = await sendBulletin(crew.guest.token, crew.event.id, { title: "T", description: "D", image: image() });
      expect(asGuest.status).toBe(403);
      expect(await errorOf(asGuest)).toBe(BULLETIN_MESSAGES.hostsOnly);
      for (const who of ["stranger", "invited"] as const) {
        const response = await sendBulletin(crew[who].token, crew.event.id, { title: "T", description: "D", image: image() });
        expect(response.status, who).toBe(404);
        expect(await errorOf(response)).toBe("Event not found");
      }
      expect(await rowsOf(crew.event.id)).toEqual([]);
      expect(await objectsOf(crew.event.id)).toEqual([]);
    },
  );

  it("answers 401 when signed out", async () => {
    const { event } = await bulletinCrew();
    const response = await sendBulletin(undefined, event.id, { title: "T", description: "D" });
    expect(response.status).toBe(401);
    expect(await rowsOf(event.id)).toEqual([]);
  });
});

/** An experience whose host posted a bulletin with an image. */
async function withPicture(privacy: "PUBLIC" | "PRIVATE" = "PUBLIC") {
  const crew = await bulletinCrew({ privacy });
  const bulletin = await posted(crew.host.token, crew.event.id, {
    title: "Map",
    description: "Meet here",
    image: new File([PNG], "map.png"),
  });
  return { ...crew, bulletin };
}

describe("DELETE /api/bulletin/:eventId/:bulletinId", () => {
  it.each(["owner", "host"] as const)("lets the %s delete a bulletin with its image", async (who) => {
    const crew = await withPicture();
    const { event, bulletin } = crew;
    const response = await deleteBulletin(crew[who].token, event.id, bulletin.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    expect(await (await readBulletins(crew.guest.token, event.id)).json()).toEqual([]);
    expect(await db().select().from(bulletins).where(eq(bulletins.id, bulletin.id))).toEqual([]);
    expect(await objectsOf(event.id), "the image is gone from R2").toEqual([]);
    expect(await db().select().from(files).where(eq(files.eventId, event.id))).toEqual([]);
    expect((await call(bulletin.media!)).status, "its URL no longer serves it").toBe(404);
  });

  it("lets a host delete a bulletin the owner posted", async () => {
    const { owner, host, event } = await bulletinCrew();
    const bulletin = await posted(owner.token, event.id);
    expect((await deleteBulletin(host.token, event.id, bulletin.id)).status).toBe(200);
  });

  it.each(["PUBLIC", "PRIVATE"] as const)(
    "refuses a guest (403) and a stranger (404) of a %s experience, deleting nothing",
    async (privacy) => {
      const crew = await withPicture(privacy);
      const asGuest = await deleteBulletin(crew.guest.token, crew.event.id, crew.bulletin.id);
      expect(asGuest.status).toBe(403);
      expect(await errorOf(asGuest)).toBe(BULLETIN_MESSAGES.hostsOnly);
      const asStranger = await deleteBulletin(crew.stranger.token, crew.event.id, crew.bulletin.id);
      expect(asStranger.status).toBe(404);
      expect(await errorOf(asStranger)).toBe("Event not found");
      expect((await deleteBulletin(undefined, crew.event.id, crew.bulletin.id)).status, "signed out").toBe(401);
      expect((await (await readBulletins(crew.owner.token, crew.event.id)).json()).map((b) => b.id)).toEqual([crew.bulletin.id]);
      expect(await objectsOf(crew.event.id)).toHaveLength(1);
    },
  );

  it("answers 404 'Bulletin not found' to a second delete, and to a bulletin of another experience", async () => {
    const crew = await withPicture();
    const other = await bulletinCrew();
    // Even a host of both experiences deletes a bulletin only under its own experience.
    await addHost(other.event.id, crew.owner.id);
    const elsewhere = await posted(other.owner.token, other.event.id);

    expect((await deleteBulletin(crew.owner.token, crew.event.id, crew.bulletin.id)).status).toBe(200);
    const again = await deleteBulletin(crew.owner.token, crew.event.id, crew.bulletin.id);
    expect(again.status).toBe(404);
    expect(await errorOf(again)).toBe(BULLETIN_MESSAGES.notFound);

    const crossed = await deleteBulletin(crew.owner.token, crew.event.id, elsewhere.id);
    expect(crossed.status).toBe(404);
    expect(await errorOf(crossed)).toBe(BULLETIN_MESSAGES.notFound);
    expect((await (await readBulletins(other.owner.token, other.event.id)).json()).map((b) => b.id)).toEqual([elsewhere.id]);
  });

  it("deletes a bulletin once when two hosts delete it at once", async () => {
    const crew = await withPicture();
    const answers = await Promise.all([crew.owner, crew.host].map((who) => deleteBulletin(who.token, crew.event.id, crew.bulletin.id)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
    expect(await objectsOf(crew.event.id)).toEqual([]);
  });
});

describe("GET /api/bulletin/:eventId", () => {
  it.each(["owner", "host", "guest"] as const)("shows the %s every bulletin, newest first by timestamp", async (who) => {
    const crew = await bulletinCrew();
    const first = await posted(crew.owner.token, crew.event.id, { title: "Welcome", description: "Glad you came" });
    const second = await posted(crew.host.token, crew.event.id, { title: "Shuttle", description: "9:00 at the lobby" });
    const third = await posted(crew.owner.token, crew.event.id, { title: "Dinner", description: "Line one\nLine two" });

    const response = await readBulletins(crew[who].token, crew.event.id);
    expect(response.status).toBe(200);
    const list = await response.json();
    expect(list.map((b) => b.id)).toEqual([third.id, second.id, first.id]);
    expect(list[0]).toEqual(third);
    const times = list.map((b) => Date.parse(b.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("answers an empty list for an experience without bulletins", async () => {
    const { guest, event } = await bulletinCrew();
    const response = await readBulletins(guest.token, event.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
  });

  it("shows only this experience's bulletins", async () => {
    const crew = await bulletinCrew();
    const other = await bulletinCrew();
    await posted(other.owner.token, other.event.id);
    const mine = await posted(crew.owner.token, crew.event.id);
    expect((await (await readBulletins(crew.guest.token, crew.event.id)).json()).map((b) => b.id)).toEqual([mine.id]);
  });

  it.each(["PUBLIC", "PRIVATE"] as const)("answers 404 to a stranger and to someone only invited to a %s experience", async (privacy) => {
    const crew = await bulletinCrew({ privacy });
    await posted(crew.owner.token, crew.event.id);
    for (const who of ["stranger", "invited"] as const) {
      const response = await readBulletins(crew[who].token, crew.event.id);
      expect(response.status, who).toBe(404);
      expect(await errorOf(response)).toBe("Event not found");
    }
  });

  it("lets a guest who said MAYBE read them", async () => {
    const crew = await bulletinCrew();
    await addGuest(crew.event.id, crew.stranger, "MAYBE");
    expect((await readBulletins(crew.stranger.token, crew.event.id)).status).toBe(200);
  });

  it("answers 401 when signed out, and 404 for an experience that does not exist", async () => {
    const { event, guest } = await bulletinCrew();
    expect((await readBulletins(undefined, event.id)).status).toBe(401);
    expect((await readBulletins(guest.token, crypto.randomUUID())).status).toBe(404);
  });
});

describe("the bulletin, live", () => {
  it("tells a participant's open page of each post and delete, and no stranger's page nor another experience's", async () => {
    const crew = await bulletinCrew({ privacy: "PUBLIC" });
    const elsewhere = await bulletinCrew();
    const guestSocket = await listen(crew.event.id, crew.guest.token);
    const strangerSocket = await listen(crew.event.id, crew.stranger.token);
    const visitorSocket = await listen(crew.event.id);
    const otherSocket = await listen(elsewhere.event.id, elsewhere.guest.token);

    const bulletin = await posted(crew.host.token, crew.event.id);
    await deleteBulletin(crew.owner.token, crew.event.id, bulletin.id);
    await settle();

    const changed: LiveMessage = { type: "bulletin.changed", eventId: crew.event.id };
    expect(guestSocket.messages).toEqual([changed, changed]);
    expect(strangerSocket.messages, "a stranger of the public experience").toEqual([]);
    expect(visitorSocket.messages, "a signed-out visitor").toEqual([]);
    expect(otherSocket.messages).toEqual([]);
    for (const socket of [guestSocket, strangerSocket, visitorSocket, otherSocket]) socket.ws.close();
  });

  it("reaches a participant of a private experience, whose strangers cannot even connect", async () => {
    const crew = await bulletinCrew({ privacy: "PRIVATE" });
    const guestSocket = await listen(crew.event.id, crew.guest.token);
    const stranger = await connect(crew.event.id, crew.stranger.token);
    expect(stranger.ws).toBeNull();
    await posted(crew.owner.token, crew.event.id);
    await settle();
    expect(guestSocket.messages).toEqual([{ type: "bulletin.changed", eventId: crew.event.id }]);
    guestSocket.ws.close();
  });

  it("says nothing when a post or a delete is refused", async () => {
    const crew = await bulletinCrew();
    const bulletin = await posted(crew.owner.token, crew.event.id);
    const socket = await listen(crew.event.id, crew.host.token);
    await sendBulletin(crew.guest.token, crew.event.id, { title: "T", description: "D" });
    await sendBulletin(crew.host.token, crew.event.id, { title: "", description: "D" });
    await deleteBulletin(crew.guest.token, crew.event.id, bulletin.id);
    await settle();
    expect(socket.messages).toEqual([]);
    socket.ws.close();
  });
});
