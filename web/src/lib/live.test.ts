import { act } from "@testing-library/react";
import { http, type PathParams } from "msw";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LIVE_CLOSE } from "@worker/live/protocol";
import { refuse, server, type ErrorBody } from "@web/test/server";
import { LIVE_MAX_RETRIES } from "./live";
import { FakeSocket, firstAttempt, renderLive, runAttempts, startLiveTest, stopLiveTest, ticketRequests } from "./live.test-support";
import { rsvpKeys } from "./query-keys";
import { STORAGE_KEYS, storage } from "./storage";

describe("useEventLive", () => {
  beforeEach(() => startLiveTest({ refuse: true }));
  afterEach(stopLiveTest);

  it("asks for a ticket with the session's token and joins the live room with it, never with the token", async () => {
    FakeSocket.refuse = false;
    storage.set(STORAGE_KEYS.authToken, "access-token");
    const { invalidate, unmount } = renderLive("ev1");
    await firstAttempt();
    expect(ticketRequests).toEqual([{ authorization: "Bearer access-token", eventId: "ev1" }]);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(FakeSocket.instances[0]!.url).toMatch(/^ws:\/\/[^/]+\/api\/events\/ev1\/live\?ticket=ticket-1$/);
    expect(FakeSocket.instances[0]!.url).not.toContain("access-token");

    act(() => FakeSocket.instances[0]!.receive(JSON.stringify({ type: "bulletin.changed", eventId: "ev1" })));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["bulletin", "ev1"] });
    // 'What changed since you last looked' is read afresh for its next showing.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["changes", "ev1"] });
    unmount();
  });

  it("refetches only the document list a live documents.changed names: the common one, or one guest's own", async () => {
    FakeSocket.refuse = false;
    const { invalidate, unmount } = renderLive("ev1");
    await firstAttempt();
    act(() => FakeSocket.instances[0]!.receive(JSON.stringify({ type: "documents.changed", eventId: "ev1", owner: "common" })));
    expect(invalidate.mock.calls).toEqual([[{ queryKey: ["documents", "ev1", "common"] }]]);
    invalidate.mockClear();
    act(() => FakeSocket.instances[0]!.receive(JSON.stringify({ type: "documents.changed", eventId: "ev1", owner: "grace-guid" })));
    expect(invalidate.mock.calls).toEqual([[{ queryKey: ["documents", "ev1", "grace-guid"] }]]);
    unmount();
  });

  it("asks anonymously when nobody is signed in (the public page of a public experience)", async () => {
    FakeSocket.refuse = false;
    const { unmount } = renderLive("ev1");
    await firstAttempt();
    expect(ticketRequests).toEqual([{ authorization: null, eventId: "ev1" }]);
    expect(FakeSocket.instances[0]!.url).toMatch(/\?ticket=ticket-1$/);
    unmount();
  });

  it("asks for a fresh ticket before every reconnect, e.g. after its session ended (code 4401)", async () => {
    FakeSocket.refuse = false;
    const { unmount } = renderLive("ev1");
    await firstAttempt();
    act(() => FakeSocket.instances[0]!.closeWith(4401, "Your session has ended"));
    await runAttempts();
    expect(FakeSocket.instances).toHaveLength(2);
    expect(ticketRequests).toHaveLength(2);
    expect(FakeSocket.instances[1]!.url).toMatch(/\?ticket=ticket-2$/);
    expect(FakeSocket.instances[1]!.readyState).toBe(FakeSocket.OPEN);
    unmount();
  });

  it("does not connect when it is not enabled (the public page of a PRIVATE event)", async () => {
    renderLive("ev1", { enabled: false });
    await runAttempts();
    expect(ticketRequests).toHaveLength(0);
    expect(FakeSocket.instances).toHaveLength(0);
  });

  it("stops at once, and refetches the event, when the ticket is refused with 404", async () => {
    server.use(http.post<PathParams, never, ErrorBody>("/oapi/events/:eventId/live-ticket", () => refuse(404, "Event not found")));
    const { invalidate, unmount } = renderLive("ev1");
    await runAttempts();
    expect(FakeSocket.instances).toHaveLength(0);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["event", "ev1"] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["public-itinerary", "ev1"] });
    unmount();
  });

  it("stops retrying after the server refuses the upgrade repeatedly", async () => {
    const { unmount } = renderLive("ev1");
    await runAttempts();
    // The first attempt and then LIVE_MAX_RETRIES retries, none after, each with a ticket of its own.
    expect(FakeSocket.instances).toHaveLength(1 + LIVE_MAX_RETRIES);
    expect(new Set(FakeSocket.instances.map((s) => s.url)).size).toBe(1 + LIVE_MAX_RETRIES);
    await runAttempts();
    expect(FakeSocket.instances).toHaveLength(1 + LIVE_MAX_RETRIES);
    unmount();
  });

  it("tries again when the browser comes back online after giving up", async () => {
    const { unmount } = renderLive("ev1");
    await runAttempts();
    FakeSocket.refuse = false;
    act(() => void window.dispatchEvent(new Event("online")));
    await firstAttempt();
    expect(FakeSocket.instances).toHaveLength(2 + LIVE_MAX_RETRIES);
    expect(FakeSocket.instances.at(-1)!.readyState).toBe(FakeSocket.OPEN);
    unmount();
  });

  it("stops at once and refetches the event when the server says access was revoked (code 4403)", async () => {
    FakeSocket.refuse = false;
    const { invalidate, unmount } = renderLive("ev1");
    await firstAttempt();
    act(() => FakeSocket.instances[0]!.closeWith(4403, "This experience is now private"));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["event", "ev1"] });
    await runAttempts();
    expect(FakeSocket.instances).toHaveLength(1);
    expect(ticketRequests).toHaveLength(1);
    unmount();
  });

  it("refetches the event, the caller's own RSVP and the attendee list, and reconnects with a new ticket, when the caller's place changed (code 4409)", async () => {
    FakeSocket.refuse = false;
    const { invalidate, unmount } = renderLive("ev1");
    await firstAttempt();
    act(() => FakeSocket.instances[0]!.closeWith(LIVE_CLOSE.roleChanged.code, LIVE_CLOSE.roleChanged.reason));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["event", "ev1"] });
    // The RSVP prefix: the caller's own RSVP and the attendee list together.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["rsvp", "ev1"] });
    await runAttempts();
    expect(ticketRequests).toHaveLength(2);
    expect(FakeSocket.instances).toHaveLength(2);
    expect(FakeSocket.instances[1]!.url).toMatch(/\?ticket=ticket-2$/);
    expect(FakeSocket.instances[1]!.readyState).toBe(FakeSocket.OPEN);
    unmount();
  });

  it("refetches the event and the caller's RSVP in place, keeping its socket, when their own answer left what they follow as it was (place.changed)", async () => {
    FakeSocket.refuse = false;
    const { invalidate, unmount } = renderLive("ev1");
    await firstAttempt();
    act(() => FakeSocket.instances[0]!.receive(JSON.stringify({ type: "place.changed", eventId: "ev1" })));
    expect(invalidate.mock.calls).toEqual([[{ queryKey: ["event", "ev1"] }], [{ queryKey: ["rsvp", "ev1"] }]]);
    await runAttempts();
    expect(ticketRequests).toHaveLength(1);
    expect(FakeSocket.instances).toHaveLength(1);
    unmount();
  });

  it("after its ticket was refused, tries once more when the caller's own RSVP changes (a stranger asked to join a private experience)", async () => {
    FakeSocket.refuse = false;
    server.use(
      http.post<PathParams, never, ErrorBody>("/oapi/events/:eventId/live-ticket", () => refuse(404, "Event not found"), { once: true }),
    );
    const { client, unmount } = renderLive("ev1");
    client.setQueryData(rsvpKeys.self("ev1"), { rsvp: null });
    await runAttempts();
    expect(FakeSocket.instances).toHaveLength(0);

    act(() => void client.setQueryData(rsvpKeys.self("ev1"), { rsvp: null }));
    await runAttempts();
    expect(FakeSocket.instances, "the same RSVP: still stopped").toHaveLength(0);

    act(
      () => void client.setQueryData(rsvpKeys.self("ev1"), { rsvp: { id: "r1", status: "HOST_APPROVAL_REQUESTED", onboardStatus: null } }),
    );
    await runAttempts();
    expect(FakeSocket.instances).toHaveLength(1);
    expect(FakeSocket.instances[0]!.url).toMatch(/\?ticket=ticket-1$/);
    expect(FakeSocket.instances[0]!.readyState).toBe(FakeSocket.OPEN);
    unmount();
  });

  it("closes the socket when the page leaves", async () => {
    FakeSocket.refuse = false;
    const { unmount } = renderLive("ev1");
    await firstAttempt();
    unmount();
    expect(FakeSocket.instances[0]!.readyState).toBe(FakeSocket.CLOSED);
    await runAttempts();
    expect(FakeSocket.instances).toHaveLength(1);
  });
});
