import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { session, type CurrentUser } from "../../lib/session";
import { ProfilePage } from "./profile-page";

const user: CurrentUser = { guid: "u1", firstName: "Ana", lastName: "Lima", emailId: "ana@example.com", organisation: "Lima Travel", bio: "", tags: ["hiking"], profilePic: null };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

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

afterEach(() => {
  vi.restoreAllMocks();
  session.clear();
});

describe("the profile page", () => {
  it("shows the signed-in user at once, without waiting for the server", () => {
    session.save({ authToken: "a", refreshToken: "r", user });
    vi.spyOn(globalThis, "fetch").mockReturnValue(new Promise(() => {}));
    renderPage();
    expect(screen.getByRole("heading", { name: "Ana Lima" })).toBeTruthy();
    expect(screen.getByText("Ana's Experiences")).toBeTruthy();
  });

  it("shows 'Loading...' until the user is known, then the reason and 'Try again' if that fails", async () => {
    session.save({ authToken: "a", refreshToken: "r" });
    const fetchMock = vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(json(500, { error: "Database unavailable" }));
    renderPage();
    expect(screen.getByText("Loading...")).toBeTruthy();
    expect(await screen.findByText("Database unavailable")).toBeTruthy();
    fetchMock.mockImplementation(async (input) => (String(input).includes("/api/profile/user") ? json(200, user) : json(200, [])));
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "Ana Lima" })).toBeTruthy();
  });
});
