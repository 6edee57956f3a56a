import { act, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { TOAST_SPACE_VAR, Toaster, toast } from "./toast";

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

  it("stand at the bottom, clear of the top bar, above the home-screen banner and a phone's floating button", () => {
    render(<Toaster />);
    const area = document.querySelector<HTMLElement>("[data-toaster]")!;
    const classes = area.className.split(/\s+/);
    expect(classes.some((c) => /^(sm:)?top-/.test(c))).toBe(false);
    expect(classes).toContain("fixed");
    expect(classes.filter((c) => c.includes("bottom-")).every((c) => c.includes("var(--home-screen-banner-space,0px)"))).toBe(true);
    expect(classes.some((c) => c.startsWith("max-sm:[body:has([data-fab])_&]:bottom-"))).toBe(true);
  });

  it("ask the page to keep the room they take free at its foot (--toast-space) while any shows", () => {
    vi.useFakeTimers();
    expect(TOAST_SPACE_VAR).toBe("--toast-space");
    const box = vi
      .spyOn(HTMLElement.prototype, "getBoundingClientRect")
      .mockReturnValue(new DOMRect(0, window.innerHeight - 90.2, 390, 66));
    const space = () => document.documentElement.style.getPropertyValue(TOAST_SPACE_VAR);
    render(<Toaster />);
    expect(space()).toBe("");
    let id = 0;
    act(() => void (id = toast.error("You are offline. Some features may not be available.", 0)));
    expect(space()).toBe("91px");
    act(() => vi.advanceTimersByTime(60_000));
    expect(space()).toBe("91px");
    act(() => toast.dismiss(id));
    expect(space()).toBe("");

    // Above the home-screen banner, the room counted is the toasts' own: the banner keeps its room apart.
    document.documentElement.style.setProperty("--home-screen-banner-space", "140px");
    box.mockReturnValue(new DOMRect(0, window.innerHeight - 140 - 90.2, 390, 66));
    act(() => void (id = toast.error("You are offline. Some features may not be available.", 0)));
    expect(space()).toBe("91px");
    act(() => toast.dismiss(id));
    document.documentElement.style.removeProperty("--home-screen-banner-space");
    box.mockRestore();
    vi.useRealTimers();
  });

  it("measure their room again when the page changes under them, as when a floating button lifts them", async () => {
    const box = vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue(new DOMRect(0, window.innerHeight - 78, 390, 66));
    const space = () => document.documentElement.style.getPropertyValue(TOAST_SPACE_VAR);
    render(<Toaster />);
    let id = 0;
    act(() => void (id = toast.error("You are offline. Some features may not be available.", 0)));
    expect(space()).toBe("78px");

    box.mockReturnValue(new DOMRect(0, window.innerHeight - 78 - 96, 390, 66));
    const fab = document.createElement("button");
    fab.dataset.fab = "";
    document.body.append(fab);
    await vi.waitFor(() => expect(space()).toBe("174px"));

    act(() => toast.dismiss(id));
    fab.remove();
    box.mockRestore();
  });

  it("show an action's button, which runs the action once and dismisses the toast, and stay until then", async () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    render(<Toaster />);
    act(() => void toast.action("Update available", { label: "Reload", onClick: reload }));
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole("status").textContent).toContain("Update available");
    act(() => screen.getByRole("button", { name: "Reload" }).click());
    expect(reload).toHaveBeenCalledOnce();
    expect(screen.queryByText("Update available")).toBeNull();
    vi.useRealTimers();
  });
});
