import { onlineManager, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import { createElement, type ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { changeKeys } from "@web/lib/queries/query-keys";
import { useOfflineSince } from "./use-offline-since";

const client = new QueryClient();
const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
const open = (eventId: string) => renderHook(() => useOfflineSince(eventId), { wrapper });
const setOnline = (online: boolean) => act(() => onlineManager.setOnline(online));

describe("useOfflineSince", () => {
  afterEach(() => setOnline(true));

  it("keeps what the page knew offline through a reload that first believed it was online, until the server has answered", () => {
    client.setQueryData(changeKeys.event("ev-reload"), { changes: [], lastSeq: 4, seenSeq: 4 });
    setOnline(false);
    open("ev-reload").unmount();
    // A reload: the change log is not among what the device keeps (lib/offline-cache.ts).
    client.removeQueries({ queryKey: changeKeys.event("ev-reload") });

    // The reload offline starts from navigator.onLine, which still said online: its request for the changes fails.
    setOnline(true);
    const reloaded = open("ev-reload");
    expect(reloaded.result.current.since).toBe(4);
    setOnline(false);
    expect(reloaded.result.current.since).toBe(4);
    reloaded.unmount();

    // Back online for real, in a page that mounted again: the seq is still there, and goes once the server answered.
    const back = open("ev-reload");
    setOnline(true);
    expect(back.result.current.since).toBe(4);
    act(() => back.result.current.answered());
    back.unmount();
    expect(open("ev-reload").result.current.since).toBeNull();
  });

  it("forgets the seq when the person dismisses 'While you were offline'", () => {
    client.setQueryData(changeKeys.event("ev-dismiss"), { changes: [], lastSeq: 7, seenSeq: 7 });
    setOnline(false);
    const page = open("ev-dismiss");
    setOnline(true);
    expect(page.result.current.since).toBe(7);
    act(() => page.result.current.done());
    expect(page.result.current.since).toBeNull();
    page.unmount();
    expect(open("ev-dismiss").result.current.since).toBeNull();
  });
});
