import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { feedPosts, files, feedComments, feedLikes } from "@worker/db/schema";
import { errorOf, apiAs } from "@worker/test/client";
import { commented, feedCrew, like, posted, readOpenPage, readPage, readPost, sendPost, deletePost } from "@worker/test/feed";
import { PDF, PNG } from "@worker/test/files";
import { call, db } from "@worker/test/helpers";
import { jpeg, png } from "@worker/test/media";
import { FEED_MESSAGES, FEED_PAGE_SIZE, type FeedPost, FEED_IMAGE_MAX_BYTES, POST_TITLE_MAX } from "./feed.schema";

async function postMany(token: string, eventId: string, count: number, from = 1) {
  const titles: string[] = [];
  for (let i = from; i < from + count; i++) titles.push((await posted(token, eventId, { title: `Post ${i}` })).title);
  return titles;
}

const titlesOf = (feeds: FeedPost[]) => feeds.map((post) => post.title);

describe("GET /api/feeds/:eventId", () => {
  it("answers ten posts a page, newest first, with the page count and a cursor", async () => {
    const { owner, event } = await feedCrew();
    await postMany(owner.token, event.id, 12);
    const response = await readPage(owner.token, event.id);
    expect(response.status).toBe(200);
    const page = await response.json();
    expect(page.feeds).toHaveLength(FEED_PAGE_SIZE);
    expect(titlesOf(page.feeds)).toEqual(Array.from({ length: 10 }, (_, i) => `Post ${12 - i}`));
    expect(page).toMatchObject({ page: 1, totalPages: 2, cursor: expect.stringMatching(/^\d+$/) });
    const second = await (await readPage(owner.token, event.id, { page: "2", before: page.cursor! })).json();
    expect(titlesOf(second.feeds)).toEqual(["Post 2", "Post 1"]);
  });

  it("answers 'No feeds' as an empty page with no cursor", async () => {
    const { guest, event } = await feedCrew();
    expect(await (await readPage(guest.token, event.id)).json()).toEqual({ feeds: [], page: 1, totalPages: 0, cursor: null });
  });

  it("neither repeats nor skips a post when posts arrive between pages read with the cursor", async () => {
    const { owner, guest, event } = await feedCrew();
    const first25 = await postMany(owner.token, event.id, 25);
    const page1 = await (await readPage(guest.token, event.id)).json();
    await postMany(guest.token, event.id, 5, 26);
    const page2 = await (await readPage(guest.token, event.id, { page: "2", before: page1.cursor! })).json();
    const page3 = await (await readPage(guest.token, event.id, { page: "3", before: page1.cursor! })).json();

    expect([page1.totalPages, page2.totalPages, page3.totalPages], "the count ignores the arrivals").toEqual([3, 3, 3]);
    expect([page2.cursor, page3.cursor]).toEqual([page1.cursor, page1.cursor]);
    const read = [...page1.feeds, ...page2.feeds, ...page3.feeds].map((post) => post.title);
    expect(read).toEqual([...first25].reverse());
    const fresh = await (await readPage(guest.token, event.id)).json();
    expect(titlesOf(fresh.feeds).slice(0, 5), "a fresh first page shows the arrivals").toEqual([
      "Post 30",
      "Post 29",
      "Post 28",
      "Post 27",
      "Post 26",
    ]);
    expect(fresh.totalPages).toBe(3);
  });

  it("keeps posts made in one burst in a strict order (each later than the last), so the cursor never splits them", async () => {
    const { owner, guest, host, event } = await feedCrew();
    const burst = await Promise.all(
      [owner, guest, host, owner, guest, host].map((who, i) => posted(who.token, event.id, { title: `Burst ${i}` })),
    );
    const times = burst.map((post) => Date.parse(post.createdAt)).sort((a, b) => a - b);
    expect(new Set(times).size, "no two posts share a millisecond").toBe(burst.length);
  });

  it("honours limit, and refuses a bad page, limit or cursor with 400 naming the problem", async () => {
    const { owner, event } = await feedCrew();
    await postMany(owner.token, event.id, 3);
    const two = await (await readPage(owner.token, event.id, { limit: "2" })).json();
    expect(two.feeds).toHaveLength(2);
    expect(two.totalPages).toBe(2);
    for (const [query, message] of [
      [{ page: "0" }, "page must be 1 or more"],
      [{ limit: "51" }, "limit must be at most 50"],
      [{ limit: "x" }, "limit must be a number"],
      [{ before: "yesterday" }, FEED_MESSAGES.badCursor],
    ] as const) {
      const response = await readPage(owner.token, event.id, query);
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(await errorOf(response)).toBe(message);
    }
  });

  it("shows every post with its author, time, counts, the caller's like and the latest three comments oldest first", async () => {
    const { owner, guest, host, event } = await feedCrew();
    const post = await posted(owner.token, event.id, { title: "  Dinner at eight  " });
    for (const [who, text] of [
      [guest, "one"],
      [host, "two"],
      [guest, "three"],
      [owner, "four"],
      [host, "five"],
    ] as const)
      await commented(who.token, event.id, post.id, text);
    await like(guest.token, event.id, post.id);
    await like(host.token, event.id, post.id);

    const seenByGuest = (await (await readPage(guest.token, event.id)).json()).feeds[0]!;
    expect(seenByGuest).toEqual({
      id: post.id,
      eventId: event.id,
      title: "Dinner at eight",
      media: null,
      mimeType: null,
      mediaMetadata: null,
      owner: { guid: owner.id, firstName: "Olga", lastName: "Test", profilePic: null },
      createdAt: post.createdAt,
      likesCount: 2,
      selfLike: true,
      commentCount: 5,
      hidden: false,
      lastThreeComments: [
        expect.objectContaining({ comment: "three", owner: expect.objectContaining({ guid: guest.id, firstName: "Gus" }) }),
        expect.objectContaining({ comment: "four", owner: expect.objectContaining({ guid: owner.id }) }),
        expect.objectContaining({ comment: "five", owner: expect.objectContaining({ guid: host.id }) }),
      ],
    });
    expect(new Date(seenByGuest.createdAt).toISOString()).toBe(seenByGuest.createdAt);
    expect((await (await readPage(owner.token, event.id)).json()).feeds[0]!.selfLike, "the owner has not liked it").toBe(false);
    expect((await (await readOpenPage(event.id)).json()).feeds[0]!.selfLike, "a visitor never has").toBe(false);
  });

  it("gives each post of a page its own latest comments", async () => {
    const { owner, guest, event } = await feedCrew();
    const quiet = await posted(owner.token, event.id, { title: "quiet" });
    const busy = await posted(owner.token, event.id, { title: "busy" });
    await commented(guest.token, event.id, quiet.id, "only one");
    for (const text of ["a", "b", "c", "d"]) await commented(guest.token, event.id, busy.id, text);
    const [busyView, quietView] = (await (await readPage(guest.token, event.id)).json()).feeds;
    expect(busyView!.lastThreeComments.map((c) => c.comment)).toEqual(["b", "c", "d"]);
    expect(busyView!.commentCount).toBe(4);
    expect(quietView!.lastThreeComments.map((c) => c.comment)).toEqual(["only one"]);
    expect(quietView!.commentCount).toBe(1);
  });
});

