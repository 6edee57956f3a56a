import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { Menu, type MenuItem } from "./menu";

function renderMenu(items?: MenuItem[]) {
  const chosen = vi.fn();
  const shown = items ?? [
    { label: "Approve", onSelect: () => chosen("Approve", document.activeElement) },
    { label: "Reject", onSelect: () => chosen("Reject"), disabled: true },
    { label: "Resend invite", onSelect: () => chosen("Resend invite") },
    { label: "Remove", onSelect: () => chosen("Remove") },
  ];
  render(
    <MemoryRouter>
      <Routes>
        <Route
          path="/"
          element={
            <>
              <Menu items={shown} buttonClassName="">
                Actions
              </Menu>
              <button type="button">After</button>
            </>
          }
        />
        <Route path="/profile" element={<h1>Profile page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  return { chosen, button: screen.getByRole("button", { name: "Actions" }) };
}

const focused = () => document.activeElement?.textContent;
const press = (key: string) => fireEvent.keyDown(document.activeElement!, { key });

describe("a menu button", () => {
  it("says it opens a menu, and whether it is open", () => {
    const { button } = renderMenu();
    expect(button.getAttribute("aria-haspopup")).toBe("menu");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    const menu = screen.getByRole("menu", { name: "Actions" });
    expect(button.getAttribute("aria-controls")).toBe(menu.id);
    expect(screen.getAllByRole("menuitem").map((item) => item.textContent)).toEqual(["Approve", "Reject", "Resend invite", "Remove"]);
  });

  it("opens on a click or ArrowDown with focus on the first item", () => {
    const { button } = renderMenu();
    fireEvent.click(button);
    expect(focused()).toBe("Approve");
    fireEvent.click(button);
    expect(screen.queryByRole("menu")).toBeNull();
    button.focus();
    press("ArrowDown");
    expect(focused()).toBe("Approve");
  });

  it("opens on ArrowUp with focus on the last item", () => {
    renderMenu().button.focus();
    press("ArrowUp");
    expect(focused()).toBe("Remove");
  });

  it("moves down and up with the arrows, wrapping at both ends, and keeps disabled items reachable", () => {
    renderMenu().button.focus();
    press("ArrowDown");
    press("ArrowDown");
    expect(focused()).toBe("Reject");
    press("ArrowDown");
    press("ArrowDown");
    expect(focused()).toBe("Remove");
    press("ArrowDown");
    expect(focused()).toBe("Approve");
    press("ArrowUp");
    expect(focused()).toBe("Remove");
  });

  it("goes to the first item on Home and the last on End", () => {
    fireEvent.click(renderMenu().button);
    press("End");
    expect(focused()).toBe("Remove");
    press("Home");
    expect(focused()).toBe("Approve");
  });

  it("goes to the next item starting with a typed character, wrapping, in either case", () => {
    renderMenu().button.focus();
    press("ArrowDown");
    press("r");
    expect(focused()).toBe("Reject");
    press("R");
    expect(focused()).toBe("Resend invite");
    press("r");
    expect(focused()).toBe("Remove");
    press("r");
    expect(focused()).toBe("Reject");
    press("z");
    expect(focused()).toBe("Reject");
  });

  it("closes on Escape and gives focus back to its button", () => {
    const { button } = renderMenu();
    fireEvent.click(button);
    press("Escape");
    expect(screen.queryByRole("menu")).toBeNull();
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(button);
  });

  it("closes on Tab, letting focus move on", () => {
    const { button } = renderMenu();
    fireEvent.click(button);
    const tab = fireEvent.keyDown(document.activeElement!, { key: "Tab" });
    expect(tab).toBe(true);
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("closes on a press elsewhere, leaving focus where it went", () => {
    const { button } = renderMenu();
    fireEvent.click(button);
    fireEvent.pointerDown(screen.getByRole("button", { name: "After" }));
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("runs a chosen item once focus is back on its button, and closes", () => {
    const { button, chosen } = renderMenu();
    fireEvent.click(button);
    fireEvent.click(screen.getByRole("menuitem", { name: "Approve" }));
    expect(chosen).toHaveBeenCalledExactlyOnceWith("Approve", button);
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("does nothing for a disabled item, which says so", () => {
    const { button, chosen } = renderMenu();
    fireEvent.click(button);
    const reject = screen.getByRole("menuitem", { name: "Reject" });
    expect(reject.getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(reject);
    expect(chosen).not.toHaveBeenCalled();
    expect(screen.getByRole("menu")).toBeTruthy();
  });

  it("opens a page from a link item, on a click or on Space", async () => {
    const { button } = renderMenu([{ label: "Profile", to: "/profile" }, { label: "Logout" }]);
    fireEvent.click(button);
    const profile = screen.getByRole("menuitem", { name: "Profile" });
    expect(profile.getAttribute("href")).toBe("/profile");
    press(" ");
    expect(await screen.findByRole("heading", { name: "Profile page" })).toBeTruthy();
  });
});
