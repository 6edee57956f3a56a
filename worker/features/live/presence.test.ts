import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { PresenceAttachment } from "@worker/live/presence";
import type { PresenceMessage } from "@worker/live/protocol";
import { eventRoom } from "@worker/live/publish";
import { addGuest, addHost, makeEvent, makeUser } from "@worker/test/helpers";
import { listen, settle } from "@worker/test/live";

type Socket = Awaited<ReturnType<typeof listen>>;

/** Waits (well past the presence window) until the socket's latest presence meets the check; answers it. */
async function presenceWhere(socket: Socket, check: (presence: PresenceMessage) => boolean): Promise<PresenceMessage> {
  for (let waited = 0; waited < 3000; waited += 50) {
    const latest = socket.presence.at(-1);
    if (latest && check(latest)) return latest;
    await settle();
  }
  throw new Error(`no such presence; the latest was ${JSON.stringify(socket.presence.at(-1))}`);
}

const editing = (activityId: string | null) => JSON.stringify({ type: "editing", activityId });

async function organisedEvent() {
  const owner = await makeUser({ firstName: "Olive", lastName: "Owner" });
  const host = await makeUser({ firstName: "Hal", lastName: "Host" });
  const event = await makeEvent(owner.id);
  await addHost(event.id, host.id);
  return { owner, host, event };
}

describe("presence in the event's room", () => {
  it("shows '2 viewing' with both organisers, then drops the one whose socket closed", async () => {
    const { owner, host, event } = await organisedEvent();
    const ownerPage = await listen(event.id, owner.token);
    const hostPage = await listen(event.id, host.token);

    const both = await presenceWhere(ownerPage, (p) => p.viewers === 2);
    expect(both.organisers!.map((o) => o.name)).toEqual(["Hal Host", "Olive Owner"]);

    hostPage.ws.close();
    const alone = await presenceWhere(ownerPage, (p) => p.viewers === 1);
    expect(alone.organisers!.map((o) => o.name)).toEqual(["Olive Owner"]);
    ownerPage.ws.close();
  });

  it("shows 'Hal Host is editing' an activity to the other organisers, and no longer once the form closes", async () => {
    const { owner, host, event } = await organisedEvent();
    const ownerPage = await listen(event.id, owner.token);
    const hostPage = await listen(event.id, host.token);
    await presenceWhere(ownerPage, (p) => p.viewers === 2);

    hostPage.ws.send(editing("activity-1"));
    const editingNow = await presenceWhere(ownerPage, (p) => p.organisers!.some((o) => o.editing));
    expect(editingNow.organisers!.find((o) => o.editing)).toMatchObject({ name: "Hal Host", editing: "activity-1", userId: host.id });

    hostPage.ws.send(editing(null));
    await presenceWhere(ownerPage, (p) => p.organisers!.every((o) => o.editing === null));
    for (const page of [ownerPage, hostPage]) page.ws.close();
  });

  it("ignores junk, an oversized message and a guest's editing message", async () => {
    const { owner, event } = await organisedEvent();
    const guest = await makeUser();
    await addGuest(event.id, guest);
    const ownerPage = await listen(event.id, owner.token);
    const guestPage = await listen(event.id, guest.token);
    await presenceWhere(ownerPage, (p) => p.viewers === 2);
    await new Promise((r) => setTimeout(r, 300));
    const heard = ownerPage.presence.length;

    for (const junk of [
      "not json",
      JSON.stringify({ type: "editing" }),
      JSON.stringify({ type: "editing", activityId: 7 }),
      JSON.stringify({ type: "editing", activityId: "a", extra: true }),
      JSON.stringify({ type: "editing", activityId: "x".repeat(300) }),
      editing("activity-1"),
    ])
      guestPage.ws.send(junk);
    await new Promise((r) => setTimeout(r, 400));

    expect(ownerPage.presence.length).toBe(heard);
    expect(ownerPage.presence.at(-1)!.organisers!.every((o) => o.editing === null)).toBe(true);
    for (const page of [ownerPage, guestPage]) page.ws.close();
  });

  it("names organisers to organisers only: a guest and an anonymous viewer see only how many are here", async () => {
    const { owner, event } = await organisedEvent();
    const guest = await makeUser();
    await addGuest(event.id, guest);
    const ownerPage = await listen(event.id, owner.token);
    const guestPage = await listen(event.id, guest.token);
    const anonymous = await listen(event.id);

    const seen = await presenceWhere(ownerPage, (p) => p.viewers === 3);
    expect(seen.organisers).toHaveLength(1);
    for (const page of [guestPage, anonymous]) {
      const counted = await presenceWhere(page, (p) => p.viewers === 3);
      expect(counted).toEqual({ type: "presence", eventId: event.id, viewers: 3 });
    }
    for (const page of [ownerPage, guestPage, anonymous]) page.ws.close();
  });

  it("keeps presence in the socket attachments, so it survives the room hibernating", async () => {
    const { owner, host, event } = await organisedEvent();
    const ownerPage = await listen(event.id, owner.token);
    const hostPage = await listen(event.id, host.token);
    await presenceWhere(ownerPage, (p) => p.viewers === 2);

    await evictDurableObject(eventRoom(env, event.id));
    const attachments = await runInDurableObject(eventRoom(env, event.id), (_room, state) =>
      state.getWebSockets().map((ws) => ws.deserializeAttachment() as PresenceAttachment),
    );
    expect(attachments.map((a) => a.person?.name).sort()).toEqual(["Hal Host", "Olive Owner"]);
    expect(attachments.every((a) => a.eventId === event.id && a.person?.organiser)).toBe(true);

    hostPage.ws.send(editing("activity-2"));
    const after = await presenceWhere(ownerPage, (p) => p.organisers!.some((o) => o.editing === "activity-2"));
    expect(after.organisers!.find((o) => o.editing)!.name).toBe("Hal Host");
    for (const page of [ownerPage, hostPage]) page.ws.close();
  });

  it("folds a burst of 20 joins into a few presence messages, the last counting everyone", async () => {
    const { owner, event } = await organisedEvent();
    const ownerPage = await listen(event.id, owner.token);
    await presenceWhere(ownerPage, (p) => p.viewers === 1);
    await new Promise((r) => setTimeout(r, 300));
    const before = ownerPage.presence.length;

    const crowd = await Promise.all(Array.from({ length: 20 }, () => listen(event.id)));
    await presenceWhere(ownerPage, (p) => p.viewers === 21);

    expect(ownerPage.presence.length - before).toBeLessThan(10);
    for (const page of [ownerPage, ...crowd]) page.ws.close();
  });
});
