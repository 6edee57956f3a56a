import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { feedPosts, files } from "@worker/db/schema";
import { apiAs, errorOf } from "@worker/test/client";
import { sendPost, commented, deleteComment, feedCrew, posted, readComments, readPost, sendComment } from "@worker/test/feed";
import { PDF, storedPng } from "@worker/test/files";
import { addGuest, addHost, db, makeEvent, makeUser, call } from "@worker/test/helpers";
import { concat, jpeg, movie, patternByte, patternBytes, phoneMovieParts, png, webm } from "@worker/test/media";
import { FEED_IMAGE_MAX_BYTES, FEED_MESSAGES, FEED_PENDING_UPLOADS_MAX, FEED_VIDEO_MAX_BYTES, COMMENT_MAX } from "./feed.schema";
import { claimMedia, UNCLAIMED_MEDIA_TTL, uploadFeedMedia } from "./media-upload.service";

const MB = 1024 * 1024;

/** A body streamed in chunks as a browser sends a file; `pulls` counts the chunks the Worker asked for. */
function streamed(parts: (Uint8Array | { pattern: number })[], chunkSize = 256 * 1024) {
  const state = { pulls: 0 };
  const chunks = (function* () {
    for (const part of parts) {
      if (part instanceof Uint8Array) yield part;
      else for (let at = 0; at < part.pattern; at += chunkSize) yield patternBytes(Math.min(chunkSize, part.pattern - at), at);
    }
  })();
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        state.pulls++;
        const next = chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, state };
}

/** PUT /api/feeds/{eventId}/media through the typed client, with a raw body and the headers given. */
function upload(token: string, eventId: string, body: BodyInit | null, headers: Record<string, string> = {}) {
  const length: Record<string, string> = body instanceof Uint8Array ? { "Content-Length": String(body.byteLength) } : {};
  return apiAs(token).api.feeds[":eventId"].media.$put(
    { param: { eventId } },
    { init: { body, headers: { Authorization: `Bearer ${token}`, "Content-Type": "text/html", ...length, ...headers } } },
  );
}

async function participant() {
  const owner = await makeUser();
  const event = await makeEvent(owner.id);
  const guest = await makeUser();
  await addGuest(event.id, guest);
  return { owner, event, guest };
}

const storedUnder = async (eventId: string) => (await env.FILES.list({ prefix: `events/${eventId}/feed/` })).objects;
const fileRows = (eventId: string) => env.DB.prepare("select * from files where event_id = ?").bind(eventId).all();

