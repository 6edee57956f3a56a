import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { authPanel, useAuthPanelMode } from "@web/lib/auth-panel";
import { FIRST_VIEW_ID } from "@worker/shared/first-view";
import { LandingLayout, PageLoading } from "./layouts";

function PanelProbe() {
  return <p>panel:{useAuthPanelMode() ?? "closed"}</p>;
}

function signedOutAt(path: string) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<LandingLayout />}>
            <Route path="*" element={<PanelProbe />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => authPanel.close());

describe("the signed-out landing", () => {
  // In this order: the module remembers, for the page load, that it has welcomed someone.
  it("leaves the home page to its visitor", async () => {
    signedOutAt("/");
    expect(await screen.findByText("panel:closed")).toBeTruthy();
  });

  it("opens the sign-in panel for a link into the app, such as an invitation's /experiences/{id}", async () => {
    signedOutAt("/experiences/e1");
    expect(await screen.findByText("panel:login")).toBeTruthy();
  });

  it("opens it once a page load, not again when a logout lands on the landing", async () => {
    signedOutAt("/manage/experiences");
    expect(await screen.findByText("panel:closed")).toBeTruthy();
  });
});

describe("while a page's code loads", () => {
  afterEach(() => document.getElementById(FIRST_VIEW_ID)?.remove());

  it("shows a spinner in the skip link's target", () => {
    render(<PageLoading />);
    expect(within(screen.getByRole("main")).getByRole("status", { name: "Loading" })).toBeTruthy();
  });

  it("shows no spinner while the HTML's first view stands in for the page, so nothing under it moves when the view goes", () => {
    const view = document.createElement("div");
    view.id = FIRST_VIEW_ID;
    document.body.prepend(view);
    render(<PageLoading />);
    expect(screen.getByRole("main")).toBeTruthy();
    expect(screen.queryByRole("status")).toBeNull();
  });
});
