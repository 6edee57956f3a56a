import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { feedPosts } from "@worker/db/schema";
import { sweepOrphanRows } from "@worker/domain/orphan-sweep";
import worker from "@worker/index";
import { errorOf, apiWith } from "@worker/test/client";
import {
  commented,
  deleteComment,
  deletePost,
  feedCrew,
  like,
  posted,
  readComments,
  readOpenComments,
  readOpenPage,
  readOpenPost,
  readPage,
  readPost,
  sendComment,
  sendPost,
} from "@worker/test/feed";
import { call, addGuest, db, makeEvent, makeUser } from "@worker/test/helpers";
import { png } from "@worker/test/media";
import { hideComment, hidePost } from "@worker/test/moderation";
import { FEED_MESSAGES } from "./feed.schema";
import { UNCLAIMED_MEDIA_TTL, uploadFeedMedia } from "./media-upload.service";
import { MODERATION_MESSAGES } from "./moderation.schema";

type Crew = Awaited<ReturnType<typeof feedCrew>>;
type Caller = "owner" | "host" | "guest" | "invited" | "stranger";
const CALLERS: Caller[] = ["owner", "host", "guest", "invited", "stranger"];
const PARTICIPANTS: Caller[] = ["owner", "host", "guest"];

/** An experience whose owner posted once, with one comment by the guest. */
async function feedWithAPost(privacy: "PUBLIC" | "PRIVATE") {
  const crew = await feedCrew({ privacy });
  const post = await posted(crew.owner.token, crew.event.id, { title: "Welcome!" });
  const comment = await commented(crew.guest.token, crew.event.id, post.id, "Thanks");
  return { ...crew, post, comment };
}

const OPERATIONS = {
  "read the page": (c: Crew & { post: { id: string } }, token: string) => readPage(token, c.event.id),
  "read a post": (c: Crew & { post: { id: string } }, token: string) => readPost(token, c.event.id, c.post.id),
  "read the comments": (c: Crew & { post: { id: string } }, token: string) => readComments(token, c.event.id, c.post.id),
  post: (c: Crew, token: string) => sendPost(token, c.event.id, { title: "Hello" }),
  like: (c: Crew & { post: { id: string } }, token: string) => like(token, c.event.id, c.post.id),
  comment: (c: Crew & { post: { id: string } }, token: string) => sendComment(token, c.event.id, c.post.id, "Nice"),
};
type Operation = keyof typeof OPERATIONS;
const READS: Operation[] = ["read the page", "read a post", "read the comments"];
const SUCCESS: Record<Operation, number> = {
  "read the page": 200,
  "read a post": 200,
  "read the comments": 200,
  post: 201,
  like: 200,
  comment: 201,
};

/** What each caller gets, by the experience's privacy (spec 2 §7, issue 10). */
function expected(operation: Operation, caller: Caller, privacy: "PUBLIC" | "PRIVATE"): number {
  if (PARTICIPANTS.includes(caller)) return SUCCESS[operation];
  if (privacy === "PRIVATE") return 404;
  return READS.includes(operation) ? 200 : 403;
}

const cases = (["PUBLIC", "PRIVATE"] as const).flatMap((privacy) =>
  (Object.keys(OPERATIONS) as Operation[]).flatMap((operation) =>
    CALLERS.map((caller) => [operation, caller, privacy, expected(operation, caller, privacy)] as const),
  ),
);

