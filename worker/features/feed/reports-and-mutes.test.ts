import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { feedLikes, feedPosts } from "@worker/db/schema";
import { COALESCE_WINDOW_MS, type LiveMessage } from "@worker/live/protocol";
import { FEED_LIMITS } from "@worker/shared/feed-limits";
import { loggedChanges, onlyChange, toldChanges } from "@worker/test/change-log";
import { errorOf, apiAs } from "@worker/test/client";
import { commented, feedCrew, like, posted, sendComment, sendPost, deletePost, readPost, deleteComment } from "@worker/test/feed";
import { addGuest, db, makeUser, call } from "@worker/test/helpers";
import { listen } from "@worker/test/live";
import { dismissReports, hidePost, mute, readReports, reportComment, reportPost } from "@worker/test/moderation";
import { FEED_MESSAGES } from "./feed.schema";
import { MODERATION_MESSAGES } from "./moderation.schema";

async function reportedFeed(privacy: "PUBLIC" | "PRIVATE" = "PUBLIC") {
  const crew = await feedCrew({ privacy });
  const post = await posted(crew.guest.token, crew.event.id, { title: "Buy cheap watches" });
  const comment = await commented(crew.guest.token, crew.event.id, post.id, "Really cheap");
  return { ...crew, post, comment };
}

describe("reporting a post or a comment", () => {
  it("lets any participant report once, and answers 409 to a second report of the same post", async () => {
    const c = await reportedFeed();
    expect((await reportPost(c.other.token, c.event.id, c.post.id, "Spam")).status).toBe(201);
    const again = await reportPost(c.other.token, c.event.id, c.post.id, "Still spam");
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toBe(MODERATION_MESSAGES.alreadyReported);
    // The comment is a subject of its own.
    expect((await reportComment(c.other.token, c.event.id, c.post.id, c.comment.id, "Rude")).status).toBe(201);
  });

  it("refuses a stranger (403 on a public experience, 404 on a private one) and one's own post", async () => {
    const open = await reportedFeed("PUBLIC");
    expect((await reportPost(open.stranger.token, open.event.id, open.post.id)).status).toBe(403);
    const closed = await reportedFeed("PRIVATE");
    expect((await reportPost(closed.stranger.token, closed.event.id, closed.post.id)).status).toBe(404);
    const own = await reportPost(open.guest.token, open.event.id, open.post.id);
    expect(own.status).toBe(400);
    expect(await errorOf(own)).toBe(MODERATION_MESSAGES.ownReport);
  });

  it("shows organisers a 'Reported' list counted per post and comment with every reason, and refuses it to guests", async () => {
    const c = await reportedFeed();
    await reportPost(c.other.token, c.event.id, c.post.id, "Spam");
    await reportPost(c.host.token, c.event.id, c.post.id, "Advertising");
    await reportComment(c.other.token, c.event.id, c.post.id, c.comment.id, "Rude");

    expect((await readReports(c.other.token, c.event.id)).status).toBe(403);
    const list = await (await readReports(c.owner.token, c.event.id)).json();
    expect(list.subjects.map((s) => [s.kind, s.subjectId, s.count, s.text])).toEqual([
      ["comment", c.comment.id, 1, "Really cheap"],
      ["post", c.post.id, 2, "Buy cheap watches"],
    ]);
    expect(list.subjects[1]!.reports.map((r) => [r.reason, r.reporter.firstName])).toEqual([
      ["Advertising", "Hana"],
      ["Spam", "Otto"],
    ]);
    expect(list.subjects[1]).toMatchObject({ hidden: false, authorMuted: false, author: { guid: c.guest.id } });

    await hidePost(c.owner.token, c.event.id, c.post.id);
    expect((await dismissReports(c.host.token, c.event.id, c.comment.id)).status).toBe(200);
    const after = await (await readReports(c.host.token, c.event.id)).json();
    expect(after.subjects.map((s) => [s.subjectId, s.hidden])).toEqual([[c.post.id, true]]);
    expect((await dismissReports(c.other.token, c.event.id, c.post.id)).status).toBe(403);
  });

  it("tells the owner and hosts through the change log: a 'requests' row for the organisers, worded with the reason", async () => {
    const c = await reportedFeed();
    await reportPost(c.other.token, c.event.id, c.post.id, "Spam");
    await reportPost(c.other.token, c.event.id, c.post.id, "Twice");
    const rows = (await loggedChanges(c.event.id)).filter((row) => row.field === "reported");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: "requests",
      subjectType: "post",
      subjectId: c.post.id,
      actorId: c.other.id,
      recipientId: null,
      urgent: true,
      newValue: { text: "Buy cheap watches", reason: "Spam", postId: c.post.id },
    });
  });
});