describe("PUT /api/feeds/:eventId/media", () => {
  it("stores a guest's photo typed by its bytes (the Content-Type sent is ignored) and answers its id, type and size", async () => {
    const { event, guest } = await participant();
    const response = await upload(guest.token, event.id, jpeg(4032, 3024, { orientation: 6 }));
    expect(response.status).toBe(201);
    const answer = await response.json();
    expect(answer).toEqual({ mediaId: expect.any(String), mimeType: "image/jpeg", mediaMetadata: { width: 3024, height: 4032 } });

    const rows = (await fileRows(event.id)).results;
    expect(rows).toEqual([
      expect.objectContaining({ id: answer.mediaId, uploader_id: guest.id, mime_type: "image/jpeg", name: "photo.jpg" }),
    ]);
    const object = await env.FILES.head(String(rows[0]!.key));
    expect(object?.httpMetadata?.contentType).toBe("image/jpeg");
    expect(object?.customMetadata).toEqual({ width: "3024", height: "4032" });
  });

  it("lets the owner and a host upload too, and reads a WebM's size from its head", async () => {
    const { owner, event } = await participant();
    const host = await makeUser();
    await addHost(event.id, host.id);
    const byOwner = await upload(owner.token, event.id, png(800, 600));
    expect(await byOwner.json()).toMatchObject({ mimeType: "image/png", mediaMetadata: { width: 800, height: 600 } });
    const byHost = await upload(host.token, event.id, webm(1280, 720));
    expect(byHost.status).toBe(201);
    expect(await byHost.json()).toMatchObject({ mimeType: "video/webm", mediaMetadata: { width: 1280, height: 720 } });
  });

  it(
    "streams a 20 MB phone video to R2 whole and in order, and reads its size from the moov box after the media data",
    { timeout: 60_000 },
    async () => {
      const { event, guest } = await participant();
      const parts = phoneMovieParts(1920, 1080, 20 * MB, { rotation: 90 });
      const length = parts.head.byteLength + parts.mediaLength + parts.tail.byteLength;
      const { stream } = streamed([parts.head, { pattern: parts.mediaLength }, parts.tail]);

      const response = await upload(guest.token, event.id, stream, { "Content-Length": String(length) });
      expect(response.status).toBe(201);
      const answer = await response.json();
      expect(answer).toMatchObject({ mimeType: "video/mp4", mediaMetadata: { width: 1080, height: 1920 } });

      const [row] = (await fileRows(event.id)).results;
      expect(row).toMatchObject({ size: length, name: "video.mp4" });
      const object = await env.FILES.head(String(row!.key));
      expect(object?.size).toBe(length);
      for (const at of [0, 1, 777_777, 10 * MB + 3, 20 * MB - 1]) {
        const sample = await env.FILES.get(String(row!.key), { range: { offset: parts.head.byteLength + at, length: 1 } });
        expect(new Uint8Array(await sample!.arrayBuffer())[0], `media byte ${at}`).toBe(patternByte(at));
      }
      const end = await env.FILES.get(String(row!.key), { range: { suffix: parts.tail.byteLength } });
      expect(new Uint8Array(await end!.arrayBuffer())).toEqual(parts.tail);
    },
  );

  it("answers 400 with the media rule for a file that is neither photo nor video, storing nothing", async () => {
    const { event, guest } = await participant();
    for (const body of [PDF, new TextEncoder().encode("<html><script>alert(1)</script></html>"), concat(new Uint8Array(8), png(10, 10))]) {
      const response = await upload(guest.token, event.id, body, { "Content-Type": "image/png" });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe(FEED_MESSAGES.wrongMedia);
    }
    expect(await storedUnder(event.id)).toEqual([]);
    expect((await fileRows(event.id)).results).toEqual([]);
  });

  it("answers 413 with the video limit for a Content-Length over 100 MB, before reading the body", async () => {
    const { event, guest } = await participant();
    const { stream, state } = streamed([png(10, 10)]);
    const response = await upload(guest.token, event.id, stream, { "Content-Length": String(FEED_VIDEO_MAX_BYTES + 1) });
    expect(response.status).toBe(413);
    expect(await errorOf(response)).toBe(FEED_MESSAGES.videoTooLarge);
    expect(state.pulls).toBeLessThanOrEqual(1);
  });

  it("answers 413 with the photo limit for a photo over 10 MB, once its first bytes say it is a photo, storing nothing", async () => {
    const { event, guest } = await participant();
    const { stream, state } = streamed([png(4000, 3000), { pattern: FEED_IMAGE_MAX_BYTES }]);
    const response = await upload(guest.token, event.id, stream, {
      "Content-Length": String(FEED_IMAGE_MAX_BYTES + png(4000, 3000).byteLength),
    });
    expect(response.status).toBe(413);
    expect(await errorOf(response)).toBe(FEED_MESSAGES.imageTooLarge);
    expect(state.pulls).toBeLessThan(10);
    expect(await storedUnder(event.id)).toEqual([]);
  });

  it("answers 411 without a Content-Length, and 400 for one that is not a size or is zero", async () => {
    const { event, guest } = await participant();
    const chunked = await upload(guest.token, event.id, streamed([png(10, 10)]).stream);
    expect(chunked.status).toBe(411);
    expect(await errorOf(chunked)).toBe(FEED_MESSAGES.uploadLengthRequired);
    const notANumber = await upload(guest.token, event.id, streamed([png(10, 10)]).stream, { "Content-Length": "1e3" });
    expect(notANumber.status).toBe(400);
    expect(await errorOf(notANumber)).toBe(FEED_MESSAGES.uploadLengthRequired);
    const empty = await upload(guest.token, event.id, new Uint8Array());
    expect(empty.status).toBe(400);
    expect(await errorOf(empty)).toBe(FEED_MESSAGES.uploadEmpty);
  });

  it("answers 400 'The upload ended before the whole file arrived' when the body is shorter or longer than its Content-Length, leaving nothing", async () => {
    const { event, guest } = await participant();
    const file = movie(640, 360, { moov: "first", mediaBytes: patternBytes(600 * 1024) });
    const short = await upload(guest.token, event.id, streamed([file.subarray(0, 500 * 1024)]).stream, {
      "Content-Length": String(file.byteLength),
    });
    expect(short.status).toBe(400);
    expect(await errorOf(short)).toBe(FEED_MESSAGES.uploadIncomplete);
    const long = await upload(guest.token, event.id, streamed([file, new Uint8Array(10)]).stream, {
      "Content-Length": String(file.byteLength),
    });
    expect(long.status).toBe(400);
    expect(await errorOf(long)).toBe(FEED_MESSAGES.uploadIncomplete);
    expect(await storedUnder(event.id)).toEqual([]);
    expect((await fileRows(event.id)).results).toEqual([]);
  });

  it("answers 400 'The upload ended before the whole file arrived' when the client goes away before its first bytes are in", async () => {
    const { event, guest } = await participant();
    const cut = new ReadableStream<Uint8Array>({ start: (controller) => controller.error(new Error("Network connection lost.")) });
    const refused = uploadFeedMedia(env, db(), { eventId: event.id, uploaderId: guest.id, length: 3, body: cut });
    await expect(refused).rejects.toMatchObject({ status: 400, message: FEED_MESSAGES.uploadIncomplete });
    expect((await fileRows(event.id)).results).toEqual([]);
  });

  it("answers 404 to a stranger of a private experience and 403 to one of a public experience, without reading the body", async () => {
    const owner = await makeUser();
    const stranger = await makeUser();
    const hidden = await makeEvent(owner.id, { privacy: "PRIVATE" });
    const open = await makeEvent(owner.id, { privacy: "PUBLIC" });
    const first = streamed([png(10, 10)]);
    const refused = await upload(stranger.token, hidden.id, first.stream, { "Content-Length": "100" });
    expect(refused.status).toBe(404);
    const second = streamed([png(10, 10)]);
    const forbidden = await upload(stranger.token, open.id, second.stream, { "Content-Length": "100" });
    expect(forbidden.status).toBe(403);
    expect(first.state.pulls + second.state.pulls).toBeLessThanOrEqual(2);
    expect(await storedUnder(open.id)).toEqual([]);
  });
});

