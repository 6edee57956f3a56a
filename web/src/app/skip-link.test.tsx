import { fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { PlainLayout, RootLayout } from "./layouts";

function renderPage() {
  const router = createMemoryRouter([
    { element: <RootLayout />, children: [{ element: <PlainLayout />, children: [{ path: "*", element: <h1>Reset your password</h1> }] }] },
  ]);
  render(<RouterProvider router={router} />);
}

describe("the skip link", () => {
  it("is the first thing Tab reaches, before the top bar", async () => {
    renderPage();
    await screen.findByRole("heading", { name: "Reset your password" });
    const first = document.querySelector<HTMLElement>("a[href], button");
    expect(first).toBe(screen.getByRole("link", { name: "Skip to main content" }));
  });

  it("moves focus to the main content, leaving the address as it was", async () => {
    renderPage();
    await screen.findByRole("heading", { name: "Reset your password" });
    const skip = screen.getByRole("link", { name: "Skip to main content" });
    const followed = fireEvent.click(skip);
    expect(followed).toBe(false);
    const main = screen.getByRole("main");
    expect(document.activeElement).toBe(main);
    expect(main.tabIndex).toBe(-1);
    expect(main.textContent).toContain("Reset your password");
  });
});
