import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import { createElement, type ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LIVE_MAX_RETRIES, useEventLive } from "./live";
import { STORAGE_KEYS, storage } from "./storage";

/** A browser WebSocket whose upgrade the server either accepts or refuses (the page sees only error + close). */
class FakeSocket extends EventTarget {
  static instances: FakeSocket[] = [];
  static refuse = true;
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readyState = FakeSocket.CONNECTING;
  binaryType = "blob";
  constructor(readonly url: string) {
    super();
    FakeSocket.instances.push(this);
    setTimeout(() => {
      if (this.readyState !== FakeSocket.CONNECTING) return;
      if (FakeSocket.refuse) {
        this.readyState = FakeSocket.CLOSED;
        this.dispatchEvent(new Event("error"));
        this.dispatchEvent(Object.assign(new Event("close"), { code: 1006, reason: "" }));
      } else {
        this.readyState = FakeSocket.OPEN;
        this.dispatchEvent(new Event("open"));
      }
    }, 10);
  }
  send() {}
  close() {
    this.readyState = FakeSocket.CLOSED;
  }
  receive(data: string) {
    this.dispatchEvent(new MessageEvent("message", { data }));
  }
}

function renderLive(eventId: string | undefined, options?: { enabled?: boolean }) {
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, "invalidateQueries");
  const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
  return { ...renderHook(() => useEventLive(eventId, options), { wrapper }), invalidate };
}

/** Lets every pending reconnection delay and connection attempt run. */
const runAttempts = () => act(async () => void (await vi.advanceTimersByTimeAsync(10 * 60_000)));

describe("useEventLive", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.instances = [];
    FakeSocket.refuse = true;
    vi.stubGlobal("WebSocket", FakeSocket);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("joins the event's live room and refreshes the queries a message names (participants)", async () => {
    FakeSocket.refuse = false;
    storage.set(STORAGE_KEYS.authToken, "tok");
    const { invalidate, unmount } = renderLive("ev1");
    await act(async () => void (await vi.advanceTimersByTimeAsync(50)));
    expect(FakeSocket.instances).toHaveLength(1);
    expect(FakeSocket.instances[0]!.url).toMatch(/^ws:\/\/[^/]+\/api\/events\/ev1\/live\?token=tok$/);
    act(() => FakeSocket.instances[0]!.receive(JSON.stringify({ type: "bulletin.changed", eventId: "ev1" })));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["bulletin", "ev1"] });
    unmount();
  });

  it("does not connect when it is not enabled (the public page of a PRIVATE event)", async () => {
    renderLive("ev1", { enabled: false });
    await runAttempts();
    expect(FakeSocket.instances).toHaveLength(0);
  });

  it("stops retrying after the server refuses the upgrade repeatedly", async () => {
    const { unmount } = renderLive("ev1");
    await runAttempts();
    // The first attempt and then LIVE_MAX_RETRIES retries, none after.
    expect(FakeSocket.instances).toHaveLength(1 + LIVE_MAX_RETRIES);
    await runAttempts();
    expect(FakeSocket.instances).toHaveLength(1 + LIVE_MAX_RETRIES);
    unmount();
  });

  it("tries again when the browser comes back online after giving up", async () => {
    const { unmount } = renderLive("ev1");
    await runAttempts();
    FakeSocket.refuse = false;
    act(() => void window.dispatchEvent(new Event("online")));
    await act(async () => void (await vi.advanceTimersByTimeAsync(50)));
    expect(FakeSocket.instances).toHaveLength(2 + LIVE_MAX_RETRIES);
    expect(FakeSocket.instances.at(-1)!.readyState).toBe(FakeSocket.OPEN);
    unmount();
  });

  it("stops at once and refetches the event when the server says access was revoked (code 4403)", async () => {
    FakeSocket.refuse = false;
    const { invalidate, unmount } = renderLive("ev1");
    await act(async () => void (await vi.advanceTimersByTimeAsync(50)));
    const socket = FakeSocket.instances[0]!;
    act(() => {
      socket.readyState = FakeSocket.CLOSED;
      socket.dispatchEvent(Object.assign(new Event("close"), { code: 4403, reason: "This experience is now private" }));
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["event", "ev1"] });
    await runAttempts();
    expect(FakeSocket.instances).toHaveLength(1);
    unmount();
  });

  it("closes the socket when the page leaves", async () => {
    FakeSocket.refuse = false;
    const { unmount } = renderLive("ev1");
    await act(async () => void (await vi.advanceTimersByTimeAsync(50)));
    unmount();
    expect(FakeSocket.instances[0]!.readyState).toBe(FakeSocket.CLOSED);
    await runAttempts();
    expect(FakeSocket.instances).toHaveLength(1);
  });
});
