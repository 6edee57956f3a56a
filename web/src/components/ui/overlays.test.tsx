import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState, type ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { Avatar } from "./avatar";
import { ConfirmDialog } from "./confirm-dialog";
import { Modal } from "./modal";
import { Picture } from "./picture";
import { TOAST_SPACE_VAR, Toaster, toast } from "./toast";

/** A page with a button that opens `dialog`, as every screen of the app does. */
function Page({ dialog }: { dialog: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && dialog(() => setOpen(false))}
    </>
  );
}

function openWith(dialog: (close: () => void) => ReactNode) {
  render(<Page dialog={dialog} />);
  const opener = screen.getByRole("button", { name: "Open" });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}

const form = (close: () => void, autoFocus = false) => (
  <Modal title="New Experience" onClose={close}>
    <label>
      Name <input autoFocus={autoFocus} />
    </label>
    <label>
      Notes <textarea />
    </label>
    <button type="button" disabled>
      Later
    </button>
    <button type="submit">Create</button>
  </Modal>
);

const tab = (shiftKey = false) => fireEvent.keyDown(document.activeElement!, { key: "Tab", shiftKey });

describe("a modal", () => {
  it("starts on the first field of its body, not on the × in its header", () => {
    openWith((close) => form(close));
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Name" }));
  });

  it("gives focus back to the button that opened it on Escape, even when a field took focus with autoFocus", () => {
    const opener = openWith((close) => form(close, true));
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Name" }));
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("gives focus back to its opener when closed with the ×", () => {
    const opener = openWith((close) => form(close));
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("keeps Tab inside: from the last control to the ×, and Shift+Tab from the × to the last control", () => {
    openWith((close) => form(close));
    const close = screen.getByRole("button", { name: "Close" });
    const create = screen.getByRole("button", { name: "Create" });
    create.focus();
    expect(tab()).toBe(false);
    expect(document.activeElement).toBe(close);
    expect(tab(true)).toBe(false);
    expect(document.activeElement).toBe(create);
  });

  it("leaves Tab between its own controls to the browser", () => {
    openWith((close) => form(close));
    expect(tab()).toBe(true);
    expect(tab(true)).toBe(true);
  });

  it("answers Escape only in the innermost of two open modals", () => {
    const outer = vi.fn();
    render(
      <Modal title="Outer" onClose={outer}>
        <Page
          dialog={(close) => (
            <Modal title="Inner" onClose={close}>
              <button type="button">Inside</button>
            </Modal>
          )}
        />
      </Modal>,
    );
    const opener = screen.getByRole("button", { name: "Open" });
    opener.focus();
    fireEvent.click(opener);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Inside" }));
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    expect(screen.queryByRole("dialog", { name: "Inner" })).toBeNull();
    expect(outer).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(opener);
  });

  it("is one dialog landmark: its title bar is no banner", () => {
    openWith((close) => form(close));
    expect(screen.getByRole("dialog", { name: "New Experience" }).getAttribute("aria-modal")).toBe("true");
    expect(screen.queryByRole("banner")).toBeNull();
  });
});

describe("a confirmation", () => {
  it("starts on Cancel, the safe choice, and gives focus back to its opener when cancelled", () => {
    const opener = openWith((close) => <ConfirmDialog message="Delete this post?" onConfirm={() => undefined} onClose={close} />);
    const cancel = screen.getByRole("button", { name: "Cancel" });
    expect(document.activeElement).toBe(cancel);
    fireEvent.click(cancel);
    expect(document.activeElement).toBe(opener);
  });
});

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

describe("Picture", () => {
  it("shows the experience's initials in the image's box, never a broken image, when its link fails", () => {
    const { container, rerender } = render(
      <Picture src="https://images.example.com/gone.jpg" name="Douro Valley Escape" alt="" className="size-20" />,
    );
    fireEvent.error(container.querySelector("img")!);
    expect(container.querySelector("img")).toBeNull();
    const placeholder = container.querySelector("span")!;
    expect(placeholder.textContent).toBe("DV");
    expect(placeholder.className).toContain("size-20");
    expect(placeholder.getAttribute("aria-hidden")).toBe("true");
    // A new link is tried again.
    rerender(<Picture src="https://images.example.com/new.jpg" name="Douro Valley Escape" alt="" className="size-20" />);
    expect(container.querySelector("img")?.getAttribute("src")).toBe("https://images.example.com/new.jpg");
  });

  it("keeps a described picture's words on its placeholder", () => {
    const { container } = render(<Picture src="https://images.example.com/gone.jpg" name="Ana Lopes" alt="Photo by Ana Lopes" />);
    fireEvent.error(container.querySelector("img")!);
    expect(screen.getByRole("img", { name: "Photo by Ana Lopes" }).textContent).toBe("AL");
  });

  it("gives an avatar whose picture fails the person's initials", () => {
    const { container } = render(<Avatar src="https://images.example.com/gone.jpg" name="Alex Rivera" />);
    fireEvent.error(container.querySelector("img")!);
    expect(container.textContent).toBe("AR");
  });
});
