import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { MemoryRouter, Outlet, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ExperienceTabContext } from "@web/hooks/use-experience-tab";
import { session } from "@web/lib/session";
import { anExperience, aUser } from "@web/test/fixtures";
import { server } from "@web/test/server";
import type { ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import { FeedTab } from "./feed-tab";
import { aPage, aPost, FEED, feedPages, installBrowserStubs, OPEN_FEED, renderWithClient } from "./feed.test-support";
import { PublicFeedTab } from "./public-feed-tab";

/** The tab in manage mode for an organiser (as the manage page shows it), or with `manage` false the guests' page. */
function renderTab(event: ExperienceDetail, manage = event.isOwner || event.isHost) {
  const context: ExperienceTabContext = { event, manage, canEdit: manage };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={["/experiences/ev1/social"]}>
        <Routes>
          <Route path="/experiences/:eventId" element={<Outlet context={context} />}>
            <Route path="social" element={<FeedTab />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(installBrowserStubs);
afterEach(() => {
  session.clear();
  vi.unstubAllGlobals();
});

describe("the Social tab", () => {
  beforeEach(() => session.save({ authToken: "a", refreshToken: "r", user: aUser({ guid: "u2" }) }));

  it.each([
    ["the owner", { isOwner: true }],
    ["a host", { isOwner: false, isHost: true }],
    ["a guest", { isOwner: false, isGuest: true }],
  ])("gives %s the composer", async (_, role) => {
    feedPages([aPage([aPost()])]);
    server.use(http.get(`${FEED}/reports`, () => HttpResponse.json({ subjects: [], muted: [] })));
    renderTab(anExperience(role));
    expect(await screen.findByText("Sunset at the castle")).toBeTruthy();
    expect(screen.getByRole("form", { name: "New post" })).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Write a comment" })).toBeTruthy();
    // The 'Reported' list is the organisers' alone.
    expect(Boolean(screen.queryByRole("region", { name: "Reported" }))).toBe(role.isOwner || "isHost" in role);
  });

  it("shows an organiser previewing the guests' page no 'Reported' list and no moderation: their post menu is a guest's", async () => {
    feedPages([aPage([aPost()])]);
    renderTab(anExperience({ isOwner: true }), false);
    expect(await screen.findByText("Sunset at the castle")).toBeTruthy();
    expect(screen.getByRole("form", { name: "New post" })).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Reported" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Post options" }));
    expect(screen.queryByRole("menuitem", { name: "Hide from guests" })).toBeNull();
    expect(screen.getByRole("menuitem", { name: "Report" })).toBeTruthy();
  });

  it("lets a signed-in non-participant of a public experience read only: no composer, no comment box, no like button", async () => {
    feedPages([aPage([aPost({ likesCount: 2 })])]);
    renderTab(anExperience({ isOwner: false }));
    expect(await screen.findByText("Sunset at the castle")).toBeTruthy();
    expect(screen.queryByRole("form", { name: "New post" })).toBeNull();
    expect(screen.queryByRole("textbox", { name: "Write a comment" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Like/ })).toBeNull();
    expect(screen.getByText("2 likes")).toBeTruthy();
  });
});

describe("the public Social tab", () => {
  it("reads the feed through /oapi signed out, with no composer, and Like asking to sign in", async () => {
    feedPages([aPage([aPost()])], OPEN_FEED);
    renderWithClient(<PublicFeedTab eventId="ev1" timeZone="UTC" />);
    expect(await screen.findByText("Sunset at the castle")).toBeTruthy();
    expect(screen.queryByRole("form", { name: "New post" })).toBeNull();
    expect(screen.getByRole("button", { name: "Like, 0 likes" }).getAttribute("aria-pressed")).toBeNull();
    expect(screen.getByRole("button", { name: "Comment" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Open in the app" })).toBeNull();
  });

  it("points a signed-in reader to the experience's own Social tab with 'Open in the app'", async () => {
    session.save({ authToken: "a", refreshToken: "r", user: aUser({ guid: "u2" }) });
    feedPages([aPage([aPost()])], OPEN_FEED);
    renderWithClient(<PublicFeedTab eventId="ev1" timeZone="UTC" />);
    expect(await screen.findByText("Sunset at the castle")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open in the app" }).getAttribute("href")).toBe("/experiences/ev1/social");
  });
});
