import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import type { ComponentType } from "react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast, Toaster } from "@web/components/ui/toast";
import { authPanel, useAuthPanelMode } from "@web/lib/auth-panel";
import { server } from "@web/test/server";
import type { AppConfig } from "@worker/features/config/config.schema";
import { AuthPanelOnFirstOpen } from "./auth-panel-on-first-open";
import { PAGE_NOT_LOADED, SOMETHING_WENT_WRONG } from "./route-error";

beforeEach(() =>
  server.use(
    http.get<PathParams, never, AppConfig>("/oapi/config", () =>
      HttpResponse.json({ googleClientId: null, imageSearch: false, places: false, pushPublicKey: "test-key" }),
    ),
  ),
);
afterEach(() => act(() => authPanel.close()));

const renderPanel = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <AuthPanelOnFirstOpen />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe("the auth panel, loaded on its first open", () => {
  it("shows nothing, and loads none of the panel, until someone opens it", () => {
    const { container } = renderPanel();
    expect(container.innerHTML).toBe("");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("opens on authPanel.open() as before, in the mode asked", async () => {
    renderPanel();
    act(() => authPanel.open("register"));
    expect(await screen.findByRole("dialog", { name: "Create your account" })).toBeTruthy();
  });

  it("closes and opens again once loaded", async () => {
    renderPanel();
    act(() => authPanel.open());
    expect(await screen.findByRole("dialog", { name: "Login" })).toBeTruthy();
    act(() => authPanel.close());
    expect(screen.queryByRole("dialog")).toBeNull();
    act(() => authPanel.open("forgot-password"));
    expect(await screen.findByRole("dialog", { name: "Reset your password" })).toBeTruthy();
  });
});

/** What a failed chunk import rejects with in Chromium (offline, or a chunk name a deploy replaced). */
const chunkMissing = () => Promise.reject(new TypeError("Failed to fetch dynamically imported module: /assets/auth-panel-old.js"));
const StubPanel = () => (useAuthPanelMode() ? <div role="dialog" aria-label="Login" /> : null);

function renderWithPage(load: () => Promise<{ default: ComponentType }>) {
  return render(
    <>
      <p>The page under the panel</p>
      <AuthPanelOnFirstOpen load={load} />
      <Toaster />
    </>,
  );
}

describe("the auth panel, when its code cannot load", () => {
  beforeEach(() => vi.spyOn(console, "error").mockImplementation(() => {}));
  afterEach(() => vi.restoreAllMocks());

  it(`closes the panel and says '${PAGE_NOT_LOADED}', keeping the page; the next open imports again and opens it`, async () => {
    const load = vi.fn().mockImplementationOnce(chunkMissing).mockResolvedValue({ default: StubPanel });
    renderWithPage(load);

    act(() => authPanel.open());
    expect(await screen.findByText(PAGE_NOT_LOADED)).toBeTruthy();
    expect(screen.getByText("The page under the panel")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByRole("status", { name: "Loading sign-in" })).toBeNull();

    act(() => authPanel.open());
    expect(await screen.findByRole("dialog", { name: "Login" })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it(`closes a panel that throws while showing with '${SOMETHING_WENT_WRONG}', not a loading problem`, async () => {
    const Broken = () => {
      throw new Error("a bug in the panel");
    };
    const shown = vi.spyOn(toast, "error");
    renderWithPage(() => Promise.resolve({ default: Broken }));

    act(() => authPanel.open());
    expect(await screen.findByText(SOMETHING_WENT_WRONG)).toBeTruthy();
    expect(shown.mock.calls).toEqual([[SOMETHING_WENT_WRONG]]);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByText("The page under the panel")).toBeTruthy();
  });
});
