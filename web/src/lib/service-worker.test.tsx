import { act, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Toaster } from "@web/components/ui/toast";
import { reloadPage } from "./reload-page";
import { registerServiceWorker, UPDATE_AVAILABLE } from "./service-worker";

vi.mock("./reload-page", () => ({ reloadPage: vi.fn() }));

/** workbox-window's Workbox, standing in for the browser's service worker container. */
const workbox = vi.hoisted(() => {
  const listeners = new Map<string, ((event: unknown) => void)[]>();
  return {
    created: [] as { url: string; options: unknown }[],
    registration: { scope: "/" },
    listeners,
    fire: (type: string) => listeners.get(type)?.forEach((listener) => listener({ type })),
    messageSkipWaiting: vi.fn(),
  };
});
vi.mock("workbox-window", () => ({
  Workbox: class {
    constructor(url: string, options: unknown) {
      workbox.created.push({ url, options });
    }
    addEventListener(type: string, listener: (event: unknown) => void) {
      workbox.listeners.set(type, [...(workbox.listeners.get(type) ?? []), listener]);
    }
    register = () => Promise.resolve(workbox.registration);
    messageSkipWaiting = workbox.messageSkipWaiting;
  },
}));

describe("the app's service worker", () => {
  it("registers /sw.js for the whole site once, however often it is asked", async () => {
    Object.defineProperty(navigator, "serviceWorker", { value: {}, configurable: true });
    expect(await registerServiceWorker()).toBe(workbox.registration);
    expect(await registerServiceWorker()).toBe(workbox.registration);
    expect(workbox.created).toEqual([{ url: "/sw.js", options: { scope: "/" } }]);
  });

  it(`shows '${UPDATE_AVAILABLE}' when a new build waits; 'Reload' lets it take over, then reloads the page once`, async () => {
    render(<Toaster />);
    await registerServiceWorker();
    act(() => workbox.fire("waiting"));
    expect(screen.getByRole("status").textContent).toContain(UPDATE_AVAILABLE);
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();

    act(() => screen.getByRole("button", { name: "Reload" }).click());
    expect(workbox.messageSkipWaiting).toHaveBeenCalledOnce();
    expect(reloadPage).not.toHaveBeenCalled();
    expect(screen.queryByText(UPDATE_AVAILABLE)).toBeNull();

    workbox.fire("controlling");
    workbox.fire("controlling");
    expect(reloadPage).toHaveBeenCalledOnce();
  });

  it("reloads anyway when no worker takes over within 3 seconds after 'Reload', never leaving a dead button", async () => {
    vi.mocked(reloadPage).mockClear();
    vi.useFakeTimers();
    render(<Toaster />);
    await registerServiceWorker();
    act(() => workbox.fire("waiting"));
    act(() => screen.getByRole("button", { name: "Reload" }).click());
    act(() => vi.advanceTimersByTime(2999));
    expect(reloadPage).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(reloadPage).toHaveBeenCalledOnce();
    vi.useRealTimers();
  });

  it("registers only 3 seconds after the page has loaded, so the precache does not compete with the page", async () => {
    vi.resetModules();
    const fresh = await import("./service-worker");
    const before = workbox.created.length;
    vi.useFakeTimers();
    fresh.registerServiceWorkerWhenSettled();
    vi.advanceTimersByTime(2999);
    expect(workbox.created.length).toBe(before);
    vi.advanceTimersByTime(1);
    expect(workbox.created.length).toBe(before + 1);
    vi.useRealTimers();
  });
});