describe("GET /api/feeds/:eventId/:feedId", () => {
  it("answers the post as the page shows it", async () => {
    const { owner, guest, event } = await feedCrew();
    const post = await posted(owner.token, event.id, { title: "Hello" });
    await commented(guest.token, event.id, post.id, "Hi!");
    const response = await readPost(guest.token, event.id, post.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual((await (await readPage(guest.token, event.id)).json()).feeds[0]);
  });

  it("answers 404 'Post not found' for an unknown post", async () => {
    const { guest, event } = await feedCrew();
    const response = await call(`/api/feeds/${event.id}/${crypto.randomUUID()}`, { token: guest.token });
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toBe(FEED_MESSAGES.postNotFound);
  });
});

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

/** A guest's photo post with a like and a comment. */
async function guestPhotoPost() {
  const crew = await feedCrew();
  const post = await posted(crew.guest.token, crew.event.id, { title: "Look", file: new File([jpeg(20, 10)], "look.jpg") });
  await like(crew.host.token, crew.event.id, post.id);
  await commented(crew.owner.token, crew.event.id, post.id, "Lovely");
  return { ...crew, post };
}

describe("DELETE /api/feeds/:eventId/:feedId", () => {
  it.each([
    ["its author", "guest"],
    ["the owner", "owner"],
    ["a host", "host"],
  ] as const)("lets %s delete it, with its likes, comments and photo", async (_, who) => {
    const crew = await guestPhotoPost();
    const { event, post } = crew;
    expect(await objectsOf(event.id)).toHaveLength(1);
    const response = await deletePost(crew[who].token, event.id, post.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });

    expect((await (await readPage(crew.owner.token, event.id)).json()).feeds).toEqual([]);
    expect(await db().select().from(feedPosts).where(eq(feedPosts.id, post.id))).toEqual([]);
    expect(await db().select().from(feedLikes).where(eq(feedLikes.postId, post.id))).toEqual([]);
    expect(await db().select().from(feedComments).where(eq(feedComments.postId, post.id))).toEqual([]);
    expect(await objectsOf(event.id), "the photo is gone from R2").toEqual([]);
    expect(await db().select().from(files).where(eq(files.eventId, event.id))).toEqual([]);
    expect((await call(post.media!)).status, "its URL no longer serves it").toBe(404);
  });

  it.each([
    ["another guest", "other"],
    ["a stranger of the public experience", "stranger"],
  ] as const)("refuses %s with 403, deleting nothing", async (_, who) => {
    const crew = await guestPhotoPost();
    const response = await deletePost(crew[who].token, crew.event.id, crew.post.id);
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toBe(FEED_MESSAGES.notYours);
    expect((await (await readPage(crew.owner.token, crew.event.id)).json()).feeds.map((p) => p.id)).toEqual([crew.post.id]);
    expect(await objectsOf(crew.event.id)).toHaveLength(1);
  });

  it("answers 404 'Post not found' to a second delete of the same post", async () => {
    const { guest, event, post } = await guestPhotoPost();
    expect((await deletePost(guest.token, event.id, post.id)).status).toBe(200);
    const again = await deletePost(guest.token, event.id, post.id);
    expect(again.status).toBe(404);
    expect(await errorOf(again)).toBe(FEED_MESSAGES.postNotFound);
  });
});
