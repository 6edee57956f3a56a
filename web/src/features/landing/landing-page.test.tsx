import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BANNER_DELAY_MS } from "@web/components/home-screen-banner/home-screen-banner";
import { readIn } from "@web/test/words";
import { LandingPage } from "./landing-page";

describe("the landing page", () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
  });

  it("advertises what the spec's landing names and exists, RSVPs and check-in among them", () => {
    render(
      <MemoryRouter>
        <LandingPage />
      </MemoryRouter>,
    );
    for (const feature of ["AI-powered itinerary", "RSVPs", "Check-in", "Document management", "Real-time updates", "Instant feedback"])
      expect(screen.getByRole("heading", { name: feature })).toBeTruthy();
  });

  it("promises only what exists: no app stores, no push notifications, no companion app", () => {
    render(
      <MemoryRouter>
        <LandingPage />
      </MemoryRouter>,
    );
    const text = document.body.textContent ?? "";
    for (const claim of [/App Store/i, /Google Play/i, /push notification/i, /iOS/, /Android/, /companion app/i])
      expect(text, String(claim)).not.toMatch(claim);
    expect(document.querySelectorAll("a[href*='apps.apple.com'], a[href*='play.google.com']")).toHaveLength(0);
    expect(screen.getByRole("heading", { name: "On every phone" })).toBeTruthy();
    expect(screen.getByTestId("landing-section-mobile").textContent).toContain("Nothing to install");
  });

  it("goes to the next section with the arrow that points forward: right, or left in a right-to-left language", async () => {
    await readIn("ar");
    render(
      <MemoryRouter>
        <LandingPage />
      </MemoryRouter>,
    );
    expect(screen.getByTestId("landing-dot-0").getAttribute("aria-current")).toBe("true");
    fireEvent.keyDown(window, { key: "ArrowLeft" });
    expect(screen.getByTestId("landing-dot-1").getAttribute("aria-current")).toBe("true");
    fireEvent.keyDown(window, { key: "ArrowRight" });
    expect(screen.getByTestId("landing-dot-0").getAttribute("aria-current")).toBe("true");
  });

  it("shows the home-screen banner 3 seconds after the first visit, and not once it was dismissed", () => {
    const view = render(
      <MemoryRouter>
        <LandingPage />
      </MemoryRouter>,
    );
    const banner = () => screen.queryByRole("region", { name: "Add to home screen" });
    expect(banner()).toBeNull();
    act(() => void vi.advanceTimersByTime(BANNER_DELAY_MS));
    fireEvent.click(within(banner()!).getByRole("button", { name: "Dismiss, and don't show this again" }));
    expect(banner()).toBeNull();
    view.unmount();

    localStorage.removeItem("cp.v1.downloadBannerShownAt");
    render(
      <MemoryRouter>
        <LandingPage />
      </MemoryRouter>,
    );
    act(() => void vi.advanceTimersByTime(BANNER_DELAY_MS * 2));
    expect(banner()).toBeNull();
  });
});
