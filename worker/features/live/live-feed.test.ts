import { evictDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { COALESCE_WINDOW_MS, type LiveMessage } from "../../live/protocol";
import { eventRoom, publish } from "../../live/publish";
import { addGuest, makeEvent, makeUser } from "../../test/helpers";
import { listen, settle } from "../../test/live";

/** Lets every open window end and its held message arrive. */
const windowsEnd = () => new Promise((r) => setTimeout(r, COALESCE_WINDOW_MS * 2 + 100));

const like = (eventId: string, postId: string, likesCount: number): LiveMessage => ({ type: "like.changed", eventId, postId, likesCount });
const comment = (eventId: string, postId: string, commentCount: number): LiveMessage => ({ type: "comment.changed", eventId, postId, commentCount });

async function publicEventWithViewer() {
  const owner = await makeUser();
  const event = await makeEvent(owner.id);
  return { owner, event, socket: await listen(event.id, owner.token) };
}

describe("live feed messages", () => {
  it("tells the sockets of a public experience, signed in or not, of a post, a like count, a comment count and a deletion; a socket of another experience hears nothing", async () => {
    const { owner, event, socket } = await publicEventWithViewer();
    const visitor = await listen(event.id);
    const other = await makeEvent(owner.id);
    const elsewhere = await listen(other.id, owner.token);
    const sent: LiveMessage[] = [
      { type: "feed.posted", eventId: event.id, postId: "p1" },
      like(event.id, "p1", 1),
      comment(event.id, "p1", 1),
      { type: "feed.deleted", eventId: event.id, postId: "p1" },
    ];

    for (const message of sent) await publish(env, message);
    await windowsEnd();

    expect(socket.messages).toEqual(sent);
    expect(visitor.messages).toEqual(sent);
    expect(elsewhere.messages).toEqual([]);
    for (const s of [socket, visitor, elsewhere]) s.ws.close();
  });

  it("on a PRIVATE experience tells its participants only: someone invited who has not answered hears nothing", async () => {
    const owner = await makeUser();
    const guest = await makeUser();
    const invited = await makeUser();
    const event = await makeEvent(owner.id, { privacy: "PRIVATE" });
    await addGuest(event.id, guest);
    await addGuest(event.id, invited, "ONBOARD_REQUESTED");
    const participant = await listen(event.id, guest.token);
    const outsider = await listen(event.id, invited.token);

    await publish(env, { type: "feed.posted", eventId: event.id, postId: "p1" });
    await publish(env, like(event.id, "p1", 1));
    await settle();

    expect(participant.messages).toEqual([{ type: "feed.posted", eventId: event.id, postId: "p1" }, like(event.id, "p1", 1)]);
    expect(outsider.messages).toEqual([]);
    participant.ws.close();
    outsider.ws.close();
  });
});

describe("bursts of count messages", () => {
  it("delivers a burst of 100 likes of one post as a handful of messages, in order, ending with the final count", async () => {
    const { event, socket } = await publicEventWithViewer();

    for (let count = 1; count <= 100; count++) await publish(env, like(event.id, "p1", count));
    await windowsEnd();

    const counts = socket.messages.map((m) => (m.type === "like.changed" ? m.likesCount : null));
    expect(counts[0], "the first like goes out at once").toBe(1);
    expect(counts.at(-1), "the last message carries the final count").toBe(100);
    expect(counts.length).toBeLessThanOrEqual(6);
    expect(counts).toEqual([...counts].sort((a, b) => a! - b!));
    socket.ws.close();
  });

  it("never merges different posts or different kinds: the first of each goes out at once", async () => {
    const { event, socket } = await publicEventWithViewer();
    const firsts = [like(event.id, "p1", 1), like(event.id, "p2", 7), comment(event.id, "p1", 3)];

    for (const message of firsts) await publish(env, message);
    await settle();

    expect(socket.messages).toEqual(firsts);
    socket.ws.close();
  });

  it("sends a post's held count when its window ends, and a later lone count at once", async () => {
    const { event, socket } = await publicEventWithViewer();

    await publish(env, like(event.id, "p1", 1));
    await publish(env, like(event.id, "p1", 2));
    await publish(env, like(event.id, "p1", 3));
    await settle();
    expect(socket.messages, "within the window only the first").toEqual([like(event.id, "p1", 1)]);

    await windowsEnd();
    expect(socket.messages).toEqual([like(event.id, "p1", 1), like(event.id, "p1", 3)]);

    await publish(env, like(event.id, "p1", 2));
    await settle();
    expect(socket.messages.at(-1), "an unlike after the quiet window arrives at once").toEqual(like(event.id, "p1", 2));
    socket.ws.close();
  });

  it("drops a deleted post's held counts, and counts published after its deletion: nothing about it follows feed.deleted", async () => {
    const { event, socket } = await publicEventWithViewer();

    await publish(env, like(event.id, "p1", 1));
    await publish(env, like(event.id, "p1", 2));
    await publish(env, comment(event.id, "p1", 1));
    await publish(env, comment(event.id, "p1", 2));
    await publish(env, like(event.id, "p2", 1));
    await publish(env, like(event.id, "p2", 2));
    await publish(env, { type: "feed.deleted", eventId: event.id, postId: "p1" });
    await publish(env, like(event.id, "p1", 3));
    await windowsEnd();

    expect(socket.messages).toEqual([
      like(event.id, "p1", 1),
      comment(event.id, "p1", 1),
      like(event.id, "p2", 1),
      { type: "feed.deleted", eventId: event.id, postId: "p1" },
      like(event.id, "p2", 2),
    ]);
    socket.ws.close();
  });

  it("keeps a held count when the room is evicted before its window ends (the window lives in storage, its end is an alarm)", async () => {
    const { event, socket } = await publicEventWithViewer();

    await publish(env, like(event.id, "p1", 1));
    await publish(env, like(event.id, "p1", 2));
    await evictDurableObject(eventRoom(env, event.id));
    await windowsEnd();

    expect(socket.messages).toEqual([like(event.id, "p1", 1), like(event.id, "p1", 2)]);
    socket.ws.close();
  });
});
