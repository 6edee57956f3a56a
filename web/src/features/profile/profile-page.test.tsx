import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { delay, http, HttpResponse, type PathParams } from "msw";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { session } from "@web/lib/session";
import { aUser } from "@web/test/fixtures";
import { refuse, server, type ErrorBody } from "@web/test/server";
import type { ExperienceListItem } from "@worker/features/experiences/experiences.schema";
import type { UserView } from "@worker/shared/views.schema";
import { ProfilePage } from "./profile-page";

const user = aUser({ organisation: "Lima Travel", tags: ["hiking"] });

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ProfilePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => session.clear());

describe("the profile page", () => {
  it("shows the signed-in user at once, without waiting for the server", () => {
    session.save({ authToken: "a", refreshToken: "r", user });
    server.use(
      http.all("*", async () => {
        await delay("infinite");
        return new HttpResponse(null);
      }),
    );
    renderPage();
    expect(screen.getByRole("heading", { name: "Ana Lima" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Ana's Experiences" })).toBeTruthy();
  });

  it("shows 'Loading...' until the user is known, then the reason and 'Try again' if that fails", async () => {
    session.save({ authToken: "a", refreshToken: "r" });
    server.use(http.get<PathParams, never, ErrorBody>("/api/profile/user", () => refuse(500, "Database unavailable"), { once: true }));
    renderPage();
    expect(screen.getByText("Loading...")).toBeTruthy();
    expect(await screen.findByText("Database unavailable")).toBeTruthy();
    server.use(
      http.get<PathParams, never, UserView>("/api/profile/user", () => HttpResponse.json(user)),
      http.get<PathParams, never, ExperienceListItem[]>("/api/events", () => HttpResponse.json([])),
    );
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "Ana Lima" })).toBeTruthy();
  });
});
