import { act, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Toaster, toast } from "./toast";

describe("toasts", () => {
  it("disappear after 2.6 seconds by default", () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => void toast.success("Profile Updated"));
    expect(screen.getByText("Profile Updated")).toBeTruthy();
    act(() => vi.advanceTimersByTime(2599));
    expect(screen.queryByText("Profile Updated")).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText("Profile Updated")).toBeNull();
    vi.useRealTimers();
  });

  it("stay until dismissed with a duration of 0", () => {
    vi.useFakeTimers();
    render(<Toaster />);
    let id = 0;
    act(() => void (id = toast.error("Sticky", 0)));
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText("Sticky")).toBeTruthy();
    act(() => toast.dismiss(id));
    expect(screen.queryByText("Sticky")).toBeNull();
    vi.useRealTimers();
  });
});
