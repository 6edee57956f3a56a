import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, within, act } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi, beforeEach } from "vitest";
import { aDay, anActivity, timed } from "@web/test/fixtures";
import { server } from "@web/test/server";
import type { DocumentView } from "@worker/features/documents/documents.schema";
import type { ActivityView as Activity, DayView as Day } from "@worker/shared/itinerary.schema";
import { ItineraryView } from "./itinerary-view";
import { TimeRangeEditor } from "./time-range-editor";

function wrap(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

const activity = (id: string, documents: string[] = []): Activity => anActivity({ id, name: `Activity ${id}`, documents });

const day = (index: number, activities: Activity[] = []): Day =>
  aDay({
    id: `day${index + 1}`,
    date: `2027-03-${String(12 + index).padStart(2, "0")}`,
    dayIndex: index,
    name: `Day name ${index + 1}`,
    activities,
  });

describe("day cards have up/down navigation (spec 2 §2)", () => {
  const days = [day(0), day(1), day(2)];
  const dayCard = (n: number) => screen.getByRole("button", { name: new RegExp(`^Day ${n} `) });
  const shownDay = () => within(screen.getByRole("region", { name: "Activities" })).getByRole("heading", { level: 3 }).textContent;

  it("moves focus and selection to the next and previous day with ArrowDown and ArrowUp", () => {
    render(<ItineraryView timeZone="UTC" days={days} />);
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
    render(<ItineraryView timeZone="UTC" days={days} />);
    fireEvent.keyDown(dayCard(1), { key: "End" });
    expect(document.activeElement).toBe(dayCard(3));
    expect(shownDay()).toBe("Day name 3");
    fireEvent.keyDown(dayCard(3), { key: "Home" });
    expect(document.activeElement).toBe(dayCard(1));
    expect(shownDay()).toBe("Day name 1");
  });

  it("tells a controlled parent which day was chosen", () => {
    const onSelectDay = vi.fn();
    render(<ItineraryView timeZone="UTC" days={days} selectedDayId="day2" onSelectDay={onSelectDay} />);
    fireEvent.keyDown(dayCard(2), { key: "ArrowUp" });
    expect(onSelectDay).toHaveBeenCalledWith("day1");
  });

  it("keeps the Previous day and Next day buttons", () => {
    render(<ItineraryView timeZone="UTC" days={days} />);
    expect((screen.getByRole("button", { name: "Previous day" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Next day" }));
    expect(shownDay()).toBe("Day name 2");
    fireEvent.click(screen.getByRole("button", { name: "Previous day" }));
    expect(shownDay()).toBe("Day name 1");
  });

  it("moves focus to Next day when Previous day reaches Day 1 and is disabled, and back to Previous day at the last day, never to the page", () => {
    render(<ItineraryView timeZone="UTC" days={days} />);
    const previous = () => screen.getByRole<HTMLButtonElement>("button", { name: "Previous day" });
    const next = () => screen.getByRole<HTMLButtonElement>("button", { name: "Next day" });
    next().focus();
    fireEvent.click(next());
    expect(document.activeElement).toBe(next());
    fireEvent.click(next());
    expect(shownDay()).toBe("Day name 3");
    expect(next().disabled).toBe(true);
    expect(document.activeElement).toBe(previous());
    fireEvent.click(previous());
    expect(document.activeElement).toBe(previous());
    fireEvent.click(previous());
    expect(shownDay()).toBe("Day name 1");
    expect(previous().disabled).toBe(true);
    expect(document.activeElement).toBe(next());
  });
});

describe("activity documents for read-only viewers (spec 2 §2 Activity Documents panel)", () => {
  const withDocs = [day(0, [activity("a1", ["d1", "d2"]), activity("a2")])];
  const openActivity = (name: string) => fireEvent.click(screen.getByRole("button", { name: new RegExp(name) }));

  it("offers 'Documents (n)' that opens the Activity Documents panel without upload or delete", async () => {
    server.use(
      http.get<PathParams, never, DocumentView[]>("/api/documents/event/ev1/user/common", () =>
        HttpResponse.json([
          {
            id: "d1",
            type: "other",
            otherDocumentType: null,
            mimeType: "application/pdf",
            name: "Tickets.pdf",
            document: { original: "https://files.test/d1" },
            thirdPartyUploader: null,
            createdAt: "2027-01-01T00:00:00.000Z",
          },
          {
            id: "d2",
            type: "other",
            otherDocumentType: null,
            mimeType: "image/png",
            name: "Map.png",
            document: { original: "https://files.test/d2" },
            thirdPartyUploader: null,
            createdAt: "2027-01-01T00:00:00.000Z",
          },
        ]),
      ),
    );
    wrap(<ItineraryView timeZone="UTC" days={withDocs} documentsEventId="ev1" />);
    openActivity("Activity a1");
    fireEvent.click(screen.getByRole("button", { name: "Documents (2)" }));
    const panel = await screen.findByRole("dialog", { name: "Activity Documents" });
    expect(await within(panel).findByText("Tickets.pdf")).toBeTruthy();
    expect(within(panel).getByRole("link", { name: "Open Map.png" }).getAttribute("href")).toBe("https://files.test/d2");
    expect(within(panel).queryByText("Drop files here")).toBeNull();
    expect(within(panel).queryByRole("button", { name: /^Delete/ })).toBeNull();
  });

  it("offers nothing for an activity without documents", () => {
    wrap(<ItineraryView timeZone="UTC" days={withDocs} documentsEventId="ev1" />);
    openActivity("Activity a2");
    expect(screen.queryByRole("button", { name: /^Documents/ })).toBeNull();
  });

  it("offers no documents where the viewer may not read them (no documentsEventId, as on the public page)", () => {
    wrap(<ItineraryView timeZone="UTC" days={withDocs} />);
    openActivity("Activity a1");
    expect(screen.getByRole("heading", { name: "Activity a1" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Documents/ })).toBeNull();
  });
});

describe("activity details (spec 2 §5)", () => {
  it("makes the description's links and phone numbers clickable", () => {
    const described = anActivity({ id: "a3", name: "Activity a3", description: "Book at https://example.com/book. or call 020 7946 0958" });
    wrap(<ItineraryView timeZone="UTC" days={[day(0, [described])]} />);
    fireEvent.click(screen.getByRole("button", { name: /Activity a3/ }));
    expect(screen.getByRole("link", { name: "https://example.com/book" }).getAttribute("href")).toBe("https://example.com/book");
    expect(screen.getByRole("link", { name: "020 7946 0958" }).getAttribute("href")).toBe("tel:02079460958");
  });
});

describe("on a phone, one pane at a time: the pane that opens is shown and focused, Back returns focus", () => {
  const days = [day(0, [activity("a1"), activity("a2")]), day(1, [activity("b1")])];
  afterEach(() => {
    vi.restoreAllMocks();
    // jsdom has no scrollIntoView; a test that needs one adds it.
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it("choosing a day scrolls its activities into view and focuses their heading", () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    render(<ItineraryView timeZone="UTC" days={days} />);
    fireEvent.click(screen.getByRole("button", { name: /^Day 2 ·/ }));
    const heading = within(screen.getByRole("region", { name: "Activities" })).getByRole("heading", { level: 2 });
    expect(heading.textContent).toBe("Day 2 · Sat, Mar 13");
    expect(document.activeElement).toBe(heading);
    expect(scrolled).toHaveBeenCalledWith({ block: "start" });
    expect(scrolled.mock.contexts[0]).toBe(screen.getByRole("region", { name: "Activities" }));
  });

  it("choosing an activity focuses the details' heading; Back to activities, then Back to days, refocus what opened them", () => {
    render(<ItineraryView timeZone="UTC" days={days} />);
    const dayCard = screen.getByRole("button", { name: /^Day 1 ·/ });
    fireEvent.click(dayCard);
    const opener = screen.getByRole("button", { name: /Activity a2/ });
    fireEvent.click(opener);
    const details = screen.getByRole("region", { name: "Activity details" });
    expect(document.activeElement).toBe(within(details).getByRole("heading", { level: 2, name: "Day 1 · 09:00 AM UTC" }));
    expect(within(details).getByRole("heading", { level: 3, name: "Activity a2" })).toBeTruthy();

    fireEvent.click(within(details).getByRole("button", { name: "Back to activities" }));
    expect(document.activeElement).toBe(opener);
    fireEvent.click(within(screen.getByRole("region", { name: "Activities" })).getByRole("button", { name: "Back to days" }));
    expect(document.activeElement).toBe(dayCard);
  });

  it("leaves focus on the day card where the activities were already on screen (a wide window)", () => {
    vi.spyOn(HTMLElement.prototype, "getClientRects").mockReturnValue([new DOMRect(0, 0, 100, 100)] as unknown as DOMRectList);
    render(<ItineraryView timeZone="UTC" days={days} />);
    const dayCard = screen.getByRole("button", { name: /^Day 2 ·/ });
    dayCard.focus();
    fireEvent.click(dayCard);
    expect(document.activeElement).toBe(dayCard);
  });
});

describe("activities at the same time (issue 38, parallel sessions)", () => {
  const workshop = (id: string, start: string, end: string) =>
    anActivity({ id, name: `Workshop ${id}`, ...timed(`2027-03-12T${start}`, `2027-03-12T${end}`) });
  it("lays a 14:00 and a 14:30 workshop that overlap side by side under their shared time, and a later one alone as before", () => {
    const workshops = [workshop("B", "14:30", "16:00"), workshop("C", "17:00", "18:00"), workshop("A", "14:00", "15:30")];
    render(<ItineraryView timeZone="UTC" days={[day(0, workshops)]} />);
    const lists = within(screen.getByRole("region", { name: "Activities" })).getAllByRole("list");
    const [together, alone] = lists.slice(1) as [HTMLElement, HTMLElement];
    expect(together.previousElementSibling?.textContent).toBe("02:00 PM – 04:00 PM UTC");
    const cards = within(together).getAllByRole("button");
    expect(cards.map((card) => card.textContent?.slice(0, 10))).toEqual(["Workshop A", "Workshop B"]);
    expect(together.className).toContain("@lg:grid-cols-2");
    expect([alone.previousElementSibling?.textContent, alone.className.includes("grid-cols-2")]).toEqual(["05:00 PM UTC", false]);
    fireEvent.click(cards[1]!);
    expect(document.activeElement).toBe(screen.getByRole("heading", { level: 2, name: "Day 1 · 02:30 PM UTC" }));
  });
});

const at = (iso: string) => Date.parse(iso);
const slot = { start: at("2027-03-10T10:00:00Z"), end: at("2027-03-10T11:00:00Z") };
const startBox = () => screen.getByLabelText<HTMLInputElement>("Start time");

describe("TimeRangeEditor (spec 2 §5: commit is debounced 950 ms)", () => {
  beforeEach(() => vi.useFakeTimers({ now: at("2027-03-01T08:00:00Z") }));
  afterEach(() => vi.useRealTimers());

  it("commits a time edit 950 ms after the last keystroke", () => {
    const onChange = vi.fn();
    render(<TimeRangeEditor zone="UTC" debounce {...slot} onChange={onChange} onError={() => {}} />);
    fireEvent.change(startBox(), { target: { value: "10:30" } });
    act(() => vi.advanceTimersByTime(949));
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledWith({ start: at("2027-03-10T10:30:00Z"), end: at("2027-03-10T11:30:00Z") });
  });

  it("commits an edit still waiting for its debounce when the editor closes, instead of dropping it", () => {
    const onChange = vi.fn();
    const { unmount } = render(<TimeRangeEditor zone="UTC" debounce {...slot} onChange={onChange} onError={() => {}} />);
    fireEvent.change(startBox(), { target: { value: "12:00" } });
    unmount();
    expect(onChange).toHaveBeenCalledOnce();
    expect(onChange).toHaveBeenCalledWith({ start: at("2027-03-10T12:00:00Z"), end: at("2027-03-10T13:00:00Z") });
    act(() => vi.advanceTimersByTime(950));
    expect(onChange).toHaveBeenCalledOnce();
  });

  it("commits a waiting edit at once when the field loses focus, so a submit reads the new range", () => {
    const onChange = vi.fn();
    render(<TimeRangeEditor zone="UTC" debounce {...slot} onChange={onChange} onError={() => {}} />);
    fireEvent.change(startBox(), { target: { value: "10:30" } });
    fireEvent.blur(startBox());
    expect(onChange).toHaveBeenCalledWith({ start: at("2027-03-10T10:30:00Z"), end: at("2027-03-10T11:30:00Z") });
  });

  it("selects the whole end time a new start pushed when focus has just moved there, so the keys typed next replace it", () => {
    render(<TimeRangeEditor zone="UTC" debounce {...slot} onChange={() => {}} onError={() => {}} />);
    const endBox = screen.getByLabelText<HTMLInputElement>("End time");
    startBox().focus();
    fireEvent.change(startBox(), { target: { value: "11:00" } });
    // Tab selects the text of the box it reaches; the start's commit then rewrites that text.
    endBox.select();
    act(() => endBox.focus());
    expect(endBox.value).toBe("12:00");
    expect([endBox.selectionStart, endBox.selectionEnd]).toEqual([0, 5]);
  });

  it("reports a start in the past with 'Start time cannot be in the past' and shows the saved time again", () => {
    const onChange = vi.fn();
    const onError = vi.fn();
    const today = { start: at("2027-03-01T10:00:00Z"), end: at("2027-03-01T11:00:00Z") };
    render(<TimeRangeEditor zone="UTC" debounce {...today} onChange={onChange} onError={onError} />);
    fireEvent.change(startBox(), { target: { value: "07:00" } });
    act(() => vi.advanceTimersByTime(950));
    expect(onError).toHaveBeenCalledWith("Start time cannot be in the past");
    expect(onChange).not.toHaveBeenCalled();
    expect(startBox().value).toBe("10:00");
  });
});

describe("TimeRangeEditor refuses a text that is no time of day", () => {
  const endBox = () => screen.getByLabelText<HTMLInputElement>("End time");

  it("says 'Enter a time between 00:00 and 23:59' under the field for '25:99', marks it invalid and saves nothing", () => {
    vi.useFakeTimers({ now: at("2027-03-01T08:00:00Z") });
    const onChange = vi.fn();
    render(<TimeRangeEditor zone="UTC" debounce {...slot} onChange={onChange} onError={() => {}} />);
    fireEvent.change(startBox(), { target: { value: "25:99" } });
    expect(screen.getByRole("alert").textContent).toBe("Enter a time between 00:00 and 23:59");
    expect(startBox().getAttribute("aria-invalid")).toBe("true");
    expect(startBox().getAttribute("aria-describedby")).toBe(screen.getByRole("alert").id);
    act(() => vi.advanceTimersByTime(2000));
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.change(startBox(), { target: { value: "9:30" } });
    expect(screen.queryByRole("alert")).toBeNull();
    act(() => vi.advanceTimersByTime(950));
    expect(onChange).toHaveBeenCalledWith({ start: at("2027-03-10T09:30:00Z"), end: at("2027-03-10T10:30:00Z") });
    vi.useRealTimers();
  });

  it("waits for the whole time while it is typed, and judges what is left in the field on blur", () => {
    render(<TimeRangeEditor zone="UTC" {...slot} onChange={() => {}} onError={() => {}} />);
    fireEvent.change(endBox(), { target: { value: "2" } });
    expect(screen.queryByRole("alert")).toBeNull();
    fireEvent.blur(endBox());
    expect(screen.getByRole("alert").textContent).toBe("Enter a time between 00:00 and 23:59");
    expect(endBox().getAttribute("aria-invalid")).toBe("true");
  });

  it("keeps Start's '25:99' and its message while End is changed, and tells the form until Start is fixed", () => {
    vi.useFakeTimers({ now: at("2027-03-01T08:00:00Z") });
    const onChange = vi.fn();
    const onInvalidChange = vi.fn();
    render(<TimeRangeEditor zone="UTC" debounce {...slot} onChange={onChange} onError={() => {}} onInvalidChange={onInvalidChange} />);
    fireEvent.change(startBox(), { target: { value: "25:99" } });
    fireEvent.blur(startBox());
    expect(onInvalidChange).toHaveBeenLastCalledWith(true);
    fireEvent.change(endBox(), { target: { value: "12:00" } });
    act(() => vi.advanceTimersByTime(950));
    expect(onChange).toHaveBeenCalledWith({ start: slot.start, end: at("2027-03-10T12:00:00Z") });
    expect(startBox().value).toBe("25:99");
    expect(startBox().getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("alert").textContent).toBe("Enter a time between 00:00 and 23:59");
    expect(onInvalidChange).toHaveBeenCalledOnce();

    fireEvent.change(startBox(), { target: { value: "11:00" } });
    expect(onInvalidChange).toHaveBeenLastCalledWith(false);
    expect(screen.queryByRole("alert")).toBeNull();
    vi.useRealTimers();
  });

  it("says the message once when both boxes are refused, each box pointing at it", () => {
    render(<TimeRangeEditor zone="UTC" {...slot} onChange={() => {}} onError={() => {}} />);
    fireEvent.change(startBox(), { target: { value: "25:99" } });
    fireEvent.change(endBox(), { target: { value: "24:61" } });
    const alert = screen.getByRole("alert");
    expect(startBox().getAttribute("aria-describedby")).toBe(alert.id);
    expect(endBox().getAttribute("aria-describedby")).toBe(alert.id);
  });
});

describe("TimeRangeEditor reads a time however a phone types it", () => {
  beforeEach(() => vi.useFakeTimers({ now: at("2027-03-01T08:00:00Z") }));
  afterEach(() => vi.useRealTimers());

  it("opens the text keyboard, which has ':', not the digit-only keypad", () => {
    render(<TimeRangeEditor zone="UTC" {...slot} onChange={() => {}} onError={() => {}} />);
    expect(startBox().inputMode).toBe("text");
  });

  it.each([
    ["0915", "09:15"],
    ["9.30", "09:30"],
    ["9h30", "09:30"],
    ["9:30 pm", "21:30"],
  ])("reads '%s' as %s and shows it back as HH:mm", (typed, shown) => {
    const onChange = vi.fn();
    render(<TimeRangeEditor zone="UTC" debounce {...slot} onChange={onChange} onError={() => {}} />);
    fireEvent.change(startBox(), { target: { value: typed } });
    act(() => vi.advanceTimersByTime(950));
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ start: at(`2027-03-10T${shown}:00Z`) }));
    expect(startBox().value).toBe(shown);
  });

  it("in a form that commits at each key, waits for '153' to be left before reading it (it may become '1530')", () => {
    const onChange = vi.fn();
    render(<TimeRangeEditor zone="UTC" {...slot} onChange={onChange} onError={() => {}} />);
    fireEvent.change(startBox(), { target: { value: "153" } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(startBox(), { target: { value: "1530" } });
    expect(onChange).toHaveBeenLastCalledWith({ start: at("2027-03-10T15:30:00Z"), end: at("2027-03-10T16:30:00Z") });
    fireEvent.change(startBox(), { target: { value: "915" } });
    fireEvent.blur(startBox());
    expect(onChange).toHaveBeenLastCalledWith({ start: at("2027-03-10T09:15:00Z"), end: at("2027-03-10T10:15:00Z") });
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(startBox().value).toBe("09:15");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("moves the end with the start (the length kept), but keeps an end typed just before", () => {
    const onChange = vi.fn();
    const session = { start: at("2027-03-10T10:00:00Z"), end: at("2027-03-10T12:00:00Z") };
    render(<TimeRangeEditor zone="UTC" {...session} onChange={onChange} onError={() => {}} />);
    fireEvent.change(startBox(), { target: { value: "10:30" } });
    fireEvent.blur(startBox());
    expect(onChange).toHaveBeenLastCalledWith({ start: at("2027-03-10T10:30:00Z"), end: at("2027-03-10T12:30:00Z") });
    fireEvent.change(screen.getByLabelText("End time"), { target: { value: "13:00" } });
    fireEvent.change(startBox(), { target: { value: "11:00" } });
    fireEvent.blur(startBox());
    expect(onChange).toHaveBeenLastCalledWith({ start: at("2027-03-10T11:00:00Z"), end: at("2027-03-10T13:00:00Z") });
  });
});
