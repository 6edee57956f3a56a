import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { anAttendee } from "../attendees.test-support";
import { AttendeeList } from "./attendee-list";
import { ROW_HEIGHT } from "./attendee-row";
import { TagFilter } from "./tag-filter";

afterEach(() => vi.restoreAllMocks());

const filterButton = () => screen.getByRole("button", { name: /^Filter by Tags/ }) as HTMLButtonElement;

/** Where the toolbar put the button: its left and right edges on a 360 px wide screen. */
function buttonAt(left: number, right: number) {
  vi.spyOn(window, "innerWidth", "get").mockReturnValue(360);
  vi.spyOn(HTMLButtonElement.prototype, "getBoundingClientRect").mockReturnValue(
    DOMRect.fromRect({ x: left, y: 0, width: right - left, height: 40 }),
  );
}

describe("Filter by Tags", () => {
  afterEach(() => vi.restoreAllMocks());

  it("is disabled when the list has no tags and none is chosen", () => {
    render(<TagFilter tags={[]} chosen={new Set()} onChange={vi.fn()} />);
    expect(filterButton().disabled).toBe(true);
  });

  it("can still be opened and cleared while a tag is chosen, even with no tags on the list", () => {
    const onChange = vi.fn();
    render(<TagFilter tags={[]} chosen={new Set(["vip"])} onChange={onChange} />);
    expect(filterButton().disabled).toBe(false);
    fireEvent.click(filterButton());
    fireEvent.click(screen.getByRole("button", { name: "Clear tags" }));
    expect(onChange).toHaveBeenCalledWith(new Set());
  });

  it("closes on a press elsewhere, keeping the choice", () => {
    const onChange = vi.fn();
    render(<TagFilter tags={["staff", "vip"]} chosen={new Set(["vip"])} onChange={onChange} />);
    fireEvent.click(filterButton());
    expect(filterButton().getAttribute("aria-expanded")).toBe("true");
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole("group", { name: "Filter by Tags" })).toBeNull();
    expect(filterButton().getAttribute("aria-expanded")).toBe("false");
    expect(onChange).not.toHaveBeenCalled();
  });

  it("opens its panel under the button, right edges aligned, when there is room on the left", () => {
    buttonAt(228, 344);
    render(<TagFilter tags={["vip"]} chosen={new Set()} onChange={vi.fn()} />);
    fireEvent.click(filterButton());
    expect(screen.getByRole("group", { name: "Filter by Tags" }).dataset.side).toBe("right");
  });

  it("opens its panel rightwards when the button sits at the start of a row, so the panel stays on a phone's screen", () => {
    buttonAt(16, 158);
    render(<TagFilter tags={["vip"]} chosen={new Set()} onChange={vi.fn()} />);
    fireEvent.click(filterButton());
    expect(screen.getByRole("group", { name: "Filter by Tags" }).dataset.side).toBe("left");
  });
});

const twoThousand = Array.from({ length: 2000 }, (_, i) => anAttendee({ id: `row${i + 1}` }, { firstName: "Guest", lastName: `${i + 1}` }));

function renderList(viewportHeight = 600) {
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(viewportHeight);
  return render(<AttendeeList attendees={twoThousand} column={false} canSelect={() => false} selected={new Set()} onToggle={() => {}} />);
}

const shown = () => screen.getAllByRole("listitem").map((li) => li.textContent!.match(/Guest (\d+)/)![1]);

describe("the attendee list", () => {
  it("puts only a window of 2,000 attendees in the page, on a scroll area as tall as all of them", () => {
    renderList();
    const rows = screen.getAllByRole("listitem");
    expect(rows.length).toBeGreaterThan(600 / ROW_HEIGHT);
    expect(rows.length).toBeLessThan(30);
    expect(shown()[0]).toBe("1");
    expect(screen.getByRole("list", { name: "Attendees" }).style.height).toBe(`${2000 * ROW_HEIGHT}px`);
    expect(rows[0]!.getAttribute("aria-setsize")).toBe("2000");
  });

  it("shows the rows at the scroll position, e.g. the last ones at the bottom", () => {
    renderList();
    const scroller = screen.getByRole("list", { name: "Attendees" }).parentElement!;
    scroller.scrollTop = 2000 * ROW_HEIGHT - 600;
    fireEvent.scroll(scroller);
    expect(shown()).toContain("2000");
    expect(shown()).not.toContain("1");
    expect(screen.getAllByRole("listitem").length).toBeLessThan(30);
  });
});
