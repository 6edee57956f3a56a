import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { aDay, anActivity, timed } from "@web/test/fixtures";
import { readerIn } from "@web/test/viewer-zone";
import type { ActivityView } from "@worker/shared/itinerary.schema";
import { PublicItineraryBody } from "./components/public-itinerary-body";

// Winter: Lisbon is on UTC (WET), Los Angeles 8 hours behind (PST), New York 5 (EST), Tokyo 9 ahead.
const lisbon = (overrides: Partial<ActivityView>) => anActivity({ timeZone: "Europe/Lisbon", ...overrides });
const tour = lisbon({ id: "a1", name: "Tile museum", ...timed("2027-01-12T09:00", "2027-01-12T10:30") });
const breakfast = lisbon({ id: "a0", name: "Early market", ...timed("2027-01-12T06:00", "2027-01-12T07:00") });
const flight = anActivity({
  id: "a2",
  name: "Flight to Tokyo",
  timeZone: "Asia/Tokyo",
  hasOwnTimeZone: true,
  ...timed("2027-01-12T10:00", "2027-01-12T11:00"),
});
const dinner = lisbon({ id: "a3", name: "Fado dinner", ...timed("2027-01-12T20:00", "2027-01-12T22:00") });
const trip = [
  aDay({ id: "d1", date: "2027-01-12", name: "Azulejos", activities: [tour, breakfast, flight, dinner] }),
  aDay({ id: "d2", dayIndex: 1, date: "2027-01-13", name: "Sintra" }),
];

function onPhone(phone: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: phone && query === "(max-width: 767px)", media: query }));
}

// The page reads the address for an activity to open ('Next up'), so it sits in a router.
const showPage = (timeZone = "Europe/Lisbon") =>
  render(
    <MemoryRouter>
      <PublicItineraryBody days={trip} timeZone={timeZone} />
    </MemoryRouter>,
  );
const activities = () => within(screen.getByRole("region", { name: "Activities" }));
const toggle = () => screen.queryByRole("group", { name: "Show times in" });

afterEach(() => vi.unstubAllGlobals());

describe("times on the itinerary are on the experience's clock, labelled, whoever reads them", () => {
  it("shows '09:00 AM Lisbon time' for a Lisbon activity to a reader in Los Angeles, and '01:00 AM PST' with 'Your time'", () => {
    readerIn("America/Los_Angeles");
    showPage();
    expect(activities().getByRole("button", { name: /Tile museum/ }).textContent).toContain("09:00 AM – 10:30 AM Lisbon time · 1h 30m");
    fireEvent.click(screen.getByRole("radio", { name: "Your time (Los Angeles)" }));
    expect(activities().getByRole("button", { name: /Tile museum/ }).textContent).toContain("01:00 AM – 02:30 AM PST · 1h 30m");
    fireEvent.click(screen.getByRole("radio", { name: "Lisbon time" }));
    expect(activities().getByText("09:00 AM – 11:00 AM Lisbon time")).toBeTruthy();
  });

  it("shows an activity with its own zone on its own clock: a flight at 10:00Z reads '07:00 PM Tokyo time'", () => {
    readerIn("Europe/Lisbon");
    showPage();
    expect(toggle()).toBeNull();
    expect(activities().getByRole("button", { name: /Flight to Tokyo/ }).textContent).toContain("07:00 PM – 08:00 PM Tokyo time");
  });

  it("heads each block of activities at the same time with its times as the reader sees them, in the order they happen", () => {
    readerIn("Europe/Lisbon");
    showPage();
    const headings = activities()
      .getAllByRole("listitem")
      .filter((item) => item.parentElement?.tagName === "OL")
      .map((item) => item.querySelector("p")?.textContent);
    // The Tokyo flight (07:00 PM Tokyo time) overlaps the 09:00 tile museum: one block, on the museum's clock.
    expect(headings).toEqual(["06:00 AM Lisbon time", "09:00 AM – 11:00 AM Lisbon time", "08:00 PM Lisbon time"]);
  });
});

describe("'Your time' relabels times and keeps the experience's days", () => {
  it("says '−1 day' where the reader's date is the day before the venue's, and keeps the activity on its own day", () => {
    readerIn("America/Los_Angeles");
    showPage();
    fireEvent.click(screen.getByRole("radio", { name: "Your time (Los Angeles)" }));
    expect(activities().getByRole("heading", { level: 2 }).textContent).toBe("Day 1 · Tue, Jan 12");
    expect(activities().getByRole("button", { name: /Early market/ }).textContent).toContain("10:00 PM – 11:00 PM PST −1 day");
    const days = within(screen.getByRole("region", { name: "Days" })).getAllByRole("button");
    expect(days.map((day) => day.textContent)).toEqual([
      "Day 1 · Tue, Jan 12Azulejos4 activities",
      "Day 2 · Wed, Jan 13Sintra0 activities",
    ]);
  });

  it("says '+1 day' in Tokyo, on the whole trip too", () => {
    onPhone(true);
    readerIn("Asia/Tokyo");
    showPage();
    fireEvent.click(screen.getByRole("radio", { name: "Your time (Tokyo)" }));
    expect(screen.getAllByRole("article").map((article) => article.querySelector("p")?.textContent)).toEqual([
      "03:00 PM Tokyo time",
      "06:00 PM Tokyo time",
      "07:00 PM Tokyo time",
      "05:00 AM Tokyo time +1 day",
    ]);
    expect(screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent)).toEqual([
      "Day 1 · Tue, Jan 12Azulejos",
      "Day 2 · Wed, Jan 13Sintra",
    ]);
  });

  it("is remembered by this browser: the next page opened reads the reader's clock at once", () => {
    readerIn("America/Los_Angeles");
    const first = showPage();
    fireEvent.click(screen.getByRole("radio", { name: "Your time (Los Angeles)" }));
    first.unmount();
    showPage();
    expect((screen.getByRole("radio", { name: "Your time (Los Angeles)" }) as HTMLInputElement).checked).toBe(true);
    expect(activities().getByText("01:00 AM – 03:00 AM PST")).toBeTruthy();
  });

  it("is a named group of two radios, the experience's clock first and chosen until the reader picks theirs", () => {
    readerIn("America/Los_Angeles");
    showPage();
    const radios = within(toggle()!).getAllByRole("radio") as HTMLInputElement[];
    expect(radios.map((radio) => [radio.labels?.[0]?.textContent, radio.checked])).toEqual([
      ["Lisbon time", true],
      ["Your time (Los Angeles)", false],
    ]);
    expect(new Set(radios.map((radio) => radio.name)).size).toBe(1);
  });

  it("is not offered to a reader on the experience's own clock, and a choice made elsewhere does not apply there", () => {
    readerIn("America/Los_Angeles");
    const elsewhere = showPage();
    fireEvent.click(screen.getByRole("radio", { name: "Your time (Los Angeles)" }));
    elsewhere.unmount();
    showPage("America/Los_Angeles");
    expect(toggle()).toBeNull();
    expect(activities().getByRole("button", { name: /Tile museum/ }).textContent).toContain("09:00 AM – 10:30 AM Lisbon time");
  });
});
