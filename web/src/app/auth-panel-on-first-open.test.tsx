import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AppConfig } from "../../../worker/features/config/config.schema";
import { authPanel } from "../lib/auth-panel";
import { server } from "../test/server";
import { AuthPanelOnFirstOpen } from "./auth-panel-on-first-open";

beforeEach(() =>
  server.use(http.get<PathParams, never, AppConfig>("/oapi/config", () => HttpResponse.json({ googleClientId: null, imageSearch: false, places: false }))),
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
