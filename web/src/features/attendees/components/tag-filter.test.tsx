import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { TagFilter } from "./tag-filter";

const filterButton = () => screen.getByRole("button", { name: /^Filter by Tags/ }) as HTMLButtonElement;

describe("Filter by Tags", () => {
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
});