describe("muting a participant in the feed", () => {
  it("answers 403 'An organiser has muted you in this feed.' to a muted guest's post, comment, like and report, until unmuted", async () => {
    const c = await reportedFeed();
    const ownerPost = await posted(c.owner.token, c.event.id, { title: "Agenda" });
    expect((await mute(c.other.token, c.event.id, c.guest.id)).status).toBe(403);
    expect(await (await mute(c.host.token, c.event.id, c.guest.id)).json()).toEqual({ userId: c.guest.id, muted: true });

    const refusals = [
      await sendPost(c.guest.token, c.event.id, { title: "Hello?" }),
      await sendComment(c.guest.token, c.event.id, ownerPost.id, "Hello?"),
      await like(c.guest.token, c.event.id, ownerPost.id),
      await reportPost(c.guest.token, c.event.id, ownerPost.id),
    ];
    for (const refusal of refusals) {
      expect(refusal.status).toBe(403);
      expect(await errorOf(refusal)).toBe(MODERATION_MESSAGES.muted);
    }
    // Others are not affected, and the organisers see who is muted.
    expect((await sendPost(c.other.token, c.event.id, { title: "Fine" })).status).toBe(201);
    const list = await (await readReports(c.owner.token, c.event.id)).json();
    expect(list.muted.map((person) => person.guid)).toEqual([c.guest.id]);

    await mute(c.owner.token, c.event.id, c.guest.id, false);
    expect((await sendPost(c.guest.token, c.event.id, { title: "Back" })).status).toBe(201);
  });

  it("refuses to mute an organiser (400) or someone who does not take part (404)", async () => {
    const c = await reportedFeed();
    expect((await mute(c.owner.token, c.event.id, c.host.id)).status).toBe(400);
    expect((await mute(c.owner.token, c.event.id, c.stranger.id)).status).toBe(404);
  });
});

const sendBulletin = (token: string, eventId: string, form: { title: string; description: string }) =>
  apiAs(token).api.bulletin[":eventId"].$post({ param: { eventId }, form });

// Issue 22: a bulletin is logged for the participants, a comment for the post's author, each in the batch that writes it.

describe("the change log of bulletins", () => {
  it("logs a bulletin with its title and the start of its text, urgent, for the participants", async () => {
    const { host, guest, event } = await feedCrew();
    const long = "Buses leave at 9:00 from the hotel. ".repeat(30);
    const posting = await sendBulletin(host.token, event.id, { title: "Shuttle times", description: long });
    expect(posting.status).toBe(201);
    const bulletin = await posting.json();
    // Refused: only the owner and hosts post.
    expect((await sendBulletin(guest.token, event.id, { title: "Me too", description: "?" })).status).toBe(403);

    const row = await onlyChange(event.id);
    expect(row).toMatchObject({
      kind: "bulletins",
      subjectType: "bulletin",
      subjectId: bulletin.id,
      field: "posted",
      label: "Shuttle times",
      actorId: host.id,
      recipientId: null,
      urgent: true,
      oldValue: null,
    });
    const value = row.newValue as { title: string; text: string };
    expect(value.title).toBe("Shuttle times");
    expect(value.text).toHaveLength(500);
    expect(long.startsWith(value.text.slice(0, -1))).toBe(true);
    expect(await toldChanges(event.id)).toEqual(["Bulletin: Shuttle times"]);
  });
});

describe("the change log of comments", () => {
  it("logs a comment for the post's author (not urgent), and nothing for the author's own comment", async () => {
    const { owner, guest, event } = await feedCrew();
    const post = await posted(owner.token, event.id, { title: "Plans?" });
    expect((await sendComment(owner.token, event.id, post.id, "Anyone?")).status).toBe(201);
    expect((await sendComment(guest.token, event.id, post.id, "  Count me in  ")).status).toBe(201);

    expect(await onlyChange(event.id)).toMatchObject({
      kind: "comments",
      subjectType: "comment",
      subjectId: post.id,
      field: "commented",
      label: "Gus Test",
      actorId: guest.id,
      recipientId: owner.id,
      urgent: false,
      oldValue: null,
      newValue: { text: "Count me in", postId: post.id },
    });
    expect(await toldChanges(event.id)).toEqual(["Gus Test commented on your post: “Count me in”"]);
  });

  it("a comment refused (a stranger, a deleted post) logs nothing", async () => {
    const { owner, guest, stranger, event } = await feedCrew();
    const post = await posted(owner.token, event.id, { title: "Gone soon" });
    expect((await sendComment(stranger.token, event.id, post.id, "Hi")).status).toBe(403);
    expect((await deletePost(owner.token, event.id, post.id)).status).toBe(200);
    expect((await sendComment(guest.token, event.id, post.id, "Hi")).status).toBe(404);
    expect(await loggedChanges(event.id)).toEqual([]);
  });

  it("12 comments at once while the post is deleted: one row per comment by someone else that landed", async () => {
    for (let round = 0; round < 5; round++) {
      const { owner, guest, host, event } = await feedCrew();
      const post = await posted(owner.token, event.id, { title: "Busy" });
      const people = [guest, host, owner];
      const [deleted, ...responses] = await Promise.all([
        new Promise((resolve) => setTimeout(resolve, round)).then(() => deletePost(owner.token, event.id, post.id)),
        ...Array.from({ length: 12 }, (_, i) => sendComment(people[i % 3]!.token, event.id, post.id, `c${i}`)),
      ]);
      expect(deleted!.status).toBe(200);
      const landed = responses.filter((response, i) => response.status === 201 && people[i % 3] !== owner);
      expect(responses.every((response) => [201, 404].includes(response.status))).toBe(true);
      expect(await loggedChanges(event.id)).toHaveLength(landed.length);
    }
  });
});