describe("who may read, post, like and comment in the feed", () => {
  it.each(cases)("%s as the %s of a %s experience → %i", async (operation, caller, privacy, status) => {
    const crew = await feedWithAPost(privacy);
    const response = await OPERATIONS[operation](crew, crew[caller].token);
    expect(response.status).toBe(status);
    if (status === 404) expect(await errorOf(response)).toBe("Event not found");
    if (status === 403) expect(await errorOf(response)).toBe("You do not have permission to do this");
  });

  it("lets a visitor who is not signed in read a public experience's page, posts and comments under /oapi", async () => {
    const { event, post, comment } = await feedWithAPost("PUBLIC");
    const page = await readOpenPage(event.id);
    expect(page.status).toBe(200);
    expect((await page.json()).feeds.map((p) => p.id)).toEqual([post.id]);
    const one = await readOpenPost(event.id, post.id);
    expect(one.status).toBe(200);
    expect((await one.json()).lastThreeComments.map((c) => c.id)).toEqual([comment.id]);
    const comments = await readOpenComments(event.id, post.id);
    expect(comments.status).toBe(200);
    expect((await comments.json()).map((c) => c.comment)).toEqual(["Thanks"]);
  });

  it("answers 404 'Event not found' under /oapi for a private experience, even to its owner's token, and for an unknown one", async () => {
    const { owner, event, post } = await feedWithAPost("PRIVATE");
    for (const path of [
      `/oapi/feeds/${event.id}`,
      `/oapi/feeds/${event.id}/${post.id}`,
      `/oapi/feeds/${event.id}/${post.id}/comment`,
      `/oapi/feeds/${crypto.randomUUID()}`,
    ]) {
      const response = await call(path, { token: owner.token });
      expect(response.status, path).toBe(404);
      expect(await errorOf(response)).toBe("Event not found");
    }
  });

  it("answers 401 to every /api/feeds call without a session", async () => {
    const { event, post, comment } = await feedWithAPost("PUBLIC");
    const base = `/api/feeds/${event.id}`;
    for (const [method, path] of [
      ["GET", base],
      ["POST", base],
      ["GET", `${base}/${post.id}`],
      ["DELETE", `${base}/${post.id}`],
      ["POST", `${base}/${post.id}/like`],
      ["GET", `${base}/${post.id}/comment`],
      ["POST", `${base}/${post.id}/comment`],
      ["DELETE", `${base}/${post.id}/comment/${comment.id}`],
    ] as const) {
      const response = await call(path, { method });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  it("hides a private experience's posts and comments from a stranger who knows their ids: 404, nothing deleted", async () => {
    const { owner, stranger, event, post, comment } = await feedWithAPost("PRIVATE");
    expect((await deletePost(stranger.token, event.id, post.id)).status).toBe(404);
    expect((await deleteComment(stranger.token, event.id, post.id, comment.id)).status).toBe(404);
    expect((await (await readPost(owner.token, event.id, post.id)).json()).commentCount).toBe(1);
  });

  it("answers 404 'Post not found' when the post belongs to another experience, to an organiser of this one", async () => {
    const first = await feedWithAPost("PUBLIC");
    const other = await feedCrew();
    const { token } = other.owner;
    for (const response of [
      await readPost(token, other.event.id, first.post.id),
      await readComments(token, other.event.id, first.post.id),
      await like(token, other.event.id, first.post.id),
      await sendComment(token, other.event.id, first.post.id, "Hi"),
      await deletePost(token, other.event.id, first.post.id),
    ]) {
      expect(response.status).toBe(404);
      expect(await errorOf(response)).toBe("Post not found");
    }
    expect((await readPost(first.owner.token, first.event.id, first.post.id)).status, "the post is still there").toBe(200);
  });
});

async function fixture() {
  const owner = await makeUser();
  const event = await makeEvent(owner.id);
  const guest = await makeUser();
  await addGuest(event.id, guest);
  const put = () => {
    const bytes = png(10, 10);
    return uploadFeedMedia(env, db(), {
      eventId: event.id,
      uploaderId: guest.id,
      length: bytes.byteLength,
      body: new Blob([bytes]).stream(),
    });
  };
  return { event, guest, put };
}

/** The bucket, with `meanwhile` run just before (or after) one of its calls: another request landing at that moment. */
function bucketWith(method: "head" | "delete", meanwhile: () => Promise<unknown>, after = false): R2Bucket {
  return new Proxy(env.FILES, {
    get(target, name) {
      const value = Reflect.get(target, name);
      if (typeof value !== "function") return value;
      if (name !== method) return value.bind(target);
      return async (...args: unknown[]) => {
        if (!after) await meanwhile();
        const result = await value.apply(target, args);
        if (after) await meanwhile();
        return result;
      };
    },
  });
}

const dayLater = () => Date.now() + UNCLAIMED_MEDIA_TTL + 60_000;
const postsOf = async (eventId: string) =>
  (
    await env.DB.prepare("select id, media_file_id from feed_posts where event_id = ?")
      .bind(eventId)
      .all<{ id: string; media_file_id: string | null }>()
  ).results;

const keyOf = async (id: string) => (await env.DB.prepare("select key from files where id = ?").bind(id).first<{ key: string }>())?.key;

describe("feed uploads never posted (the sweep of files nothing names)", () => {
  it("deletes feed uploads no post names after a day, object and row, and keeps posted ones and younger ones", async () => {
    const { event, guest, put } = await fixture();
    const unclaimed = await put();
    const posted = await put();
    const unclaimedKey = await keyOf(unclaimed.mediaId);
    await db()
      .insert(feedPosts)
      .values({ id: crypto.randomUUID(), eventId: event.id, authorId: guest.id, mediaFileId: posted.mediaId, mimeType: "image/png" });

    expect(await sweepOrphanRows(env, db(), Date.now() + UNCLAIMED_MEDIA_TTL - 60_000)).toBe(0);
    expect(await keyOf(unclaimed.mediaId)).toBeDefined();
    expect(await sweepOrphanRows(env, db(), Date.now() + UNCLAIMED_MEDIA_TTL + 60_000)).toBe(1);

    expect(await keyOf(unclaimed.mediaId)).toBeUndefined();
    expect(await env.FILES.head(unclaimedKey!)).toBeNull();
    expect(await keyOf(posted.mediaId)).toBeDefined();
    expect(await env.FILES.head((await keyOf(posted.mediaId))!)).not.toBeNull();
  });

  it("runs from the Worker's hourly Cron Trigger", async () => {
    const { put } = await fixture();
    const upload = await put();
    await env.DB.prepare("update files set created_at = ? where id = ?")
      .bind(Date.now() - UNCLAIMED_MEDIA_TTL - 1000, upload.mediaId)
      .run();
    await worker.scheduled(createScheduledController({ cron: "17 * * * *", scheduledTime: Date.now() }), env);
    expect(await keyOf(upload.mediaId)).toBeUndefined();
  });

  it("keeps an upload a post names while the sweep is deleting objects: the post is refused, never left without its photo", async () => {
    const { event, guest, put } = await fixture();
    const upload = await put();
    let answer: Awaited<ReturnType<typeof sendPost>> | undefined;
    const sweepingBucket = bucketWith("delete", async () => {
      answer = await sendPost(guest.token, event.id, { mediaId: upload.mediaId });
    });

    expect(await sweepOrphanRows({ ...env, FILES: sweepingBucket }, db(), dayLater())).toBe(1);

    expect(answer?.status).toBe(400);
    expect(await errorOf(answer!)).toBe(FEED_MESSAGES.mediaUnclaimable);
    expect(await postsOf(event.id)).toEqual([]);
  });

  it("answers 409 'This upload cannot be posted; upload the file again' when the sweep deletes an upload between its claim and the post", async () => {
    const { event, guest, put } = await fixture();
    const upload = await put();
    const claimingBucket = bucketWith("head", () => sweepOrphanRows(env, db(), dayLater()), true);

    const response = await apiWith({ FILES: claimingBucket }, guest.token).api.feeds[":eventId"].$post({
      param: { eventId: event.id },
      form: { mediaId: upload.mediaId },
    });

    expect(response.status).toBe(409);
    expect(await errorOf(response)).toBe(FEED_MESSAGES.mediaUnclaimable);
    expect(await postsOf(event.id)).toEqual([]);
    expect(await keyOf(upload.mediaId)).toBeUndefined();
  });

  it("keeps an old upload once it is posted, with the post showing it", async () => {
    const { event, guest, put } = await fixture();
    const upload = await put();
    const response = await sendPost(guest.token, event.id, { mediaId: upload.mediaId });
    expect(response.status).toBe(201);

    expect(await sweepOrphanRows(env, db(), dayLater())).toBe(0);

    expect(await postsOf(event.id)).toEqual([{ id: expect.any(String), media_file_id: upload.mediaId }]);
    expect(await env.FILES.head((await keyOf(upload.mediaId))!)).not.toBeNull();
  });

  it("puts the rows back when storage refuses to delete the objects, so the next run retries", async () => {
    const { event, put } = await fixture();
    const upload = await put();
    const failingBucket = bucketWith("delete", () => Promise.reject(new Error("R2 is unavailable")));

    await expect(sweepOrphanRows({ ...env, FILES: failingBucket }, db(), dayLater())).rejects.toThrow("R2 is unavailable");
    expect(await keyOf(upload.mediaId)).toBeDefined();

    expect(await sweepOrphanRows(env, db(), dayLater())).toBe(1);
    expect(await env.FILES.list({ prefix: `events/${event.id}/feed/` })).toMatchObject({ objects: [] });
  });
});

/** A public experience with the owner's post, a guest's post and a guest's comment on the owner's post. */
async function feedWithPosts() {
  const crew = await feedCrew({ privacy: "PUBLIC" });
  const kept = await posted(crew.owner.token, crew.event.id, { title: "Welcome!" });
  const rude = await posted(crew.guest.token, crew.event.id, { title: "Something rude" });
  const comment = await commented(crew.guest.token, crew.event.id, kept.id, "Another rude thing");
  return { ...crew, kept, rude, comment };
}

const ids = (page: { feeds: { id: string }[] }) => page.feeds.map((post) => post.id);

describe("hiding a post or a comment", () => {
  it("lets the owner and hosts hide any post, and answers 403 'Only the owner and hosts can moderate this feed' to its own author, a guest", async () => {
    const c = await feedWithPosts();
    const byGuest = await hidePost(c.guest.token, c.event.id, c.rude.id);
    expect(byGuest.status).toBe(403);
    expect(await errorOf(byGuest)).toBe(MODERATION_MESSAGES.organisersOnly);
    expect((await hidePost(c.stranger.token, c.event.id, c.rude.id)).status).toBe(403);
    const byHost = await hidePost(c.host.token, c.event.id, c.rude.id);
    expect(byHost.status).toBe(200);
    expect(await byHost.json()).toMatchObject({ id: c.rude.id, hidden: true });
    expect((await hidePost(c.owner.token, c.event.id, c.kept.id)).status).toBe(200);
  });

  it("answers 404 to a stranger of a private experience and for a post of another experience", async () => {
    const c = await feedCrew({ privacy: "PRIVATE" });
    const post = await posted(c.guest.token, c.event.id, { title: "Hi" });
    const other = await feedCrew();
    expect((await hidePost(c.stranger.token, c.event.id, post.id)).status).toBe(404);
    expect((await hidePost(other.owner.token, other.event.id, post.id)).status).toBe(404);
  });

  it("leaves a hidden post out of guests' and visitors' pages, counts and reads, and shows it marked hidden to organisers", async () => {
    const c = await feedWithPosts();
    await hidePost(c.host.token, c.event.id, c.rude.id);

    const guestPage = await (await readPage(c.other.token, c.event.id, { limit: "1" })).json();
    expect(ids(guestPage)).toEqual([c.kept.id]);
    expect(guestPage.totalPages).toBe(1);
    expect(ids(await (await readOpenPage(c.event.id)).json())).toEqual([c.kept.id]);
    expect((await readPost(c.other.token, c.event.id, c.rude.id)).status).toBe(404);
    expect((await readOpenPost(c.event.id, c.rude.id)).status).toBe(404);
    expect((await readComments(c.guest.token, c.event.id, c.rude.id)).status).toBe(404);

    const ownerPage = await (await readPage(c.owner.token, c.event.id)).json();
    expect(ownerPage.feeds.map((post) => [post.id, post.hidden])).toEqual([
      [c.rude.id, true],
      [c.kept.id, false],
    ]);
    expect(await (await readPost(c.host.token, c.event.id, c.rude.id)).json()).toMatchObject({ hidden: true });
  });

  it("brings a restored post back to guests where it was", async () => {
    const c = await feedWithPosts();
    await hidePost(c.owner.token, c.event.id, c.rude.id);
    const restored = await hidePost(c.owner.token, c.event.id, c.rude.id, false);
    expect(await restored.json()).toMatchObject({ hidden: false });
    expect(ids(await (await readPage(c.other.token, c.event.id)).json())).toEqual([c.rude.id, c.kept.id]);
  });

  it("leaves a hidden comment out of guests' comments and the post's count, and marks it for organisers", async () => {
    const c = await feedWithPosts();
    const byGuest = await hideComment(c.other.token, c.event.id, c.kept.id, c.comment.id);
    expect(byGuest.status).toBe(403);
    const hidden = await hideComment(c.host.token, c.event.id, c.kept.id, c.comment.id);
    expect(hidden.status).toBe(200);
    expect(await hidden.json()).toMatchObject({ id: c.comment.id, hidden: true });

    expect(await (await readComments(c.other.token, c.event.id, c.kept.id)).json()).toEqual([]);
    const seenByGuest = await (await readPost(c.other.token, c.event.id, c.kept.id)).json();
    expect(seenByGuest).toMatchObject({ commentCount: 0, lastThreeComments: [] });
    const seenByOwner = await (await readPost(c.owner.token, c.event.id, c.kept.id)).json();
    expect(seenByOwner.lastThreeComments.map((comment) => [comment.id, comment.hidden])).toEqual([[c.comment.id, true]]);
    expect((await (await readComments(c.owner.token, c.event.id, c.kept.id)).json()).map((comment) => comment.hidden)).toEqual([true]);

    await hideComment(c.owner.token, c.event.id, c.kept.id, c.comment.id, false);
    expect(await (await readPost(c.other.token, c.event.id, c.kept.id)).json()).toMatchObject({ commentCount: 1 });
  });

  it("answers 404 'Comment not found' for a comment of another post", async () => {
    const c = await feedWithPosts();
    const response = await hideComment(c.owner.token, c.event.id, c.rude.id, c.comment.id);
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toBe("Comment not found");
  });
});
