import { act, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BANNER_DELAY_MS } from "@web/components/ui/download-banner";
import { LandingPage } from "./landing-page";

/** IntersectionObserver as the browser would call it: `show(element, visible)` reports a change for that element. */
function fakeIntersections() {
  const watchers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
  class FakeObserver {
    private readonly entry: { callback: IntersectionObserverCallback; targets: Element[] };
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, targets: [] };
      watchers.push(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.push(target);
    }
    disconnect() {
      this.entry.targets = [];
    }
  }
  vi.stubGlobal("IntersectionObserver", FakeObserver);
  return (target: Element, isIntersecting: boolean) =>
    act(() => {
      for (const { callback, targets } of watchers) {
        if (targets.includes(target)) callback([{ target, isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver);
      }
    });
}

describe("the landing page's download banner", () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("gives way while the download section, with its own badges and the footer, is on screen", () => {
    const show = fakeIntersections();
    render(
      <MemoryRouter>
        <LandingPage />
      </MemoryRouter>,
    );
    act(() => void vi.advanceTimersByTime(BANNER_DELAY_MS));
    const banner = () => screen.queryByRole("region", { name: "Download the app" });
    expect(banner()).not.toBeNull();

    const download = screen.getByTestId("landing-section-download");
    show(download, true);
    expect(banner()).toBeNull();
    expect(download.querySelectorAll("a[href*='apps.apple.com'], a[href*='play.google.com']")).toHaveLength(2);
    show(download, false);
    expect(banner()).not.toBeNull();
  });
});
