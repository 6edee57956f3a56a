import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import { createElement, type ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LiveMessage } from "@worker/live/protocol";
import { LIVE_RECONNECT_CAP_MS, reconnectDelay, useEventLive, useLiveMessages, type LiveNotice } from "./live";
import { FakeSocket, firstAttempt, runAttempts, startLiveTest, stopLiveTest, ticketRequests } from "./live.test-support";
import { bulletinKeys, eventKeys, feedKeys } from "./query-keys";

/** What the server holds, and how often each query asked for it. */
let serverName = "";
const fetches: Record<string, number> = {};
const read = (name: string, value: () => string) => () => {
  fetches[name] = (fetches[name] ?? 0) + 1;
  return value();
};

function renderPage<T>(run: () => T) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidate = vi.spyOn(client, "invalidateQueries");
  const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
  return { ...renderHook(run, { wrapper }), client, invalidate };
}

/** The server drops the socket (a deploy, a network change) and the page reconnects. */
async function dropAndReconnect() {
  act(() => FakeSocket.instances.at(-1)!.closeWith(1006));
  await runAttempts();
}

const like = (eventId: string, likesCount: number): LiveMessage => ({ type: "like.changed", eventId, postId: "p1", likesCount });

describe("useEventLive after a reconnect", () => {
  beforeEach(() => {
    startLiveTest({ refuse: false });
    serverName = "Before";
    for (const name of Object.keys(fetches)) delete fetches[name];
  });
  afterEach(stopLiveTest);

  it("refetches every query of the event (its tabs' too), so a change made while it was disconnected appears; the first connect and other events refetch nothing", async () => {
    const { result, unmount } = renderPage(() => {
      useEventLive("ev1");
      return {
        event: useQuery({ queryKey: eventKeys.detail("ev1"), queryFn: read("event", () => serverName) }),
        bulletin: useQuery({ queryKey: bulletinKeys.event("ev1"), queryFn: read("bulletin", () => "b") }),
        feed: useQuery({ queryKey: feedKeys.event("ev1"), queryFn: read("feed", () => "f") }),
        documents: useQuery({ queryKey: ["documents", "ev1", "common"], queryFn: read("documents", () => "d") }),
        otherEvent: useQuery({ queryKey: eventKeys.detail("ev2"), queryFn: read("other", () => "o") }),
      };
    });
    await firstAttempt();
    expect(FakeSocket.instances[0]!.readyState).toBe(FakeSocket.OPEN);
    expect(result.current.event.data).toBe("Before");
    expect(fetches).toEqual({ event: 1, bulletin: 1, feed: 1, documents: 1, other: 1 });

    act(() => FakeSocket.instances[0]!.closeWith(1006));
    serverName = "After";
    await runAttempts();

    expect(FakeSocket.instances).toHaveLength(2);
    expect(FakeSocket.instances[1]!.readyState).toBe(FakeSocket.OPEN);
    expect(result.current.event.data).toBe("After");
    expect(fetches).toEqual({ event: 2, bulletin: 2, feed: 2, documents: 2, other: 1 });
    unmount();
  });

  it("catches up too when the first connection only opened after failed attempts", async () => {
    FakeSocket.refuse = true;
    const { result, unmount } = renderPage(() => {
      useEventLive("ev1");
      return useQuery({ queryKey: eventKeys.detail("ev1"), queryFn: read("event", () => serverName) });
    });
    await firstAttempt();
    serverName = "After";
    FakeSocket.refuse = false;
    await runAttempts();

    expect(FakeSocket.instances.at(-1)!.readyState).toBe(FakeSocket.OPEN);
    expect(result.current.data).toBe("After");
    unmount();
  });

  it("waits a random time before asking for the next ticket (full jitter): with a draw of 0.5, half of the first second", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0.5);
    const { unmount } = renderPage(() => useEventLive("ev1"));
    await firstAttempt();
    expect(ticketRequests).toHaveLength(1);

    act(() => FakeSocket.instances[0]!.closeWith(1006));
    await act(async () => void (await vi.advanceTimersByTimeAsync(490)));
    expect(ticketRequests, "still waiting").toHaveLength(1);
    await act(async () => void (await vi.advanceTimersByTimeAsync(60)));
    expect(ticketRequests).toHaveLength(2);
    unmount();
  });
});

describe("reconnectDelay", () => {
  it("is zero for the first attempt, then a random share of 1 s, 2 s, 4 s ... never above 30 s", () => {
    const highest = () => 0.999_999;
    expect(reconnectDelay(0, highest)).toBe(0);
    expect([1, 2, 3, 4, 5].map((attempt) => reconnectDelay(attempt, highest))).toEqual([999, 1999, 3999, 7999, 15_999]);
    expect(reconnectDelay(6, highest)).toBe(LIVE_RECONNECT_CAP_MS - 1);
    expect(reconnectDelay(40, highest)).toBe(LIVE_RECONNECT_CAP_MS - 1);
    expect(reconnectDelay(3, () => 0)).toBe(0);
  });
});

describe("useLiveMessages", () => {
  beforeEach(() => startLiveTest({ refuse: false }));
  afterEach(stopLiveTest);

  it("hands a feature each message of its event once the feed is marked stale (never refetched under the reader), and live.reconnected after a catch-up", async () => {
    const heard: { notice: LiveNotice; feedWasStale: boolean | undefined }[] = [];
    const elsewhere: LiveNotice[] = [];
    const { client, invalidate, unmount } = renderPage(() => {
      useEventLive("ev1");
      useLiveMessages("ev1", (notice) => heard.push({ notice, feedWasStale: client.getQueryState(feedKeys.event("ev1"))?.isInvalidated }));
      useLiveMessages("ev2", (notice) => elsewhere.push(notice));
    });
    client.setQueryData(feedKeys.event("ev1"), "page");
    await firstAttempt();

    act(() => FakeSocket.instances[0]!.receive(JSON.stringify(like("ev1", 3))));
    expect(heard).toEqual([{ notice: like("ev1", 3), feedWasStale: true }]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["feed", "ev1"], refetchType: "none" });
    expect(invalidate).not.toHaveBeenCalledWith({ queryKey: ["feed", "ev1"] });

    await dropAndReconnect();
    expect(heard.at(-1)!.notice).toEqual({ type: "live.reconnected", eventId: "ev1" });
    expect(elsewhere).toEqual([]);

    unmount();
    act(() => FakeSocket.instances.at(-1)!.receive(JSON.stringify(like("ev1", 4))));
    expect(heard).toHaveLength(2);
  });
});
