import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, renderHook, render } from "@testing-library/react";
import { http, type PathParams } from "msw";
import { createElement, type ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { rsvpKeys, bulletinKeys, experienceKeys, feedKeys } from "@web/lib/queries/query-keys";
import { STORAGE_KEYS, storage } from "@web/lib/storage";
import { aPublicItinerary, anExperience } from "@web/test/fixtures";
import { refuse, server, type ErrorBody } from "@web/test/server";
import { LIVE_CLOSE, type LiveMessage } from "@worker/live/protocol";
import { LIVE_MAX_RETRIES, LIVE_RECONNECT_CAP_MS, reconnectDelay, useExperienceLive, useLiveMessages, type LiveNotice } from "./use-live";
import { FakeSocket, firstAttempt, renderLive, runAttempts, startLiveTest, stopLiveTest, ticketRequests } from "./use-live.test-support";
import { itineraryMeta, usePageMeta, type PageMeta } from "./use-page-meta";

/** The page shows the experience and its share page's answer (read before the socket's ticket was refused). */
function showing(client: QueryClient, eventId: string) {
  client.setQueryData(experienceKeys.detail(eventId), anExperience({ id: eventId }));
  client.setQueryData(experienceKeys.publicItinerary(eventId), aPublicItinerary({ id: eventId }));
}
describe("useExperienceLive", () => {
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
    const { client, invalidate, unmount } = renderLive("ev1");
    showing(client, "ev1");
    await runAttempts();
    expect(FakeSocket.instances).toHaveLength(0);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["event", "ev1"] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["public-itinerary", "ev1"] });
    unmount();
  });

  it("keeps the page's 'Event not found' when the ticket is refused for an experience the page could not read", async () => {
    server.use(http.post<PathParams, never, ErrorBody>("/oapi/events/:eventId/live-ticket", () => refuse(404, "Event not found")));
    const { invalidate, unmount } = renderLive("gone");
    await runAttempts();
    expect(FakeSocket.instances).toHaveLength(0);
    expect(invalidate).not.toHaveBeenCalled();
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
    const { client, invalidate, unmount } = renderLive("ev1");
    showing(client, "ev1");
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

describe("useExperienceLive after a reconnect", () => {
  beforeEach(() => {
    startLiveTest({ refuse: false });
    serverName = "Before";
    for (const name of Object.keys(fetches)) delete fetches[name];
  });
  afterEach(stopLiveTest);

  it("refetches every query of the event (its tabs' too), so a change made while it was disconnected appears; the first connect and other events refetch nothing", async () => {
    const { result, unmount } = renderPage(() => {
      useExperienceLive("ev1");
      return {
        event: useQuery({ queryKey: experienceKeys.detail("ev1"), queryFn: read("event", () => serverName) }),
        bulletin: useQuery({ queryKey: bulletinKeys.event("ev1"), queryFn: read("bulletin", () => "b") }),
        feed: useQuery({ queryKey: feedKeys.event("ev1"), queryFn: read("feed", () => "f") }),
        documents: useQuery({ queryKey: ["documents", "ev1", "common"], queryFn: read("documents", () => "d") }),
        otherEvent: useQuery({ queryKey: experienceKeys.detail("ev2"), queryFn: read("other", () => "o") }),
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
      useExperienceLive("ev1");
      return useQuery({ queryKey: experienceKeys.detail("ev1"), queryFn: read("event", () => serverName) });
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
    const { unmount } = renderPage(() => useExperienceLive("ev1"));
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
      useExperienceLive("ev1");
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

function Page({ meta }: { meta: PageMeta | null }) {
  usePageMeta(meta);
  return null;
}

const content = (selector: string) => document.head.querySelector(selector)?.getAttribute("content");

describe("usePageMeta", () => {
  it("sets the itinerary's title, description and share image, and puts the old ones back", () => {
    document.title = "Experiences";
    const view = render(
      <Page meta={{ title: "Lisbon offsite", description: "Mar 12 – Mar 14, 2027 · 3 days", image: "/files/f1?e=1&s=x" }} />,
    );
    expect(document.title).toBe("Lisbon offsite · Experiences");
    expect(content('meta[name="description"]')).toBe("Mar 12 – Mar 14, 2027 · 3 days");
    expect(content('meta[property="og:title"]')).toBe("Lisbon offsite");
    expect(content('meta[property="og:image"]')).toBe(`${location.origin}/files/f1?e=1&s=x`);
    view.unmount();
    expect(document.title).toBe("Experiences");
    expect(document.head.querySelector('meta[property="og:image"]')).toBeNull();
  });

  it("changes nothing until the page knows its title", () => {
    document.title = "Experiences";
    render(<Page meta={null} />);
    expect(document.title).toBe("Experiences");
  });
});

describe("itineraryMeta", () => {
  const event = {
    name: "Alps Retreat",
    description: "",
    startTime: "2027-03-12T00:00:00.000Z",
    endTime: "2027-03-15T00:00:00.000Z",
    image: null,
    programs: [{}, {}, {}],
  } as never;

  it("describes an experience without a description as the share tags do: '3-day itinerary · Mar 12 – Mar 14, 2027'", () => {
    expect(itineraryMeta(event)).toEqual({
      title: "Alps Retreat",
      description: "3-day itinerary · Mar 12 – Mar 14, 2027",
      image: undefined,
    });
  });

  it("prefers the experience's own description", () => {
    expect(itineraryMeta({ ...(event as object), description: "Skiing and fondue" } as never).description).toBe("Skiing and fondue");
  });
});
