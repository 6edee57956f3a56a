import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { reloadOnceForMissingChunk } from "@web/lib/chunk-reload";
import { PAGE_NOT_LOADED, RouteError, SOMETHING_WENT_WRONG } from "./route-error";

vi.mock("@web/lib/chunk-reload", () => ({ reloadOnceForMissingChunk: vi.fn(() => false) }));
// Cleared before each test, once the last one has unmounted: its screen's effect may run late on a busy machine.
beforeEach(() => vi.mocked(reloadOnceForMissingChunk).mockClear());

function pageThatFails(error: Error) {
  const router = createMemoryRouter([
    {
      path: "/",
      errorElement: <RouteError />,
      lazy: async () => {
        throw error;
      },
    },
  ]);
  render(<RouterProvider router={router} />);
}

describe("a page that cannot be shown", () => {
  it(`says '${PAGE_NOT_LOADED}' when the page's code cannot be fetched, with Try again and a way home`, async () => {
    pageThatFails(new TypeError("Failed to fetch dynamically imported module: http://localhost/assets/legal-pages.js"));
    await screen.findByRole("heading", { level: 1, name: "Page not loaded" });
    screen.getByText(PAGE_NOT_LOADED);
    screen.getByRole("button", { name: "Try again" });
    expect(screen.getByRole("link", { name: "Go to the home page" }).getAttribute("href")).toBe("/");
    expect(screen.getByRole("main").id).toBe("main");
  });

  it("asks for the one reload when its code cannot be fetched online (a deploy replaced it), not for other failures", async () => {
    pageThatFails(new TypeError("Failed to fetch dynamically imported module: http://localhost/assets/legal-pages.js"));
    await screen.findByRole("heading", { level: 1, name: "Page not loaded" });
    // reloadOnceForMissingChunk keeps it to one (chunk-reload.test.ts), however often the error screen mounts.
    expect(reloadOnceForMissingChunk).toHaveBeenCalled();
  });

  it(`says '${SOMETHING_WENT_WRONG}' for any other failure, never the error's stack`, async () => {
    pageThatFails(new Error("Cannot read properties of undefined (reading 'programs')"));
    await screen.findByRole("heading", { level: 1, name: "Something went wrong" });
    screen.getByText(SOMETHING_WENT_WRONG);
    expect(screen.queryByText(/Cannot read properties/)).toBeNull();
    expect(reloadOnceForMissingChunk).not.toHaveBeenCalled();
  });
});
