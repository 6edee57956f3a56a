import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { LIVE_CLOSE } from "@worker/live/protocol";
import { publish } from "@worker/live/publish";
import { apiAs } from "@worker/test/client";
import { addGuest, makeEvent, makeUser } from "@worker/test/helpers";
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
    const waiting = await listen(event.id, asking.token);
    await publishBoth(event.id);
    expect(waiting.messages).toEqual([]);

    const request = (await storedRsvp(event.id, asking.id))!;
    expect((await hostAction(owner.token, event.id, "YES", [request.id])).status).toBe(200);
    await settle();
    expect(waiting.closes).toEqual([ROLE_CHANGED]);
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

    const waiting = await listen(event.id, asking.token);
    await publishBoth(event.id);
    expect(waiting.messages).toEqual([]);
    const request = (await storedRsvp(event.id, asking.id))!;
    expect((await hostAction(owner.token, event.id, "YES", [request.id])).status).toBe(200);
    await settle();
    expect(waiting.closes).toEqual([ROLE_CHANGED]);
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
