import { describe, expect, it } from "vitest";
import { errorOf } from "@worker/test/client";
import { commented, feedCrew, posted, readComments, readOpenPage, readOpenPost, readPage, readPost } from "@worker/test/feed";
import { hideComment, hidePost } from "@worker/test/moderation";
import { MODERATION_MESSAGES } from "./moderation.schema";

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