async function stored(postId: string) {
  const [post] = await db().select({ likesCount: feedPosts.likesCount }).from(feedPosts).where(eq(feedPosts.id, postId));
  const rows = await db().select().from(feedLikes).where(eq(feedLikes.postId, postId));
  return { likesCount: post!.likesCount, rows: rows.length };
}

describe("POST /api/feeds/:eventId/:feedId/like", () => {
  it("likes, then unlikes, answering the count and the caller's like each time", async () => {
    const { owner, guest, host, event } = await feedCrew();
    const post = await posted(owner.token, event.id, { title: "Like me" });
    const first = await like(guest.token, event.id, post.id);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ likesCount: 1, selfLike: true });
    expect(await (await like(host.token, event.id, post.id)).json()).toEqual({ likesCount: 2, selfLike: true });
    expect(await (await like(guest.token, event.id, post.id)).json()).toEqual({ likesCount: 1, selfLike: false });
    const seen = await (await readPost(host.token, event.id, post.id)).json();
    expect([seen.likesCount, seen.selfLike]).toEqual([1, true]);
    expect(await stored(post.id)).toEqual({ likesCount: 1, rows: 1 });
  });

  it("answers a guest's like of a post the organisers hid with 404 'Post not found', as every other read of it; an organiser may", async () => {
    const { owner, guest, host, event } = await feedCrew();
    const post = await posted(owner.token, event.id, { title: "Hidden soon" });
    await hidePost(owner.token, event.id, post.id);
    const refused = await like(guest.token, event.id, post.id);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ error: FEED_MESSAGES.postNotFound });
    expect(await stored(post.id)).toEqual({ likesCount: 0, rows: 0 });
    expect((await like(host.token, event.id, post.id)).status).toBe(200);
  });

  it("keeps likesCount equal to the likes stored when 50 people toggle at once, and again when they all toggle back", async () => {
    const { owner, event } = await feedCrew();
    const post = await posted(owner.token, event.id, { title: "Popular" });
    const people = await Promise.all(Array.from({ length: 50 }, () => makeUser()));
    for (const person of people) await addGuest(event.id, person);

    const answers = await Promise.all(people.map((person) => like(person.token, event.id, post.id)));
    expect(answers.map((a) => a.status)).toEqual(people.map(() => 200));
    expect(await stored(post.id)).toEqual({ likesCount: 50, rows: 50 });
    const counts = await Promise.all(answers.map(async (a) => (await a.json()).likesCount));
    expect(Math.max(...counts), "the last to land saw every like").toBe(50);

    await Promise.all(people.slice(0, 20).map((person) => like(person.token, event.id, post.id)));
    expect(await stored(post.id)).toEqual({ likesCount: 30, rows: 30 });
  });

  it("leaves one like when one person's two clicks race", async () => {
    const { owner, guest, event } = await feedCrew();
    const post = await posted(owner.token, event.id, { title: "Double click" });
    const answers = await Promise.all([like(guest.token, event.id, post.id), like(guest.token, event.id, post.id)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const after = await stored(post.id);
    expect(after.likesCount).toBe(after.rows);
    expect(after.rows).toBeLessThanOrEqual(1);
  });
});

/** Lets every coalescing window end and its held message arrive. */
const windowsEnd = () => new Promise((r) => setTimeout(r, COALESCE_WINDOW_MS * 2 + 100));

