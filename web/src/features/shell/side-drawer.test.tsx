import { act, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { SignedInLayout } from "@web/app/layouts";
import { session } from "@web/lib/session";
import { aUser } from "@web/test/fixtures";

function openDrawer() {
  session.save({ authToken: "a", refreshToken: "r", user: aUser() });
  render(
    <RouterProvider router={createMemoryRouter([{ element: <SignedInLayout />, children: [{ path: "*", element: <h1>Home</h1> }] }])} />,
  );
  const opener = screen.getByRole("button", { name: "Open menu" });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}

afterEach(() => act(() => session.clear()));

describe("the side drawer", () => {
  it("opens as a modal with focus on its first link", () => {
    openDrawer();
    expect(screen.getByRole("dialog", { name: "Menu" }).getAttribute("aria-modal")).toBe("true");
    expect(document.activeElement).toBe(screen.getByRole("link", { name: "Home" }));
  });

  it("keeps Tab inside, wrapping from its last link to its first", () => {
    openDrawer();
    screen.getByRole("link", { name: "Experiences" }).focus();
    fireEvent.keyDown(document.activeElement!, { key: "Tab" });
    expect(document.activeElement).toBe(screen.getByRole("link", { name: "Home" }));
  });

  it("closes on Escape with focus back on the menu button", () => {
    const opener = openDrawer();
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
