import { evictDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { feedPosts } from "@worker/db/schema";
import { LIVE_CLOSE, COALESCE_WINDOW_MS, type CountMessage } from "@worker/live/protocol";
import { publish } from "@worker/live/publish";
import { eventRoom } from "@worker/live/room";
import { apiAs } from "@worker/test/client";
import { like as likeRoute, posted } from "@worker/test/feed";
import { addGuest, makeEvent, makeUser, db } from "@worker/test/helpers";
import { connect, listen, settle } from "@worker/test/live";
import { crew, makeHosts, removeGuests, unmakeHosts } from "@worker/test/people";
import { hostAction, respond, storedRsvp } from "@worker/test/rsvp";

const ROLE_CHANGED = LIVE_CLOSE.roleChanged.code;

/** Publishes one message for everyone and one for participants only, and lets them arrive. */
async function publishBoth(eventId: string) {
  await publish(env, { type: "itinerary.changed", eventId });
  await publish(env, { type: "bulletin.changed", eventId });
  await settle();
}

/** The asking person's socket hears none of the participants' news until the owner approves them; then it closes, asking to reconnect. */
async function approvedWhileListening(owner: { token: string }, asking: { id: string; token: string }, eventId: string) {
  const waiting = await listen(eventId, asking.token);
  await publishBoth(eventId);
  expect(waiting.messages).toEqual([]);
  const request = (await storedRsvp(eventId, asking.id))!;
  expect((await hostAction(owner.token, eventId, "YES", [request.id])).status).toBe(200);
  await settle();
  expect(waiting.closes).toEqual([ROLE_CHANGED]);
  return waiting;
}

describe("live sockets of a person whose place in the experience changes", () => {
  it(`closes a removed guest's sockets with ${ROLE_CHANGED} at once; other guests stay and are told the list changed; the same person's socket on another experience stays`, async () => {
    const { owner, guest, other, event } = await crew({ privacy: "PRIVATE" });
    const removed = [await listen(event.id, guest.token), await listen(event.id, guest.token)];
    const staying = await listen(event.id, other.token);
    const elsewhereEvent = await makeEvent(owner.id);
    await addGuest(elsewhereEvent.id, guest);
    const elsewhere = await listen(elsewhereEvent.id, guest.token);

    expect((await removeGuests(owner.token, event.id, [guest.id])).status).toBe(200);
    await settle();

    expect(removed.map((s) => s.closes)).toEqual([[ROLE_CHANGED], [ROLE_CHANGED]]);
    expect(removed.map((s) => s.messages)).toEqual([[], []]);
    expect(staying.closes).toEqual([]);
    expect(staying.messages).toEqual([{ type: "rsvp.changed", eventId: event.id }]);
    expect(elsewhere.closes).toEqual([]);
    for (const s of [staying, elsewhere]) s.ws.close();
  });

  it("lets a removed guest of a private experience reconnect only for their own place: no message reaches them", async () => {
    const { owner, guest, event } = await crew({ privacy: "PRIVATE" });
    expect((await removeGuests(owner.token, event.id, [guest.id])).status).toBe(200);
    const after = await listen(event.id, guest.token);
    await publishBoth(event.id);
    expect(after.messages).toEqual([]);
    after.ws.close();
  });

  it.each([
    ["made host", (token: string, eventId: string, userId: string) => makeHosts(token, eventId, [userId]), "guest"],
    ["removed as host", (token: string, eventId: string, userId: string) => unmakeHosts(token, eventId, [userId]), "cohost"],
  ] as const)("closes the sockets of someone %s, and of no one else", async (_, change, whom) => {
    const people = await crew();
    const { owner, other, event } = people;
    const changed = await listen(event.id, people[whom].token);
    const bystanders = [await listen(event.id, other.token), await listen(event.id, owner.token), await listen(event.id)];

    expect((await change(owner.token, event.id, people[whom].id)).status).toBe(200);
    await settle();

    expect(changed.closes).toEqual([ROLE_CHANGED]);
    expect(bystanders.map((s) => s.closes)).toEqual([[], [], []]);
    for (const s of bystanders) s.ws.close();
  });

  it("closes the socket of someone who answers their invitation themselves", async () => {
    const { invited, event } = await crew();
    const socket = await listen(event.id, invited.token);
    expect((await respond(event.id, invited.token, "YES")).status).toBe(200);
    await settle();
    expect(socket.closes).toEqual([ROLE_CHANGED]);
  });
});

describe("live sockets of a person whose own answer leaves what they may follow as it was", () => {
  it("keeps a stranger's socket open when they ask to join a public experience, and tells it their place changed", async () => {
    const { stranger, event } = await crew({ privacy: "PUBLIC" });
    const socket = await listen(event.id, stranger.token);
    expect((await respond(event.id, stranger.token, "YES")).status).toBe(200);
    expect((await storedRsvp(event.id, stranger.id))?.status).toBe("HOST_APPROVAL_REQUESTED");
    await settle();
    expect(socket.closes).toEqual([]);
    expect(socket.messages).toContainEqual({ type: "place.changed", eventId: event.id });
    await publishBoth(event.id);
    expect(socket.messages.at(-1)).toEqual({ type: "itinerary.changed", eventId: event.id });
    socket.ws.close();
  });

  it("keeps an invitee's socket on a private experience open when they decline, still hearing nothing but their own place", async () => {
    const { invited, event } = await crew({ privacy: "PRIVATE" });
    const socket = await listen(event.id, invited.token);
    expect((await respond(event.id, invited.token, "NO")).status).toBe(200);
    await settle();
    expect(socket.closes).toEqual([]);
    await publishBoth(event.id);
    expect(socket.messages).toEqual([{ type: "place.changed", eventId: event.id }]);
    socket.ws.close();
  });
});

describe("sockets opening while the person's place changes", () => {
  it("never leaves a removed guest a socket that hears participants' news, however the opening and the removal interleave", async () => {
    for (let round = 0; round < 10; round++) {
      const { owner, guest, event } = await crew({ privacy: "PRIVATE" });
      const removal = removeGuests(owner.token, event.id, [guest.id]);
      // Openings spread over the removal's course, so some read the role before it lands and reach the room after.
      const sockets = await Promise.all(
        Array.from({ length: 4 }, (_, i) => new Promise((r) => setTimeout(r, i * round)).then(() => connect(event.id, guest.token))),
      );
      expect((await removal).status).toBe(200);
      await publishBoth(event.id);
      for (const socket of sockets) {
        expect(socket.messages, "a removed guest hears nothing").toEqual([]);
        socket.ws?.close();
      }
    }
  });
});

describe("a signed-in person with an RSVP to a private experience (live audience 'self')", () => {
  it("follows an approval live: the socket hears nothing until the host approves, then closes; the new one hears participants' news", async () => {
    const { owner, asking, event } = await crew({ privacy: "PRIVATE" });
    const waiting = await approvedWhileListening(owner, asking, event.id);
    expect(waiting.messages).toEqual([]);

    const attending = await listen(event.id, asking.token);
    await publishBoth(event.id);
    expect(attending.messages).toEqual([
      { type: "itinerary.changed", eventId: event.id },
      { type: "bulletin.changed", eventId: event.id },
    ]);
    attending.ws.close();
  });

  it("is told of a rejection the same way, by the close alone", async () => {
    const { host, asking, event } = await crew({ privacy: "PRIVATE" });
    const waiting = await listen(event.id, asking.token);
    const request = (await storedRsvp(event.id, asking.id))!;
    expect((await hostAction(host.token, event.id, "NO", [request.id])).status).toBe(200);
    await settle();
    expect(waiting.closes).toEqual([ROLE_CHANGED]);
    expect(waiting.messages).toEqual([]);
  });

  it("leaves a signed-in stranger without any RSVP refused (404), like an anonymous one", async () => {
    const { stranger, event } = await crew({ privacy: "PRIVATE" });
    const outsider = await makeUser();
    for (const token of [stranger.token, outsider.token, undefined]) {
      const { response, ws } = await connect(event.id, token);
      expect(ws).toBeNull();
      expect(response.status).toBe(404);
    }
  });

  it("keeps following their own place when the experience turns private while they wait for approval", async () => {
    const { owner, asking, event } = await crew();
    const before = await listen(event.id, asking.token);
    expect((await apiAs(owner.token).api.events[":id"].$put({ param: { id: event.id }, json: { privacy: "PRIVATE" } })).status).toBe(200);
    await settle();
    expect(before.closes).toEqual([ROLE_CHANGED]);

    await approvedWhileListening(owner, asking, event.id);
  });

  it("is asked to reconnect for everything when the experience turns public", async () => {
    const { owner, asking, event } = await crew({ privacy: "PRIVATE" });
    const waiting = await listen(event.id, asking.token);
    expect((await apiAs(owner.token).api.events[":id"].$put({ param: { id: event.id }, json: { privacy: "PUBLIC" } })).status).toBe(200);
    await settle();
    expect(waiting.closes).toEqual([ROLE_CHANGED]);
    const visitor = await listen(event.id, asking.token);
    await publishBoth(event.id);
    expect(visitor.messages).toEqual([{ type: "itinerary.changed", eventId: event.id }]);
    visitor.ws.close();
  });

  it("on a public experience the same person follows everything for everyone, as any visitor does", async () => {
    const { asking, event } = await crew();
    const socket = await listen(event.id, asking.token);
    await publishBoth(event.id);
    expect(socket.messages).toEqual([{ type: "itinerary.changed", eventId: event.id }]);
    socket.ws.close();
  });
});

/** Lets every open window end and its held message arrive. */
const windowsEnd = () => new Promise((r) => setTimeout(r, COALESCE_WINDOW_MS * 2 + 100));

const like = (eventId: string, postId: string, likesCount: number): CountMessage => ({ type: "like.changed", eventId, postId, likesCount });
const comment = (eventId: string, postId: string, commentCount: number): CountMessage => ({
  type: "comment.changed",
  eventId,
  postId,
  commentCount,
});

/** A post as D1 holds it; the room reads its counts when it sends. */
async function makePost(eventId: string, authorId: string) {
  const [post] = await db().insert(feedPosts).values({ id: crypto.randomUUID(), eventId, authorId, title: "Hello" }).returning();
  return post!;
}

/** A like or comment write as the feed routes make it: D1 first, then the message. */
async function counted(message: CountMessage) {
  const count = message.type === "like.changed" ? { likesCount: message.likesCount } : { commentCount: message.commentCount };
  await db().update(feedPosts).set(count).where(eq(feedPosts.id, message.postId));
  await publish(env, message);
}

async function publicEventWithViewer() {
  const owner = await makeUser();
  const event = await makeEvent(owner.id);
  const [p1, p2] = [await makePost(event.id, owner.id), await makePost(event.id, owner.id)];
  return { owner, event, p1: p1!.id, p2: p2!.id, socket: await listen(event.id, owner.token) };
}

describe("live feed messages", () => {
  it("on a PRIVATE experience reach its participants only: someone invited who has not answered hears nothing", async () => {
    const owner = await makeUser();
    const guest = await makeUser();
    const invited = await makeUser();
    const event = await makeEvent(owner.id, { privacy: "PRIVATE" });
    await addGuest(event.id, guest);
    await addGuest(event.id, invited, "ONBOARD_REQUESTED");
    const post = await makePost(event.id, owner.id);
    const participant = await listen(event.id, guest.token);
    const outsider = await listen(event.id, invited.token);

    await publish(env, { type: "feed.posted", eventId: event.id, postId: post.id });
    await counted(like(event.id, post.id, 1));
    await settle();

    expect(participant.messages).toEqual([{ type: "feed.posted", eventId: event.id, postId: post.id }, like(event.id, post.id, 1)]);
    expect(outsider.messages).toEqual([]);
    participant.ws.close();
    outsider.ws.close();
  });
});

describe("bursts of count messages", () => {
  // A hundred accounts and a hundred requests: slower than the rest on a busy machine.
  it(
    "delivers 100 likes made at once through the like route as a handful of messages, in order, ending with the final count; another experience's socket hears nothing",
    { timeout: 30_000 },
    async () => {
      const owner = await makeUser();
      const event = await makeEvent(owner.id);
      const guests = await Promise.all(Array.from({ length: 100 }, () => makeUser()));
      await Promise.all(guests.map((guest) => addGuest(event.id, guest)));
      const post = await posted(owner.token, event.id, { title: "Like me" });
      const other = await makeEvent(owner.id);
      const socket = await listen(event.id, owner.token);
      const elsewhere = await listen(other.id, owner.token);

      const started = Date.now();
      const answers = await Promise.all(guests.map((guest) => likeRoute(guest.token, event.id, post.id)));
      // One message a window at most, and one more when it closes: a handful on a quiet machine, a few more on one so
      // busy that the hundred likes take seconds.
      const windows = Math.ceil((Date.now() - started) / COALESCE_WINDOW_MS);
      expect(answers.map((a) => a.status)).toEqual(guests.map(() => 200));
      await windowsEnd();

      const counts = socket.messages.map((m) => (m.type === "like.changed" ? m.likesCount : m.type));
      expect(counts.length, `a handful, not a hundred: ${counts.join(", ")}`).toBeLessThanOrEqual(Math.max(6, windows + 1));
      expect(counts.at(-1), "the last message carries the final count").toBe(100);
      expect(counts).toEqual([...counts].sort((a, b) => Number(a) - Number(b)));
      expect(elsewhere.messages).toEqual([]);
      socket.ws.close();
      elsewhere.ws.close();
    },
  );

  it("sends D1's count, so a stale count published last (likes racing) never has the last word", async () => {
    const { event, p1, socket } = await publicEventWithViewer();

    await counted(like(event.id, p1, 2));
    await publish(env, like(event.id, p1, 1));
    await windowsEnd();

    expect(socket.messages).toEqual([like(event.id, p1, 2), like(event.id, p1, 2)]);
    socket.ws.close();
  });

  it("never merges different posts or different kinds: the first of each goes out at once", async () => {
    const { event, p1, p2, socket } = await publicEventWithViewer();
    const firsts = [like(event.id, p1, 1), like(event.id, p2, 7), comment(event.id, p1, 3)] as const;

    for (const message of firsts) await counted(message);
    await settle();

    expect(socket.messages).toEqual(firsts);
    socket.ws.close();
  });

  it("sends a post's held count when its window ends, and a later lone count at once", async () => {
    const { event, p1, socket } = await publicEventWithViewer();

    const started = Date.now();
    for (const count of [1, 2, 3]) await counted(like(event.id, p1, count));
    // On a machine too busy to publish three likes within one window, the second opens a window of its own: the rule
    // then reads differently, and only what holds on every machine is asserted.
    const oneWindow = Date.now() - started < COALESCE_WINDOW_MS;
    await settle();
    if (oneWindow) expect(socket.messages, "within the window only the first").toEqual([like(event.id, p1, 1)]);

    await windowsEnd();
    expect(socket.messages[0]).toEqual(like(event.id, p1, 1));
    expect(socket.messages.at(-1), "the held count arrives when the window ends").toEqual(like(event.id, p1, 3));
    if (oneWindow) expect(socket.messages).toEqual([like(event.id, p1, 1), like(event.id, p1, 3)]);

    // publish() resolves once a message sent at once is on the sockets; a held one would come a window later.
    await counted(like(event.id, p1, 2));
    const published = Date.now();
    await vi.waitFor(() => expect(socket.messages.at(-1)).toEqual(like(event.id, p1, 2)), { timeout: 2_000, interval: 5 });
    expect(Date.now() - published, "an unlike after a quiet window arrives at once").toBeLessThan(COALESCE_WINDOW_MS * 0.75);
    socket.ws.close();
  });

  it("drops a deleted post's held counts, and counts published after its deletion: nothing about it follows feed.deleted", async () => {
    const { event, p1, p2, socket } = await publicEventWithViewer();

    for (const count of [1, 2]) await counted(like(event.id, p1, count));
    for (const count of [1, 2]) await counted(comment(event.id, p1, count));
    for (const count of [1, 2]) await counted(like(event.id, p2, count));
    await publish(env, { type: "feed.deleted", eventId: event.id, postId: p1 });
    await publish(env, like(event.id, p1, 3));
    await windowsEnd();

    // Nothing about the deleted post follows its deletion: a count it still held is dropped with it. (On a machine
    // slow enough for its window to end before the deletion arrives, that count went out before it instead.)
    const deletedAt = socket.messages.findIndex((m) => m.type === "feed.deleted");
    expect(socket.messages[deletedAt]).toEqual({ type: "feed.deleted", eventId: event.id, postId: p1 });
    const after = socket.messages.slice(deletedAt + 1);
    expect(after.filter((m) => "postId" in m && m.postId === p1)).toEqual([]);
    const beforeAboutP1 = socket.messages.slice(0, deletedAt).filter((m) => "postId" in m && m.postId === p1);
    expect(beforeAboutP1.slice(0, 2)).toEqual([like(event.id, p1, 1), comment(event.id, p1, 1)]);
    expect(beforeAboutP1.length).toBeLessThanOrEqual(4);
    // The other post's held count still arrives.
    expect(socket.messages.filter((m) => "postId" in m && m.postId === p2).at(-1)).toEqual(like(event.id, p2, 2));
    socket.ws.close();
  });

  it("keeps a held count when the room is evicted before its window ends (the window lives in storage, its end is an alarm)", async () => {
    const { event, p1, socket } = await publicEventWithViewer();

    await counted(like(event.id, p1, 1));
    await counted(like(event.id, p1, 2));
    await evictDurableObject(eventRoom(env, event.id));

    // The held count goes out when the alarm fires, which a busy machine may run after the window, not at its end.
    await vi.waitFor(() => expect(socket.messages).toEqual([like(event.id, p1, 1), like(event.id, p1, 2)]), { timeout: 10_000 });
    socket.ws.close();
  });
});