describe("uploads waiting to be posted", () => {
  const uploadMany = (token: string, eventId: string, count: number) =>
    Promise.all(Array.from({ length: count }, () => upload(token, eventId, png(10, 10))));

  it(`answers 429 'You have ${FEED_PENDING_UPLOADS_MAX} uploads waiting to be posted…' to one more, before reading its body, storing nothing`, async () => {
    const { event, guest } = await participant();
    for (const response of await uploadMany(guest.token, event.id, FEED_PENDING_UPLOADS_MAX)) expect(response.status).toBe(201);

    const { stream, state } = streamed([png(10, 10)]);
    const refused = await upload(guest.token, event.id, stream, { "Content-Length": "100" });
    expect(refused.status).toBe(429);
    expect(await errorOf(refused)).toBe(FEED_MESSAGES.tooManyUploads);
    expect(FEED_MESSAGES.tooManyUploads).toBe(
      "You have 5 uploads waiting to be posted. Post them, or wait a day for them to expire, before uploading more.",
    );
    expect(state.pulls).toBeLessThanOrEqual(1);
    expect(await storedUnder(event.id)).toHaveLength(FEED_PENDING_UPLOADS_MAX);
  });

  it("makes room when one is posted or a day old, and counts each participant and each experience apart", async () => {
    const { owner, event, guest } = await participant();
    const waiting = await Promise.all((await uploadMany(guest.token, event.id, FEED_PENDING_UPLOADS_MAX)).map((r) => r.json()));
    expect((await upload(guest.token, event.id, png(10, 10))).status).toBe(429);

    expect((await upload(owner.token, event.id, png(10, 10))).status).toBe(201);
    const other = await makeEvent(owner.id);
    await addGuest(other.id, guest);
    expect((await upload(guest.token, other.id, png(10, 10))).status).toBe(201);

    expect((await sendPost(guest.token, event.id, { mediaId: waiting[0]!.mediaId })).status).toBe(201);
    expect((await upload(guest.token, event.id, png(10, 10))).status).toBe(201);
    expect((await upload(guest.token, event.id, png(10, 10))).status).toBe(429);

    await env.DB.prepare("update files set created_at = ? where id = ?")
      .bind(Date.now() - UNCLAIMED_MEDIA_TTL - 1000, waiting[1]!.mediaId)
      .run();
    expect((await upload(guest.token, event.id, png(10, 10))).status).toBe(201);
  });

  it(`keeps ${FEED_PENDING_UPLOADS_MAX} when eight are sent at once: the others answer 429 and leave no object behind`, async () => {
    const { event, guest } = await participant();
    const statuses = (await uploadMany(guest.token, event.id, 8)).map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    expect(await storedUnder(event.id)).toHaveLength(FEED_PENDING_UPLOADS_MAX);
    expect((await fileRows(event.id)).results).toHaveLength(FEED_PENDING_UPLOADS_MAX);
  });
});

