import { act, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setTimeView } from "@web/hooks/use-time-view";
import { aDay, anActivity, timed } from "@web/test/fixtures";
import { readerIn } from "@web/test/viewer-zone";
import { NextUpCard } from "./next-up-card";

// A Lisbon weekend, 12–14 March 2027 (Lisbon is on UTC then): a walk at 09:00 and dinner at 19:00 on the first day.
const walk = anActivity({ id: "walk", name: "Old town walk", location: "Alfama", timeZone: "Europe/Lisbon" });
const dinner = anActivity({ id: "dinner", name: "Dinner", ...timed("2027-03-12T19:00", "2027-03-12T21:00"), timeZone: "Europe/Lisbon" });
const itinerary = {
  timeZone: "Europe/Lisbon",
  endTime: "2027-03-15T00:00:00.000Z",
  programs: [aDay({ activities: [dinner, walk] })],
};

function renderCard(now: string) {
  vi.setSystemTime(new Date(now));
  return render(
    <MemoryRouter>
      <NextUpCard itinerary={itinerary} itineraryPath="/experiences/ev1/itinerary" />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
});
afterEach(() => {
  vi.useRealTimers();
  setTimeView("venue");
});

describe("NextUpCard: the guest's first screen", () => {
  it("shows 'Next up' with the first activity's day, times with their zone, place and a link that opens it, before the start", () => {
    renderCard("2027-03-01T12:00:00.000Z");
    const card = screen.getByRole("region", { name: "Next up" });
    expect(within(card).getByText("Old town walk")).toBeTruthy();
    expect(within(card).getByText("Day 1 · Fri, Mar 12 · 09:00 AM – 10:00 AM Lisbon time")).toBeTruthy();
    expect(within(card).getByText("Alfama")).toBeTruthy();
    expect(within(card).getByRole("link", { name: "Open in the itinerary" }).getAttribute("href")).toBe(
      "/experiences/ev1/itinerary?activity=walk",
    );
  });

  it("shows 'Happening now' during an activity, and moves on to the next one as the clock passes its end", () => {
    renderCard("2027-03-12T09:30:00.000Z");
    expect(within(screen.getByRole("region", { name: "Happening now" })).getByText("Old town walk")).toBeTruthy();
    act(() => vi.advanceTimersByTime(60 * 60_000));
    expect(within(screen.getByRole("region", { name: "Next up" })).getByText("Dinner")).toBeTruthy();
  });

  it("shows the times on the reader's clock when they chose 'Your time'", () => {
    readerIn("America/New_York");
    setTimeView("viewer");
    renderCard("2027-03-01T12:00:00.000Z");
    expect(within(screen.getByRole("region", { name: "Next up" })).getByText(/^Day 1 · Fri, Mar 12 · 04:00 AM – 05:00 AM/)).toBeTruthy();
  });

  it("says 'This experience has ended' after its end, and offers no activity", () => {
    renderCard("2027-03-20T12:00:00.000Z");
    expect(screen.getByText("This experience has ended")).toBeTruthy();
    expect(screen.queryByRole("region")).toBeNull();
  });
});
