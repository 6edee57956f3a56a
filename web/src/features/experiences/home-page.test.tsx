import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { server } from "@web/test/server";
import type { ExperienceListItem } from "@worker/features/experiences/experiences.schema";
import { HomePage } from "./home-page";

const owner = { guid: "o1", firstName: "Olga", lastName: "Owens", profilePic: null };
const item = (id: string, name: string, role: ExperienceListItem["role"]): ExperienceListItem => ({
  id,
  name,
  startTime: "2030-05-01T00:00:00.000Z",
  endTime: "2030-05-03T00:00:00.000Z",
  timeZone: "Europe/Lisbon",
  privacy: "PRIVATE",
  rsvpType: "INVITE_ONLY",
  image: null,
  owner,
  role,
  dayCount: 2,
  goingCount: 5,
});

function renderHome(list: ExperienceListItem[]) {
  server.use(http.get("/api/events", () => HttpResponse.json(list)));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <HomePage answer={({ eventName }) => <button type="button">Answer {eventName}</button>} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("Home", () => {
  it("shows the invitations waiting for an answer first, each with Join and Decline, apart from the experiences", async () => {
    renderHome([item("e1", "Porto Offsite", "guest"), item("e2", "Lisbon Retreat", "invited")]);
    const waiting = await screen.findByRole("region", { name: "Waiting for your answer" });
    expect(within(waiting).getByText("Lisbon Retreat")).toBeTruthy();
    expect(within(waiting).getByRole("button", { name: "Answer Lisbon Retreat" })).toBeTruthy();
    expect(within(waiting).queryByText("Porto Offsite")).toBeNull();
    expect(within(waiting).getByRole("link").getAttribute("href")).toBe("/experiences/e2");
    expect(screen.getByText("Porto Offsite")).toBeTruthy();
  });

  it("shows no empty state to someone whose only experience is an invitation", async () => {
    renderHome([item("e2", "Lisbon Retreat", "invited")]);
    await screen.findByRole("region", { name: "Waiting for your answer" });
    expect(screen.queryByText("No experiences yet")).toBeNull();
  });
});
