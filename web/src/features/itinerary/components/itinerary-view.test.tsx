import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Activity, Program } from "../../../lib/types";
import { aDay, anActivity } from "../../../test/fixtures";
import { ItineraryView, LinkifiedText } from "./itinerary-view";

const CALL_QUESTION = "Do you want to call this number?";
const EXTERNAL_LINK_QUESTION = "This link will take you to an external website. Do you want to continue?";

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function wrap(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

const activity = (id: string, documents: string[] = []): Activity => anActivity({ id, name: `Activity ${id}`, documents });

const day = (index: number, activities: Activity[] = []): Program =>
  aDay({ id: `day${index + 1}`, date: `2027-03-${String(12 + index).padStart(2, "0")}`, dayIndex: index, name: `Day name ${index + 1}`, activities });

const linksIn = (text: string) => {
  const { container, unmount } = render(
    <p>
      <LinkifiedText text={text} />
    </p>,
  );
  const links = [...container.querySelectorAll("a")].map((a) => ({ text: a.textContent, href: a.getAttribute("href") }));
  unmount();
  return links;
};

afterEach(() => vi.restoreAllMocks());

describe("activity text: external links and phone numbers (spec 2 §5)", () => {
  it("makes real phone numbers callable", () => {
    expect(linksIn("Call +351 21 123 4567 to book.")).toEqual([{ text: "+351 21 123 4567", href: "tel:+351211234567" }]);
    expect(linksIn("US office: +1-415-555-0100")).toEqual([{ text: "+1-415-555-0100", href: "tel:+14155550100" }]);
    expect(linksIn("Front desk (415) 555-0100, ask for Ana")).toEqual([{ text: "(415) 555-0100", href: "tel:4155550100" }]);
    expect(linksIn("London: 020 7946 0958.")).toEqual([{ text: "020 7946 0958", href: "tel:02079460958" }]);
  });

  it("does not turn dates, times, time ranges or lists of years into phone links", () => {
    for (const text of [
      "Arrive on 2027-03-12 at 09:30.",
      "From 2027-03-12 to 2027-03-14",
      "Check-in 12.03.2027 and out 14-03-2027",
      "Open 1200 - 1400 daily",
      "Open 1200-1400 daily",
      "Open 09:00-17:00",
      "Winners in 2019 2021 2023",
      "Held 2019-2021, again 2025, 2026, 2027",
      "Pi is 3.14159265",
    ])
      expect(linksIn(text), text).toEqual([]);
  });

  it("finds a phone number next to a time range", () => {
    expect(linksIn("Open 0900 - 1700, call 020 7946 0958")).toEqual([{ text: "020 7946 0958", href: "tel:02079460958" }]);
  });

  it("asks 'Do you want to call this number?' before dialling", () => {
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(false);
    render(<LinkifiedText text="Call 020 7946 0958" />);
    const link = screen.getByRole("link", { name: "020 7946 0958" });
    expect(fireEvent.click(link)).toBe(false);
    expect(confirm).toHaveBeenCalledWith(CALL_QUESTION);
  });

  it("leaves trailing punctuation and an unbalanced closing parenthesis out of a link", () => {
    expect(linksIn("See https://example.com/tickets.")).toEqual([{ text: "https://example.com/tickets", href: "https://example.com/tickets" }]);
    expect(linksIn("(map: https://example.com/map)")).toEqual([{ text: "https://example.com/map", href: "https://example.com/map" }]);
    expect(linksIn("Menus https://a.example/x, https://b.example/y; https://c.example/z: https://d.example!?")).toEqual([
      { text: "https://a.example/x", href: "https://a.example/x" },
      { text: "https://b.example/y", href: "https://b.example/y" },
      { text: "https://c.example/z", href: "https://c.example/z" },
      { text: "https://d.example", href: "https://d.example" },
    ]);
    expect(linksIn("Read https://en.wikipedia.org/wiki/Lisbon_(city).")).toEqual([
      { text: "https://en.wikipedia.org/wiki/Lisbon_(city)", href: "https://en.wikipedia.org/wiki/Lisbon_(city)" },
    ]);
  });

  it("keeps the punctuation as text after the link", () => {
    const { container } = render(<LinkifiedText text="(map: https://example.com/map)." />);
    expect(container.textContent).toBe("(map: https://example.com/map).");
  });

  it("asks 'This link will take you to an external website. Do you want to continue?' before leaving", () => {
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(false);
    render(<LinkifiedText text="Tickets at https://example.com/tickets." />);
    const link = screen.getByRole("link", { name: "https://example.com/tickets" });
    expect(link.getAttribute("target")).toBe("_blank");
    expect(fireEvent.click(link)).toBe(false);
    expect(confirm).toHaveBeenCalledWith(EXTERNAL_LINK_QUESTION);
  });
});

describe("day cards have up/down navigation (spec 2 §2)", () => {
  const days = [day(0), day(1), day(2)];
  const dayCard = (n: number) => screen.getByRole("button", { name: new RegExp(`^Day ${n} `) });
  const shownDay = () => within(screen.getByRole("region", { name: "Activities" })).getByRole("heading").textContent;

  it("moves focus and selection to the next and previous day with ArrowDown and ArrowUp", () => {
    render(<ItineraryView programs={days} />);
    dayCard(1).focus();
    fireEvent.keyDown(dayCard(1), { key: "ArrowDown" });
    expect(document.activeElement).toBe(dayCard(2));
    expect(dayCard(2).getAttribute("aria-current")).toBe("true");
    expect(shownDay()).toBe("Day name 2");
    fireEvent.keyDown(dayCard(2), { key: "ArrowDown" });
    fireEvent.keyDown(dayCard(3), { key: "ArrowDown" });
    expect(document.activeElement).toBe(dayCard(3));
    expect(shownDay()).toBe("Day name 3");
    fireEvent.keyDown(dayCard(3), { key: "ArrowUp" });
    expect(document.activeElement).toBe(dayCard(2));
    expect(dayCard(2).getAttribute("aria-current")).toBe("true");
    expect(dayCard(3).getAttribute("aria-current")).toBeNull();
  });

  it("goes to the first and last day with Home and End", () => {
    render(<ItineraryView programs={days} />);
    fireEvent.keyDown(dayCard(1), { key: "End" });
    expect(document.activeElement).toBe(dayCard(3));
    expect(shownDay()).toBe("Day name 3");
    fireEvent.keyDown(dayCard(3), { key: "Home" });
    expect(document.activeElement).toBe(dayCard(1));
    expect(shownDay()).toBe("Day name 1");
  });

  it("tells a controlled parent which day was chosen", () => {
    const onSelectDay = vi.fn();
    render(<ItineraryView programs={days} selectedDayId="day2" onSelectDay={onSelectDay} />);
    fireEvent.keyDown(dayCard(2), { key: "ArrowUp" });
    expect(onSelectDay).toHaveBeenCalledWith("day1");
  });

  it("keeps the Previous day and Next day buttons", () => {
    render(<ItineraryView programs={days} />);
    expect((screen.getByRole("button", { name: "Previous day" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Next day" }));
    expect(shownDay()).toBe("Day name 2");
    fireEvent.click(screen.getByRole("button", { name: "Previous day" }));
    expect(shownDay()).toBe("Day name 1");
  });
});

describe("activity documents for read-only viewers (spec 2 §2 Activity Documents panel)", () => {
  const withDocs = [day(0, [activity("a1", ["d1", "d2"]), activity("a2")])];
  const openActivity = (name: string) => fireEvent.click(screen.getByRole("button", { name: new RegExp(name) }));

  it("offers 'Documents (n)' that opens the Activity Documents panel without upload or delete", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const path = new URL(String(input), "http://test").pathname;
      if (path === "/api/documents/event/ev1/user/common")
        return json([
          { id: "d1", type: "other", mimeType: "application/pdf", name: "Tickets.pdf", document: { original: "https://files.test/d1" }, thirdPartyUploader: null, createdAt: "2027-01-01T00:00:00.000Z" },
          { id: "d2", type: "other", mimeType: "image/png", name: "Map.png", document: { original: "https://files.test/d2" }, thirdPartyUploader: null, createdAt: "2027-01-01T00:00:00.000Z" },
        ]);
      return json({ error: "unexpected" }, 404);
    });
    wrap(<ItineraryView programs={withDocs} documentsEventId="ev1" />);
    openActivity("Activity a1");
    fireEvent.click(screen.getByRole("button", { name: "Documents (2)" }));
    const panel = await screen.findByRole("dialog", { name: "Activity Documents" });
    expect(await within(panel).findByText("Tickets.pdf")).toBeTruthy();
    expect(within(panel).getByRole("link", { name: "Open Map.png" }).getAttribute("href")).toBe("https://files.test/d2");
    expect(within(panel).queryByText("Drop files here")).toBeNull();
    expect(within(panel).queryByRole("button", { name: /^Delete/ })).toBeNull();
  });

  it("offers nothing for an activity without documents", () => {
    wrap(<ItineraryView programs={withDocs} documentsEventId="ev1" />);
    openActivity("Activity a2");
    expect(screen.queryByRole("button", { name: /^Documents/ })).toBeNull();
  });

  it("offers no documents where the viewer may not read them (no documentsEventId, as on the public page)", () => {
    wrap(<ItineraryView programs={withDocs} />);
    openActivity("Activity a1");
    expect(screen.getByRole("heading", { name: "Activity a1" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Documents/ })).toBeNull();
  });
});
