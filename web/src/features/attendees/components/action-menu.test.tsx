import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ActionMenu } from "./action-menu";

function renderMenu() {
  const chosen = vi.fn();
  render(
    <ActionMenu
      actions={[
        { label: "Approve", onSelect: () => chosen("Approve") },
        { label: "Reject", onSelect: () => chosen("Reject"), disabled: true },
        { label: "Resend invite", onSelect: () => chosen("Resend invite") },
      ]}
    />,
  );
  return { chosen, button: screen.getByRole("button", { name: "Actions" }) };
}

const focused = () => document.activeElement?.textContent;

describe("the action menu", () => {
  it("opens on ArrowDown with the first item focused, and moves with the arrows, Home and End", () => {
    const { button } = renderMenu();
    expect(button.getAttribute("aria-haspopup")).toBe("menu");
    fireEvent.keyDown(button, { key: "ArrowDown" });
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(focused()).toBe("Approve");
    const menu = screen.getByRole("menu");
    fireEvent.keyDown(menu, { key: "ArrowDown" });
    expect(focused()).toBe("Reject");
    fireEvent.keyDown(menu, { key: "End" });
    expect(focused()).toBe("Resend invite");
    fireEvent.keyDown(menu, { key: "ArrowDown" });
    expect(focused()).toBe("Approve");
    fireEvent.keyDown(menu, { key: "ArrowUp" });
    expect(focused()).toBe("Resend invite");
    fireEvent.keyDown(menu, { key: "Home" });
    expect(focused()).toBe("Approve");
  });

  it("opens on ArrowUp with the last item focused", () => {
    const { button } = renderMenu();
    fireEvent.keyDown(button, { key: "ArrowUp" });
    expect(focused()).toBe("Resend invite");
  });

  it("closes on Escape and gives focus back to its button", () => {
    const { button } = renderMenu();
    fireEvent.click(button);
    fireEvent.keyDown(screen.getByRole("menu"), { key: "Escape" });
    expect(screen.queryByRole("menu")).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it("runs a chosen item and closes; a disabled item does nothing", () => {
    const { button, chosen } = renderMenu();
    fireEvent.click(button);
    fireEvent.click(screen.getByRole("menuitem", { name: "Reject" }));
    expect(chosen).not.toHaveBeenCalled();
    expect(screen.getByRole("menu")).toBeTruthy();
    fireEvent.click(screen.getByRole("menuitem", { name: "Resend invite" }));
    expect(chosen).toHaveBeenCalledWith("Resend invite");
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("closes on a click elsewhere", () => {
    const { button } = renderMenu();
    fireEvent.click(button);
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole("menu")).toBeNull();
  });
});
