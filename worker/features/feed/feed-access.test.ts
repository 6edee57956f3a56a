import { describe, expect, it } from "vitest";
import { errorOf } from "@worker/test/client";
import { call } from "@worker/test/helpers";
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
