import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { STORAGE_KEYS, storage } from "@web/lib/storage";
import { BANNER_DELAY_MS, BANNER_REPEAT_MS, BANNER_SPACE_VAR, DownloadBanner } from "./download-banner";

const START = new Date("2024-03-30T09:00:00Z").getTime();
const HOUR = 60 * 60 * 1000;

function banner() {
  return screen.queryByTestId("download-banner");
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe("DownloadBanner", () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
    vi.setSystemTime(START);
  });

  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
  });

  it("shows the download banner 3 seconds after the first visit", () => {
    expect(BANNER_DELAY_MS).toBe(3000);
    render(<DownloadBanner />);
    expect(banner()).toBeNull();

    advance(BANNER_DELAY_MS - 1);
    expect(banner()).toBeNull();

    advance(1);
    const region = screen.getByRole("region", { name: "Download the app" });
    expect(region).toBe(banner());
    expect(region.textContent).toContain("Get the Experiences app");
    const links = Array.from(region.querySelectorAll("a")).map((a) => a.getAttribute("href"));
    expect(links).toEqual([
      "https://apps.apple.com/app/experiences/id6450000000",
      "https://play.google.com/store/apps/details?id=app.experiences",
    ]);
    expect(storage.get<number>(STORAGE_KEYS.bannerShownAt)).toBe(START + BANNER_DELAY_MS);
  });

  it("does not show it again within 24 hours", () => {
    const first = render(<DownloadBanner />);
    advance(BANNER_DELAY_MS);
    expect(banner()).not.toBeNull();
    first.unmount();

    // A later visit, 23 hours after the banner appeared.
    vi.setSystemTime(START + BANNER_DELAY_MS + 23 * HOUR);
    render(<DownloadBanner />);
    advance(BANNER_DELAY_MS * 10);
    expect(banner()).toBeNull();
    expect(storage.get<number>(STORAGE_KEYS.bannerShownAt)).toBe(START + BANNER_DELAY_MS);
  });

  it("shows it again after 24 hours", () => {
    expect(BANNER_REPEAT_MS).toBe(24 * HOUR);
    storage.set(STORAGE_KEYS.bannerShownAt, START - BANNER_REPEAT_MS);

    render(<DownloadBanner />);
    advance(BANNER_DELAY_MS - 1);
    expect(banner()).toBeNull();
    advance(1);
    expect(banner()).not.toBeNull();
    expect(storage.get<number>(STORAGE_KEYS.bannerShownAt)).toBe(START + BANNER_DELAY_MS);
  });

  it("closes when the close button is pressed", () => {
    render(<DownloadBanner />);
    advance(BANNER_DELAY_MS);
    expect(banner()).not.toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Close download banner" }));
    expect(banner()).toBeNull();

    // Closing does not bring it back on the next tick.
    advance(BANNER_DELAY_MS);
    expect(banner()).toBeNull();
  });

  it("stays out of sight while the page shows the badges itself, and comes back after", () => {
    const view = render(<DownloadBanner hidden />);
    advance(BANNER_DELAY_MS);
    expect(banner()).toBeNull();
    view.rerender(<DownloadBanner hidden={false} />);
    expect(banner()).not.toBeNull();
    view.rerender(<DownloadBanner hidden />);
    expect(banner()).toBeNull();
  });

  it("publishes the room it takes from the bottom of the viewport as --download-banner-space, and takes it back when closed", () => {
    expect(BANNER_SPACE_VAR).toBe("--download-banner-space");
    const top = vi
      .spyOn(HTMLElement.prototype, "getBoundingClientRect")
      .mockReturnValue(new DOMRect(0, window.innerHeight - 131.5, 390, 131.5));
    const space = () => document.documentElement.style.getPropertyValue(BANNER_SPACE_VAR);
    render(<DownloadBanner />);
    expect(space()).toBe("");
    advance(BANNER_DELAY_MS);
    expect(space()).toBe("132px");
    fireEvent.click(screen.getByRole("button", { name: "Close download banner" }));
    expect(space()).toBe("");
    top.mockRestore();
  });
});