describe("the feed's writes, live", () => {
  it("reach the experience's sockets (a guest's and a visitor's) as small typed messages, and no socket of another experience", async () => {
    const { owner, guest, host, event } = await feedCrew();
    const elsewhere = await feedCrew();
    const guestSocket = await listen(event.id, guest.token);
    const visitorSocket = await listen(event.id);
    const otherSocket = await listen(elsewhere.event.id, elsewhere.owner.token);

    const post = await posted(host.token, event.id, { title: "Live!" });
    await like(guest.token, event.id, post.id);
    const comment = await commented(owner.token, event.id, post.id, "Seen");
    await windowsEnd();
    await deleteComment(owner.token, event.id, post.id, comment.id);
    await windowsEnd();
    await deletePost(host.token, event.id, post.id);
    await windowsEnd();

    const expected: LiveMessage[] = [
      { type: "feed.posted", eventId: event.id, postId: post.id },
      { type: "like.changed", eventId: event.id, postId: post.id, likesCount: 1 },
      { type: "comment.changed", eventId: event.id, postId: post.id, commentCount: 1 },
      { type: "comment.changed", eventId: event.id, postId: post.id, commentCount: 0 },
      { type: "feed.deleted", eventId: event.id, postId: post.id },
    ];
    expect(guestSocket.messages).toEqual(expected);
    expect(visitorSocket.messages).toEqual(expected);
    expect(otherSocket.messages).toEqual([]);
    for (const socket of [guestSocket, visitorSocket, otherSocket]) socket.ws.close();
  });

  it("says nothing when a write is refused", async () => {
    const { owner, stranger, event } = await feedCrew();
    const post = await posted(owner.token, event.id, { title: "Quiet" });
    const socket = await listen(event.id, owner.token);
    await like(stranger.token, event.id, post.id);
    await deletePost(stranger.token, event.id, post.id);
    await windowsEnd();
    expect(socket.messages).toEqual([]);
    socket.ws.close();
  });
});

describe("per-person feed limits", () => {
  it("answers 429 to the 11th post within a minute, in plain words, while another person still posts", async () => {
    const { guest, other, event } = await feedCrew();
    for (let i = 0; i < FEED_LIMITS.post; i++) await posted(guest.token, event.id, { title: `Post ${i + 1}` });
    const refused = await sendPost(guest.token, event.id, { title: "One too many" });
    expect(refused.status).toBe(429);
    expect(await errorOf(refused)).toMatch(/^You can post 10 times a minute\. Try again in \d+ seconds?\.$/);
    expect((await sendPost(other.token, event.id, { title: "Mine" })).status).toBe(201);
  });

  it("keeps each experience's limit apart", async () => {
    const first = await feedCrew();
    const second = await feedCrew();
    await addGuest(second.event.id, first.guest, "YES");
    for (let i = 0; i < FEED_LIMITS.post; i++) await posted(first.guest.token, first.event.id, { title: `Post ${i + 1}` });
    expect((await sendPost(first.guest.token, first.event.id, { title: "More" })).status).toBe(429);
    expect((await sendPost(first.guest.token, second.event.id, { title: "Elsewhere" })).status).toBe(201);
  });

  it("never limits the owner and hosts, who post the day's announcements in bursts", async () => {
    const { host, event } = await feedCrew();
    for (let i = 0; i <= FEED_LIMITS.post; i++) await posted(host.token, event.id, { title: `Announcement ${i + 1}` });
  });

  it("answers 429 to the 31st comment within a minute, and to the 6th report", async () => {
    const { owner, guest, event } = await feedCrew();
    const post = await posted(owner.token, event.id, { title: "Talk here" });
    for (let i = 0; i < FEED_LIMITS.comment; i++) expect((await sendComment(guest.token, event.id, post.id, `#${i}`)).status).toBe(201);
    const refused = await sendComment(guest.token, event.id, post.id, "More");
    expect(refused.status).toBe(429);
    expect(await errorOf(refused)).toMatch(/^You can comment 30 times a minute\./);

    const posts = [];
    for (let i = 0; i <= FEED_LIMITS.report; i++) posts.push(await posted(owner.token, event.id, { title: `Report me ${i}` }));
    const answers = [];
    for (const p of posts) answers.push((await reportPost(guest.token, event.id, p.id)).status);
    expect(answers).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

type Schema = Record<string, unknown> & { properties?: Record<string, unknown> };

describe("the feed's contract in the OpenAPI document", () => {
  it("gives a post's and an upload's mediaMetadata one shared MediaMetadata component: width and height, or null", async () => {
    const document = (await (await call("/oapi/openapi.json")).json()) as { components: { schemas: Record<string, Schema> } };
    const { FeedPost, MediaUpload, MediaMetadata } = document.components.schemas;

    expect(MediaMetadata).toMatchObject({
      type: "object",
      properties: { width: { type: "integer" }, height: { type: "integer" } },
      required: ["width", "height"],
    });
    const nullableMetadata = { anyOf: [{ $ref: "#/components/schemas/MediaMetadata" }, { type: "null" }] };
    expect(FeedPost?.properties?.mediaMetadata).toEqual(nullableMetadata);
    expect(MediaUpload?.properties?.mediaMetadata).toEqual(nullableMetadata);
  });
});
