import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { feedComments, feedLikes, feedPosts, files } from "@worker/db/schema";
import { jpeg } from "@worker/test/media";
import { errorOf } from "@worker/test/client";
import { call, db } from "@worker/test/helpers";
import { FEED_MESSAGES } from "./feed.schema";
import { commented, deletePost, feedCrew, like, posted, readPage } from "@worker/test/feed";

const objectsOf = async (eventId: string) => (await env.FILES.list({ prefix: `events/${eventId}/` })).objects;

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