describe("claimMedia", () => {
  async function uploaded() {
    const context = await participant();
    const response = await upload(context.guest.token, context.event.id, png(640, 480));
    return { ...context, mediaId: (await response.json()).mediaId };
  }

  it("answers the uploader's unposted media of this experience with its type and size", async () => {
    const { event, guest, mediaId } = await uploaded();
    expect(await claimMedia(env, db(), mediaId, { userId: guest.id, eventId: event.id })).toEqual({
      fileId: mediaId,
      mimeType: "image/png",
      width: 640,
      height: 480,
    });
  });

  it("reads a phone video's size from the stored file, its moov being past the read-ahead", async () => {
    const { event, guest } = await participant();
    const response = await upload(guest.token, event.id, movie(1920, 1080, { rotation: 270, mediaBytes: patternBytes(MB) }));
    const { mediaId } = await response.json();
    const [row] = await db().select().from(files).where(eq(files.id, mediaId));
    expect((await env.FILES.head(row!.key))?.customMetadata).toEqual({});
    expect(await claimMedia(env, db(), mediaId, { userId: guest.id, eventId: event.id })).toMatchObject({ width: 1080, height: 1920 });
  });

  it("answers 400 'This upload cannot be posted; upload the file again' for someone else's, another experience's, an unknown, a posted, or a non-feed file", async () => {
    const { owner, event, guest, mediaId } = await uploaded();
    const other = await makeEvent(owner.id);
    await addGuest(other.id, guest);
    const documentPng = await storedPng({ eventId: event.id, uploaderId: guest.id });
    const attempts: [string, { userId: string; eventId: string }][] = [
      [mediaId, { userId: owner.id, eventId: event.id }],
      [mediaId, { userId: guest.id, eventId: other.id }],
      [crypto.randomUUID(), { userId: guest.id, eventId: event.id }],
      [documentPng, { userId: guest.id, eventId: event.id }],
    ];
    for (const [id, owner] of attempts) await expect(claimMedia(env, db(), id, owner)).rejects.toThrow(FEED_MESSAGES.mediaUnclaimable);

    await db()
      .insert(feedPosts)
      .values({ id: crypto.randomUUID(), eventId: event.id, authorId: guest.id, mediaFileId: mediaId, mimeType: "image/png" });
    await expect(claimMedia(env, db(), mediaId, { userId: guest.id, eventId: event.id })).rejects.toThrow(FEED_MESSAGES.mediaUnclaimable);
  });
});

