import { evictDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { publish } from "@worker/live/publish";
import { eventRoom } from "@worker/live/room";
import { addGuest, makeEvent, makeUser } from "@worker/test/helpers";
import { connect, settle } from "@worker/test/live";

describe("live updates of an event", () => {
  it("delivers a published change to every socket of that event and to no other event", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    const other = await makeEvent(owner.id);
    const a = await connect(event.id, owner.token);
    const b = await connect(event.id);
    const elsewhere = await connect(other.id, owner.token);
    expect(a.response.status).toBe(101);
    // No header-changing middleware on the upgrade: it would break the 101.
    expect(a.response.headers.get("X-Content-Type-Options")).toBeNull();

    await publish(env, { type: "itinerary.changed", eventId: event.id });
    await settle();

    expect(a.messages).toEqual([{ type: "itinerary.changed", eventId: event.id }]);
    expect(b.messages).toEqual([{ type: "itinerary.changed", eventId: event.id }]);
    expect(elsewhere.messages).toEqual([]);
    for (const s of [a, b, elsewhere]) s.ws!.close();
  });

  it("sends participant-only changes (bulletins) to participants only", async () => {
    const owner = await makeUser();
    const guest = await makeUser();
    const event = await makeEvent(owner.id);
    await addGuest(event.id, guest);
    const participant = await connect(event.id, guest.token);
    const stranger = await connect(event.id);

    await publish(env, { type: "bulletin.changed", eventId: event.id });
    await settle();

    expect(participant.messages).toEqual([{ type: "bulletin.changed", eventId: event.id }]);
    expect(stranger.messages).toEqual([]);
    participant.ws!.close();
    stranger.ws!.close();
  });

  it("gives no ticket to a stranger of a private event, anonymous or signed in", async () => {
    const owner = await makeUser();
    const stranger = await makeUser();
    const event = await makeEvent(owner.id, { privacy: "PRIVATE" });
    for (const token of [undefined, stranger.token]) {
      const { response, ws } = await connect(event.id, token);
      expect(ws).toBeNull();
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: "Event not found" });
    }
  });

  it("lets a guest of a private event connect", async () => {
    const owner = await makeUser();
    const guest = await makeUser();
    const event = await makeEvent(owner.id, { privacy: "PRIVATE" });
    await addGuest(event.id, guest);
    const { response, ws } = await connect(event.id, guest.token);
    expect(response.status).toBe(101);
    ws!.close();
  });

  it("keeps delivering after the room hibernates (no state lives in memory)", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    const socket = await connect(event.id, owner.token);
    await evictDurableObject(eventRoom(env, event.id));

    await publish(env, { type: "feed.posted", eventId: event.id, postId: "p1" });
    await settle();

    expect(socket.messages).toEqual([{ type: "feed.posted", eventId: event.id, postId: "p1" }]);
    socket.ws!.close();
  });
});
