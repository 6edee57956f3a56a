import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { aDay, anActivity } from "@web/test/fixtures";
import { EMPTY_DAY_TEXT } from "../itinerary-format";
import { PublicItineraryBody } from "./public-itinerary-body";

const trip = [
  aDay({
    id: "d1",
    name: "Arrival",
    subtitle: "Old town",
    activities: [
      anActivity({
        id: "a2",
        name: "Dinner",
        startDateTime: "2027-03-12T19:00:00.000Z",
        endDateTime: "2027-03-12T21:00:00.000Z",
        location: "Alfama",
      }),
      anActivity({ id: "a1", name: "Walking tour", description: "Meet at https://example.com/meet" }),
    ],
  }),
  aDay({ id: "d2", dayIndex: 1, date: "2027-03-13", name: "Sintra" }),
];

function onPhone(phone: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: phone && query === "(max-width: 767px)",
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

function Address() {
  const { search } = useLocation();
  return <output aria-label="Address">{search}</output>;
}

function renderBody(path = "/itinerary/ev1") {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <PublicItineraryBody days={trip} timeZone="UTC" />
      <Address />
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

describe("the public itinerary on a phone shows the whole trip in one scroll", () => {
  it("lists every day with all of its activities, in time order, with their details", () => {
    onPhone(true);
    renderBody();
    expect(screen.getByRole("button", { name: "Whole trip" }).getAttribute("aria-pressed")).toBe("true");
    const days = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(days).toEqual(["Day 1 · Fri, Mar 12Arrival", "Day 2 · Sat, Mar 13Sintra"]);
    const arrival = screen.getByRole("region", { name: /Arrival/ });
    expect(
      within(arrival)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(["Walking tour", "Dinner"]);
    expect(within(arrival).getByText("Old town")).toBeTruthy();
    expect(within(arrival).getByRole("link", { name: "Alfama" })).toBeTruthy();
    expect(within(arrival).getByRole("link", { name: "https://example.com/meet" })).toBeTruthy();
    expect(within(screen.getByRole("region", { name: /Sintra/ })).getByText(EMPTY_DAY_TEXT)).toBeTruthy();
  });

  it("jumps to a day from the day links, focusing its heading", () => {
    onPhone(true);
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    renderBody();
    fireEvent.click(within(screen.getByRole("navigation", { name: "Jump to a day" })).getByRole("link", { name: "Day 2" }));
    const heading = screen.getByRole("heading", { level: 2, name: /Sintra/ });
    expect(document.activeElement).toBe(heading);
    expect(scrolled.mock.contexts[0]).toBe(heading);
  });

  it("switches to the day-by-day panes with 'By day', and back", () => {
    onPhone(true);
    renderBody();
    fireEvent.click(screen.getByRole("button", { name: "By day" }));
    expect(screen.getByRole("region", { name: "Days" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "By day" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Whole trip" }));
    expect(screen.queryByRole("region", { name: "Days" })).toBeNull();
  });

  it("starts day by day on a wide screen", () => {
    onPhone(false);
    renderBody();
    expect(screen.getByRole("button", { name: "By day" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("region", { name: "Days" })).toBeTruthy();
  });
});

describe("the 'Next up' card's link opens its activity", () => {
  it("shows the activity's details day by day on a phone, its heading focused, and drops the request from the address", () => {
    onPhone(true);
    Element.prototype.scrollIntoView = vi.fn();
    renderBody("/itinerary/ev1?activity=a2");
    expect(screen.getByRole("button", { name: "By day" }).getAttribute("aria-pressed")).toBe("true");
    const details = screen.getByRole("region", { name: "Activity details" });
    expect(within(details).getByRole("heading", { level: 3, name: "Dinner" })).toBeTruthy();
    expect(document.activeElement).toBe(within(details).getByRole("heading", { level: 2 }));
    expect(screen.getByRole("status", { name: "Address" }).textContent).toBe("");
  });
});
