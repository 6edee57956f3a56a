import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { feedPosts, files } from "@worker/db/schema";
import { jpeg, png } from "@worker/test/media";
import { apiAs, errorOf } from "@worker/test/client";
import { PDF, PNG } from "@worker/test/files";
import { call, db } from "@worker/test/helpers";
import { FEED_IMAGE_MAX_BYTES, FEED_MESSAGES, POST_TITLE_MAX } from "./feed.schema";
import { feedCrew, posted, readPage, sendPost } from "@worker/test/feed";

const file = (bytes: Uint8Array, name = "photo.jpg") => new File([bytes], name, { type: "image/jpeg" });
const objectsOf = async (eventId: string) => (await env.FILES.list({ prefix: `events/${eventId}/` })).objects;

/** A file uploaded on its own first, as the composer sends a large video, answering its mediaId. */
async function uploaded(token: string, eventId: string, bytes: Uint8Array) {
  const response = await apiAs(token).api.feeds[":eventId"].media.$put(
    { param: { eventId } },
    { init: { body: bytes, headers: { Authorization: `Bearer ${token}`, "Content-Length": String(bytes.byteLength) } } },
  );
  expect(response.status, "the upload is stored").toBe(201);
  return (await response.json()).mediaId;
}

describe("POST /api/feeds/:eventId", () => {
  it("posts a guest's text and answers it as the feed shows it", async () => {
    const { guest, event } = await feedCrew();
    const response = await sendPost(guest.token, event.id, { title: "Made it to the venue!" });
    expect(response.status).toBe(201);
    const post = await response.json();
    expect(post).toMatchObject({
      title: "Made it to the venue!",
      media: null,
      mediaMetadata: null,
      likesCount: 0,
      selfLike: false,
      commentCount: 0,
      lastThreeComments: [],
    });
    expect(post.owner.guid).toBe(guest.id);
    expect((await (await readPage(guest.token, event.id)).json()).feeds).toEqual([post]);
  });

  it("posts a photo from the form with its type and size read from its bytes, served at its signed URL", async () => {
    const { host, event } = await feedCrew();
    const photo = jpeg(1600, 1200);
    const post = await posted(host.token, event.id, { title: "", file: new File([photo], "sunset.png", { type: "image/png" }) });
    expect(post).toMatchObject({ title: "", mimeType: "image/jpeg", mediaMetadata: { width: 1600, height: 1200 } });
    expect(post.media).toMatch(/^\/files\/[\w-]+\?e=\d+&s=/);
    const served = await call(post.media!);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(photo);
    expect(await objectsOf(event.id)).toHaveLength(1);
  });

  it("posts the 1x1 PNG fixture with mediaMetadata 1x1", async () => {
    const { guest, event } = await feedCrew();
    const post = await posted(guest.token, event.id, { file: new File([PNG], "dot.png") });
    expect(post).toMatchObject({ mimeType: "image/png", mediaMetadata: { width: 1, height: 1 } });
  });

  it("posts a photo uploaded first by its mediaId, once only", async () => {
    const { guest, event } = await feedCrew();
    const mediaId = await uploaded(guest.token, event.id, png(800, 600));
    const post = await posted(guest.token, event.id, { title: "From the upload", mediaId });
    expect(post).toMatchObject({ mimeType: "image/png", mediaMetadata: { width: 800, height: 600 } });
    const again = await sendPost(guest.token, event.id, { title: "Again", mediaId });
    expect(again.status).toBe(400);
    expect(await errorOf(again)).toBe(FEED_MESSAGES.mediaUnclaimable);
  });

  it("posts an upload named by two posts at once only once", async () => {
    const { guest, event } = await feedCrew();
    const mediaId = await uploaded(guest.token, event.id, png(10, 10));
    const answers = await Promise.all([1, 2, 3].map(() => sendPost(guest.token, event.id, { mediaId })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400]);
    const rows = await db().select().from(feedPosts).where(eq(feedPosts.eventId, event.id));
    expect(rows).toHaveLength(1);
  });

  it("answers 400 for someone else's upload, and for an unknown mediaId", async () => {
    const { guest, host, event } = await feedCrew();
    const mediaId = await uploaded(host.token, event.id, png(10, 10));
    for (const id of [mediaId, crypto.randomUUID()]) {
      const response = await sendPost(guest.token, event.id, { mediaId: id });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe(FEED_MESSAGES.mediaUnclaimable);
    }
  });

  it("refuses a post with neither text nor media: 400 with the spec's words, nothing stored", async () => {
    const { guest, event } = await feedCrew();
    for (const form of [{}, { title: "" }, { title: "   \n " }]) {
      const response = await sendPost(guest.token, event.id, form);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe(FEED_MESSAGES.emptyPost);
    }
    expect(await db().select().from(feedPosts).where(eq(feedPosts.eventId, event.id))).toEqual([]);
  });

  it("refuses a title over the limit, a file that is not a photo or video, and both a file and a mediaId, storing nothing", async () => {
    const { guest, event } = await feedCrew();
    const mediaId = await uploaded(guest.token, event.id, png(10, 10));
    for (const [form, message] of [
      [{ title: "x".repeat(POST_TITLE_MAX + 1) }, FEED_MESSAGES.titleTooLong],
      [{ title: "tickets", file: new File([PDF], "tickets.jpg", { type: "image/jpeg" }) }, FEED_MESSAGES.wrongMedia],
      [{ file: new File(["<svg/>"], "x.svg", { type: "image/svg+xml" }) }, FEED_MESSAGES.wrongMedia],
      [{ file: file(jpeg(10, 10)), mediaId }, FEED_MESSAGES.mediaTwice],
    ] as const) {
      const response = await sendPost(guest.token, event.id, form);
      expect(response.status, message).toBe(400);
      expect(await errorOf(response)).toBe(message);
    }
    expect(await db().select().from(feedPosts).where(eq(feedPosts.eventId, event.id))).toEqual([]);
    expect(await objectsOf(event.id), "only the upload").toHaveLength(1);
  });

  it("accepts a title of exactly the limit", async () => {
    const { guest, event } = await feedCrew();
    expect((await posted(guest.token, event.id, { title: "x".repeat(POST_TITLE_MAX) })).title).toHaveLength(POST_TITLE_MAX);
  });

  it("refuses a file over 10 MB in the form with 413 before storing anything", async () => {
    const { guest, event } = await feedCrew();
    const big = new Uint8Array(FEED_IMAGE_MAX_BYTES + 1);
    big.set(jpeg(10, 10));
    const response = await sendPost(guest.token, event.id, { title: "big", file: file(big) });
    expect(response.status).toBe(413);
    expect(await errorOf(response)).toBe(FEED_MESSAGES.formFileTooLarge);
    expect(await objectsOf(event.id)).toEqual([]);
    expect(await db().select().from(files).where(eq(files.eventId, event.id))).toEqual([]);
  });

  it("refuses a body far over the limit by its size before reading it", async () => {
    const { guest, event } = await feedCrew();
    const response = await call(`/api/feeds/${event.id}`, {
      method: "POST",
      token: guest.token,
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(50 * 1024 * 1024) },
      body: new Uint8Array(16),
    });
    expect(response.status).toBe(413);
    expect(await errorOf(response)).toBe(FEED_MESSAGES.formFileTooLarge);
  });

  it("refuses a stranger's photo with 403 before storing it", async () => {
    const { stranger, event } = await feedCrew();
    const response = await sendPost(stranger.token, event.id, { file: file(jpeg(10, 10)) });
    expect(response.status).toBe(403);
    expect(await objectsOf(event.id)).toEqual([]);
  });
});
