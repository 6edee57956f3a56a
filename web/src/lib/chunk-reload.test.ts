import { afterEach, describe, expect, it, vi } from "vitest";
import { reloadOnceForMissingChunk, reloadOnMissingChunks } from "./chunk-reload";
import { reloadPage } from "./reload-page";

vi.mock("./reload-page", () => ({ reloadPage: vi.fn() }));

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
  vi.mocked(reloadPage).mockClear();
});

describe("a chunk that a deploy replaced", () => {
  it("reloads the page once, not again when the reloaded page fails too, and again after a while", () => {
    expect(reloadOnceForMissingChunk(1_000_000)).toBe(true);
    expect(reloadOnceForMissingChunk(1_004_000)).toBe(false);
    expect(reloadPage).toHaveBeenCalledOnce();
    expect(reloadOnceForMissingChunk(1_020_000)).toBe(true);
    expect(reloadPage).toHaveBeenCalledTimes(2);
  });

  it("reloads on Vite's preload error instead of letting the import fail, once", () => {
    reloadOnMissingChunks();
    const first = new Event("vite:preloadError", { cancelable: true });
    window.dispatchEvent(first);
    expect(first.defaultPrevented).toBe(true);
    const second = new Event("vite:preloadError", { cancelable: true });
    window.dispatchEvent(second);
    expect(second.defaultPrevented).toBe(false);
    expect(reloadPage).toHaveBeenCalledOnce();
  });

  it("never reloads offline, where a reload would lose the page instead of saying it could not be loaded", () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    expect(reloadOnceForMissingChunk(1_000_000)).toBe(false);
    const event = new Event("vite:preloadError", { cancelable: true });
    reloadOnMissingChunks();
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(reloadPage).not.toHaveBeenCalled();
  });
});
