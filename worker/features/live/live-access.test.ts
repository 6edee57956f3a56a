import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PresenceMessage } from "@worker/live/protocol";
import { publish } from "@worker/live/publish";
import { eventRoom } from "@worker/live/room";
import { MAX_SOCKETS_PER_USER, TICKET_SPENT, TOO_MANY_SOCKETS } from "@worker/live/viewer";
import type { SocketAttachment } from "@worker/live/viewer";
import { logout, resetPasswordByOtp, verifiedCode } from "@worker/test/auth";
import { apiAs, errorOf, type Answer } from "@worker/test/client";
import { call, makeEvent, makeUser, newSession, addGuest, addHost } from "@worker/test/helpers";
import { connect, settle, listen } from "@worker/test/live";
import { TICKET_INVALID } from "./live.service";

afterEach(() => void vi.useRealTimers());

const EXPIRED = "Your session has expired. Please sign in again.";

const askForTicket = (eventId: string, token?: string) => apiAs(token).oapi.events[":eventId"]["live-ticket"].$post({ param: { eventId } });

async function ticketFor(eventId: string, token?: string) {
  const response = await askForTicket(eventId, token);
  expect(response.status).toBe(200);
  return response.json();
}

// The socket is raw HTTP (an Upgrade request), which the typed client does not send.
const open = (eventId: string, ticket: string, headers: Record<string, string> = {}) =>
  call(`/api/events/${eventId}/live?ticket=${encodeURIComponent(ticket)}`, { headers: { Upgrade: "websocket", ...headers } });

async function refusal(response: Answer & { webSocket?: WebSocket | null }) {
  response.webSocket?.close();
  return { status: response.status, error: await errorOf(response) };
}

describe("POST /oapi/events/:eventId/live-ticket", () => {
  it("answers { ticket, expiresAt } 60 s ahead, to signed-in and anonymous viewers of a public experience", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    for (const token of [owner.token, undefined]) {
      const body = await ticketFor(event.id, token);
      expect(Object.keys(body).sort()).toEqual(["expiresAt", "ticket"]);
      const ahead = Date.parse(body.expiresAt) - Date.now();
      expect(ahead).toBeGreaterThan(55_000);
      expect(ahead).toBeLessThanOrEqual(60_000);
    }
  });

  it("keeps the ticket opaque: the URL it travels in names neither the user nor the session", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    const { ticket } = await ticketFor(event.id, owner.token);
    const readable = ticket
      .split(".")
      .map((part) => {
        try {
          return atob(part.replace(/-/g, "+").replace(/_/g, "/"));
        } catch {
          return "";
        }
      })
      .join(" ");
    for (const secret of [owner.id, owner.sessionId]) {
      expect(ticket).not.toContain(secret);
      expect(readable).not.toContain(secret);
    }
  });

  it("answers 401 to a token whose session has ended, so the client refreshes instead of going on anonymous", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    await logout(owner.token);
    expect(await refusal(await askForTicket(event.id, owner.token))).toEqual({ status: 401, error: EXPIRED });
  });

  it("answers 404 'Event not found' for an unknown event", async () => {
    expect(await refusal(await askForTicket(crypto.randomUUID()))).toEqual({ status: 404, error: "Event not found" });
  });
});

