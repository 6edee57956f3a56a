import { describe, expect, it } from "vitest";
import { errorOf } from "@worker/test/client";
import { call } from "@worker/test/helpers";
import { FEED_MESSAGES, FEED_PAGE_SIZE, type FeedPost } from "./feed.schema";
import { commented, feedCrew, like, posted, readOpenPage, readPage, readPost } from "@worker/test/feed";

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