describe("comments", () => {
  it("adds a participant's comment (trimmed) and answers it with its author", async () => {
    const { owner, guest, event } = await feedCrew();
    const post = await posted(owner.token, event.id, { title: "Plans?" });
    const response = await sendComment(guest.token, event.id, post.id, "  Count me in  ");
    expect(response.status).toBe(201);
    const comment = await response.json();
    expect(comment).toEqual({
      id: expect.any(String),
      comment: "Count me in",
      owner: { guid: guest.id, firstName: "Gus", lastName: "Test", profilePic: null },
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      hidden: false,
    });
    const seen = await (await readPost(owner.token, event.id, post.id)).json();
    expect([seen.commentCount, seen.lastThreeComments]).toEqual([1, [comment]]);
  });

  it("lists every comment, oldest first", async () => {
    const { owner, guest, host, event } = await feedCrew();
    const post = await posted(owner.token, event.id, { title: "Thread" });
    const texts = ["1", "2", "3", "4", "5"];
    for (const [i, text] of texts.entries()) await commented([guest, host][i % 2]!.token, event.id, post.id, text);
    const response = await readComments(owner.token, event.id, post.id);
    expect(response.status).toBe(200);
    expect((await response.json()).map((c) => c.comment)).toEqual(texts);
  });

  it("refuses a blank or too long comment with 400 and the spec's words", async () => {
    const { owner, guest, event } = await feedCrew();
    const post = await posted(owner.token, event.id, { title: "Speak up" });
    for (const [text, message] of [
      ["", FEED_MESSAGES.blankComment],
      ["  \n\t ", FEED_MESSAGES.blankComment],
      ["x".repeat(COMMENT_MAX + 1), FEED_MESSAGES.commentTooLong],
    ] as const) {
      const response = await sendComment(guest.token, event.id, post.id, text);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe(message);
    }
    const missing = await call(`/api/feeds/${event.id}/${post.id}/comment`, { method: "POST", token: guest.token, json: {} });
    expect(await errorOf(missing)).toBe(FEED_MESSAGES.blankComment);
    expect((await (await readPost(owner.token, event.id, post.id)).json()).commentCount).toBe(0);
  });

  it("keeps commentCount equal to the comments when many arrive at once", async () => {
    const { owner, guest, host, event } = await feedCrew();
    const post = await posted(owner.token, event.id, { title: "Busy" });
    await Promise.all(Array.from({ length: 20 }, (_, i) => sendComment([guest, host, owner][i % 3]!.token, event.id, post.id, `c${i}`)));
    const seen = await (await readPost(owner.token, event.id, post.id)).json();
    expect(seen.commentCount).toBe(20);
    expect(await (await readComments(owner.token, event.id, post.id)).json()).toHaveLength(20);
  });

  describe("DELETE /api/feeds/:eventId/:feedId/comment/:commentId", () => {
    it.each([
      ["its author", "guest", 200],
      ["the owner", "owner", 200],
      ["a host", "host", 200],
      ["another guest", "other", 403],
      ["a stranger of the public experience", "stranger", 403],
    ] as const)("by %s → %i", async (_, who, status) => {
      const crew = await feedCrew();
      const { owner, guest, event } = crew;
      const post = await posted(owner.token, event.id, { title: "Hi" });
      const comment = await commented(guest.token, event.id, post.id, "Mine");
      const response = await deleteComment(crew[who].token, event.id, post.id, comment.id);
      expect(response.status).toBe(status);
      const seen = await (await readPost(owner.token, event.id, post.id)).json();
      if (status === 200) {
        expect(await response.json()).toEqual({ success: true });
        expect([seen.commentCount, seen.lastThreeComments]).toEqual([0, []]);
      } else {
        expect(await errorOf(response)).toBe(FEED_MESSAGES.notYours);
        expect(seen.commentCount).toBe(1);
      }
    });

    it("answers 404 'Comment not found' for an unknown comment or one of another post", async () => {
      const { owner, guest, event } = await feedCrew();
      const post = await posted(owner.token, event.id, { title: "A" });
      const otherPost = await posted(owner.token, event.id, { title: "B" });
      const comment = await commented(guest.token, event.id, post.id, "on A");
      for (const [postId, commentId] of [
        [post.id, crypto.randomUUID()],
        [otherPost.id, comment.id],
      ] as const) {
        const response = await deleteComment(owner.token, event.id, postId, commentId);
        expect(response.status).toBe(404);
        expect(await errorOf(response)).toBe(FEED_MESSAGES.commentNotFound);
      }
    });
  });
});