describe("GET /api/events/:eventId/live?ticket=", () => {
  it("opens once per ticket: the same ticket again is refused", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    const { ticket } = await ticketFor(event.id, owner.token);
    const first = await open(event.id, ticket);
    expect(first.status).toBe(101);
    first.webSocket!.accept();
    expect(await refusal(await open(event.id, ticket))).toEqual({ status: 401, error: TICKET_SPENT });
    first.webSocket!.close();
  });

  it("opens only the event the ticket was issued for", async () => {
    const owner = await makeUser();
    const [event, other] = [await makeEvent(owner.id), await makeEvent(owner.id)];
    const { ticket } = await ticketFor(event.id, owner.token);
    expect(await refusal(await open(other.id, ticket))).toEqual({ status: 401, error: TICKET_INVALID });
  });

  it("refuses a ticket after its 60 seconds", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    const { ticket } = await ticketFor(event.id, owner.token);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 61_000);
    expect(await refusal(await open(event.id, ticket))).toEqual({ status: 401, error: TICKET_INVALID });
  });

  it("refuses a made-up ticket, an access token in its place, and no ticket at all", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    for (const ticket of ["not-a-ticket", owner.token]) {
      expect(await refusal(await open(event.id, ticket))).toEqual({ status: 401, error: TICKET_INVALID });
    }
    const bare = await call(`/api/events/${event.id}/live`, { headers: { Upgrade: "websocket" } });
    expect(await refusal(bare)).toEqual({ status: 400, error: "A live ticket is required" });
  });

  it("refuses the ticket of a session that ended before it was used", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    const { ticket } = await ticketFor(event.id, owner.token);
    await logout(owner.token);
    expect(await refusal(await open(event.id, ticket))).toEqual({ status: 401, error: EXPIRED });
  });

  it("refuses a socket opened from another site's page (Origin), and accepts this app's own", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    const foreign = await open(event.id, (await ticketFor(event.id)).ticket, { Origin: "https://evil.example" });
    expect(await refusal(foreign)).toEqual({ status: 403, error: "Live updates are only available on this site." });

    for (const origin of [env.APP_ORIGIN, "http://localhost"]) {
      const response = await open(event.id, (await ticketFor(event.id)).ticket, { Origin: origin });
      expect(response.status).toBe(101);
      response.webSocket!.accept();
      response.webSocket!.close();
    }
  });

  it(`refuses the ${MAX_SOCKETS_PER_USER + 1}th socket of one user on one event, and takes one again once another closes`, async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    const sockets = [];
    for (let i = 0; i < MAX_SOCKETS_PER_USER; i++) sockets.push(await connect(event.id, owner.token));
    expect(sockets.map((s) => s.response.status)).toEqual(Array(MAX_SOCKETS_PER_USER).fill(101));

    const extra = await connect(event.id, owner.token);
    expect(await refusal(extra.response)).toEqual({ status: 429, error: TOO_MANY_SOCKETS });
    expect((await connect(event.id)).response.status).toBe(101);

    sockets.pop()!.ws!.close();
    await settle();
    const again = await connect(event.id, owner.token);
    expect(again.response.status).toBe(101);
    for (const s of [...sockets, again]) s.ws!.close();
  });

  it("does not count the sockets of a session that has ended: a user who logged out and back in is not refused", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    const before = [];
    for (let i = 0; i < MAX_SOCKETS_PER_USER; i++) before.push(await connect(event.id, owner.token));
    await logout(owner.token);
    const { authToken } = await newSession(owner.id);

    const after = [];
    for (let i = 0; i < MAX_SOCKETS_PER_USER; i++) after.push(await connect(event.id, authToken));
    await settle();

    expect(after.map((s) => s.response.status)).toEqual(Array(MAX_SOCKETS_PER_USER).fill(101));
    expect(before.map((s) => s.closes)).toEqual(Array(MAX_SOCKETS_PER_USER).fill([4401]));
    expect(await refusal((await connect(event.id, authToken)).response)).toEqual({ status: 429, error: TOO_MANY_SOCKETS });
    for (const s of after) s.ws!.close();
  });

  it("answers its refusals with the same security headers as every other route", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    const refusals = [
      await apiAs().api.events[":eventId"].live.$get({ param: { eventId: event.id }, query: { ticket: "x" } }),
      await open(event.id, "not-a-ticket"),
      await open(event.id, (await ticketFor(event.id)).ticket, { Origin: "https://evil.example" }),
    ];
    expect(refusals.map((r) => r.status)).toEqual([426, 401, 403]);
    const reference = await askForTicket(event.id);
    for (const response of refusals) {
      for (const header of ["X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options"]) {
        expect(response.headers.get(header)).toBe(reference.headers.get(header));
        expect(response.headers.get(header)).not.toBeNull();
      }
    }
  });
});

describe("live sockets of a session that ends", () => {
  it("logout closes that session's sockets (code 4401) before they receive anything more; other sessions keep theirs", async () => {
    const owner = await makeUser();
    const otherDevice = await makeUser();
    const event = await makeEvent(owner.id, { privacy: "PRIVATE" });
    const here = await connect(event.id, owner.token);
    const elsewhere = await connect((await makeEvent(otherDevice.id)).id, otherDevice.token);

    await logout(owner.token);
    await publish(env, { type: "bulletin.changed", eventId: event.id });
    await settle();

    expect(here.messages).toEqual([]);
    expect(here.closes).toEqual([4401]);
    expect(elsewhere.closes).toEqual([]);
    elsewhere.ws!.close();
  });

  it("a password reset closes the sockets of the account's sessions, and leaves anonymous viewers alone", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    const first = await connect(event.id, owner.token);
    const viewer = await connect(event.id);

    const otpId = await verifiedCode(owner.email, "PASSWORD_RESET");
    const reset = await resetPasswordByOtp({ emailId: owner.email, password: "a brand new password", otpId });
    expect(reset.status).toBe(200);
    await publish(env, { type: "itinerary.changed", eventId: event.id });
    await settle();

    expect(first.closes).toEqual([4401]);
    expect(first.messages).toEqual([]);
    expect(viewer.messages).toEqual([{ type: "itinerary.changed", eventId: event.id }]);
    viewer.ws!.close();
  });
});

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
      state.getWebSockets().map((ws) => ws.deserializeAttachment() as SocketAttachment),
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
