import { fireEvent, render, screen } from "@testing-library/react";
import { useState, type ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { ConfirmDialog } from "./confirm-dialog";
import { Modal } from "./modal";

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
