import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bulletins, files } from "@worker/db/schema";
import { gif } from "@worker/test/media";
import { errorOf } from "@worker/test/client";
import { form, JPEG, PDF, PNG } from "@worker/test/files";
import { call, db } from "@worker/test/helpers";
import { BULLETIN_DESCRIPTION_MAX, BULLETIN_IMAGE_MAX_BYTES, BULLETIN_MESSAGES, BULLETIN_TITLE_MAX } from "./bulletin.schema";
import { bulletinCrew, objectsOf, posted, readBulletins, sendBulletin } from "./bulletin.test-support";

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
