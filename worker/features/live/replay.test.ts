import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { publish } from "@worker/live/publish";
import { addGuest, makeEvent, makeUser } from "@worker/test/helpers";
import { connect, settle } from "@worker/test/live";

// A page reads its data, then asks for a ticket and opens its socket: what was published in between must reach it.
describe("a socket that opens is told what changed while its page connected", () => {
  it("tells a new socket a change published just before it opened", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    await publish(env, { type: "itinerary.changed", eventId: event.id });

    const page = await connect(event.id, owner.token);
    await settle();

    expect(page.replayed).toEqual([{ type: "itinerary.changed", eventId: event.id }]);
    page.ws!.close();
  });

  it("tells it each change once, however often it was published", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    for (let i = 0; i < 3; i++) await publish(env, { type: "itinerary.changed", eventId: event.id });
    await publish(env, { type: "event.changed", eventId: event.id });

    const page = await connect(event.id, owner.token);
    await settle();

    expect(page.replayed).toEqual([
      { type: "itinerary.changed", eventId: event.id },
      { type: "event.changed", eventId: event.id },
    ]);
    page.ws!.close();
  });

  it("replays to the audience a fan-out would reach: participants' changes never to a stranger's socket", async () => {
    const owner = await makeUser();
    const guest = await makeUser();
    const other = await makeUser();
    const event = await makeEvent(owner.id);
    await addGuest(event.id, guest);
    await addGuest(event.id, other);
    await publish(env, { type: "bulletin.changed", eventId: event.id });
    await publish(env, { type: "pass.changed", eventId: event.id }, [guest.id]);

    const stranger = await connect(event.id);
    const participant = await connect(event.id, guest.token);
    const otherGuest = await connect(event.id, other.token);
    await settle();

    expect(stranger.replayed).toEqual([]);
    expect(participant.replayed).toEqual([
      { type: "bulletin.changed", eventId: event.id },
      { type: "pass.changed", eventId: event.id },
    ]);
    expect(otherGuest.replayed).toEqual([{ type: "bulletin.changed", eventId: event.id }]);
    for (const s of [stranger, participant, otherGuest]) s.ws!.close();
  });

  it("does not tell an open socket again what it was sent when it happened", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    const open = await connect(event.id, owner.token);
    await publish(env, { type: "itinerary.changed", eventId: event.id });
    const next = await connect(event.id, owner.token);
    await settle();

    expect(open.replayed).toEqual([]);
    expect(open.messages).toEqual([{ type: "itinerary.changed", eventId: event.id }]);
    expect(next.replayed).toEqual([{ type: "itinerary.changed", eventId: event.id }]);
    for (const s of [open, next]) s.ws!.close();
  });

  it("tells a new socket of new posts as one 'read the feed again', never as posts to place on top", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    for (const postId of ["p1", "p2"]) await publish(env, { type: "feed.posted", eventId: event.id, postId });

    const page = await connect(event.id, owner.token);

    expect(page.replayed).toEqual([{ type: "feed.refreshed", eventId: event.id }]);
    page.ws!.close();
  });
});
