import { describe, expect, it } from "vitest";
import { errorOf } from "@worker/test/client";
import { call } from "@worker/test/helpers";
import { COMMENT_MAX, FEED_MESSAGES } from "./feed.schema";
import { commented, deleteComment, feedCrew, posted, readComments, readPost, sendComment } from "@worker/test/feed";

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
