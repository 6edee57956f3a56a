import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { anAttendee } from "../attendees.test-support";
import { AttendeeList } from "./attendee-list";
import { ROW_HEIGHT } from "./attendee-row";

afterEach(() => vi.restoreAllMocks());

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
