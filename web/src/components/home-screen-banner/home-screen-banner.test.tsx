import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { STORAGE_KEYS, storage } from "@web/lib/storage";
import { BANNER_DELAY_MS, BANNER_REPEAT_MS, BANNER_SPACE_VAR, HomeScreenBanner, HomeScreenBar } from "./home-screen-banner";

const START = new Date("2024-03-30T09:00:00Z").getTime();
const HOUR = 60 * 60 * 1000;
const DISMISS = "Dismiss, and don't show this again";

function banner() {
  return screen.queryByTestId("home-screen-banner");
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe("HomeScreenBanner", () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
    vi.setSystemTime(START);
  });

  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
  });

  it("shows 'Keep Experiences one tap away' 3 seconds after the first visit, and promises no app store", () => {
    expect(BANNER_DELAY_MS).toBe(3000);
    render(<HomeScreenBanner />);
    expect(banner()).toBeNull();

    advance(BANNER_DELAY_MS - 1);
    expect(banner()).toBeNull();

    advance(1);
    const region = screen.getByRole("region", { name: "Add to home screen" });
    expect(region).toBe(banner());
    expect(region.textContent).toContain("Keep Experiences one tap away");
    expect(region.textContent).toContain("choose Add to Home Screen");
    expect(region.querySelectorAll("a")).toHaveLength(0);
    expect(region.textContent).not.toMatch(/App Store|Google Play|download/i);
    expect(storage.get<number>(STORAGE_KEYS.bannerShownAt)).toBe(START + BANNER_DELAY_MS);
  });

  it("does not show it again within 24 hours", () => {
    const first = render(<HomeScreenBanner />);
    advance(BANNER_DELAY_MS);
    expect(banner()).not.toBeNull();
    first.unmount();

    // A later visit, 23 hours after the banner appeared.
    vi.setSystemTime(START + BANNER_DELAY_MS + 23 * HOUR);
    render(<HomeScreenBanner />);
    advance(BANNER_DELAY_MS * 10);
    expect(banner()).toBeNull();
    expect(storage.get<number>(STORAGE_KEYS.bannerShownAt)).toBe(START + BANNER_DELAY_MS);
  });

  it("shows it again after 24 hours when it was not dismissed", () => {
    expect(BANNER_REPEAT_MS).toBe(24 * HOUR);
    storage.set(STORAGE_KEYS.bannerShownAt, START - BANNER_REPEAT_MS);

    render(<HomeScreenBanner />);
    advance(BANNER_DELAY_MS - 1);
    expect(banner()).toBeNull();
    advance(1);
    expect(banner()).not.toBeNull();
    expect(storage.get<number>(STORAGE_KEYS.bannerShownAt)).toBe(START + BANNER_DELAY_MS);
  });

  it("never shows again on this browser once dismissed, not even days later", () => {
    const first = render(<HomeScreenBanner />);
    advance(BANNER_DELAY_MS);
    fireEvent.click(screen.getByRole("button", { name: DISMISS }));
    expect(banner()).toBeNull();
    expect(storage.get<boolean>(STORAGE_KEYS.bannerDismissed)).toBe(true);
    first.unmount();

    vi.setSystemTime(START + 30 * 24 * HOUR);
    render(<HomeScreenBanner />);
    advance(BANNER_DELAY_MS * 10);
    expect(banner()).toBeNull();
  });

  it("publishes the room it takes from the bottom of the viewport as --home-screen-banner-space, and takes it back when dismissed", () => {
    expect(BANNER_SPACE_VAR).toBe("--home-screen-banner-space");
    const top = vi
      .spyOn(HTMLElement.prototype, "getBoundingClientRect")
      .mockReturnValue(new DOMRect(0, window.innerHeight - 131.5, 390, 131.5));
    const space = () => document.documentElement.style.getPropertyValue(BANNER_SPACE_VAR);
    render(<HomeScreenBanner />);
    expect(space()).toBe("");
    advance(BANNER_DELAY_MS);
    expect(space()).toBe("132px");
    fireEvent.click(screen.getByRole("button", { name: DISMISS }));
    expect(space()).toBe("");
    top.mockRestore();
  });
});

describe("HomeScreenBar", () => {
  afterEach(() => localStorage.clear());

  it("shows nothing where the banner was dismissed before", () => {
    storage.set(STORAGE_KEYS.bannerDismissed, true);
    render(<HomeScreenBar onClose={() => {}} />);
    expect(banner()).toBeNull();
  });

  it("remembers a dismissal and tells the page it closed", () => {
    const onClose = vi.fn();
    render(<HomeScreenBar onClose={onClose} />);
    fireEvent.click(screen.getByRole("button", { name: DISMISS }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(storage.get<boolean>(STORAGE_KEYS.bannerDismissed)).toBe(true);
  });
});
