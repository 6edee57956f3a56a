import { describe, expect, it } from "vitest";
import { COALESCE_WINDOW_MS, type LiveMessage } from "@worker/live/protocol";
import { listen } from "@worker/test/live";
import { commented, deleteComment, deletePost, feedCrew, like, posted } from "@worker/test/feed";

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
