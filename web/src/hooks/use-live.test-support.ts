import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { createElement, type ReactNode } from "react";
import { vi } from "vitest";
import { server } from "@web/test/server";
import type { LiveTicket } from "@worker/features/live/live.schema";
import { useExperienceLive } from "./use-live";

/** A browser WebSocket whose upgrade the server either accepts or refuses (the page sees only error + close). */
export class FakeSocket extends EventTarget {
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
  /** The server closes the socket with this code. */
  closeWith(code: number, reason = "") {
    this.readyState = FakeSocket.CLOSED;
    this.dispatchEvent(Object.assign(new Event("close"), { code, reason }));
  }
}

/** Every ticket the page asked for: the bearer it sent (null when anonymous), for which event. */
export const ticketRequests: { authorization: string | null; eventId: string }[] = [];

/** Fake timers, a fake WebSocket that accepts (or, with `refuse`, refuses) every upgrade, and a ticket for every request; undone by stopLiveTest. */
export function startLiveTest({ refuse }: { refuse: boolean }) {
  vi.useFakeTimers();
  FakeSocket.instances = [];
  FakeSocket.refuse = refuse;
  ticketRequests.length = 0;
  vi.stubGlobal("WebSocket", FakeSocket);
  server.use(
    http.post<{ eventId: string }, never, LiveTicket>("/oapi/events/:eventId/live-ticket", ({ request, params }) => {
      ticketRequests.push({ authorization: request.headers.get("Authorization"), eventId: params.eventId });
      return HttpResponse.json({ ticket: `ticket-${ticketRequests.length}`, expiresAt: new Date(Date.now() + 60_000).toISOString() });
    }),
  );
}

export function stopLiveTest() {
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
}

/** The page's live hook, with a query client whose invalidations are recorded. */

export function renderLive(eventId: string | undefined, options?: { enabled?: boolean }) {
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, "invalidateQueries");
  const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
  return { ...renderHook(() => useExperienceLive(eventId, options), { wrapper }), invalidate, client };
}

/** Lets the first ticket request and connection attempt run. */
export const firstAttempt = () => act(async () => void (await vi.advanceTimersByTimeAsync(50)));
/** Lets every pending reconnection delay, ticket request and connection attempt run. */
export const runAttempts = () => act(async () => void (await vi.advanceTimersByTimeAsync(10 * 60_000)));
