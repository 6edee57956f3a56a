import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PublicItinerary } from "@worker/features/itinerary/itinerary.schema";
import type { LiveTicket } from "@worker/features/live/live.schema";
import { aDay, anActivity, aUser } from "@web/test/fixtures";
import { session } from "@web/lib/session";
import { refuse, server, type ErrorBody } from "@web/test/server";
import { PublicItineraryPage } from "./public-itinerary-page";

type Privacy = PublicItinerary["privacy"];

const itinerary = (privacy: Privacy, fields: Partial<PublicItinerary> = {}): PublicItinerary => ({
  id: "ev1",
  name: "Lisbon weekend",
  subtitle: "",
  description: "",
  image: null,
  privacy,
  rsvpType: "OPEN",
  startTime: "2027-03-12T00:00:00.000Z",
  endTime: "2027-03-14T00:00:00.000Z",
  timeZone: "UTC",
  venue: null,
  owner: { guid: "u1", firstName: "Maya", lastName: "Host", profilePic: null },
  hosts: [{ guid: "u2", firstName: "Hal", lastName: "Cohost", profilePic: null }],
  guests: [],
  goingCount: 0,
  programs: [aDay({ activities: [anActivity({ documents: ["d1"] })] })],
  ...fields,
});

const sockets: string[] = [];
class RecordingSocket extends EventTarget {
  readyState = 0;
  binaryType = "blob";
  constructor(url: string) {
    super();
    sockets.push(url);
  }
  send() {}
  close() {
    this.readyState = 3;
  }
}

/** Stands in for features/social's tab, which the app's router hands to the page. */
const SocialStub = ({ eventId }: { eventId: string }) => <p>Social feed of {eventId}</p>;

function renderPage(privacy: Privacy, path = "/itinerary/ev1", fields: Partial<PublicItinerary> = {}) {
  server.use(
    http.get<{ eventId: string }, never, PublicItinerary | ErrorBody>("/oapi/itinerary/:eventId", ({ params }) =>
      params.eventId === "ev1" ? HttpResponse.json(itinerary(privacy, fields)) : refuse(404, "Event not found"),
    ),
    http.post<{ eventId: string }, never, LiveTicket>("/oapi/events/:eventId/live-ticket", () =>
      HttpResponse.json({ ticket: "ticket-1", expiresAt: new Date(Date.now() + 60_000).toISOString() }),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/itinerary/:eventId/*"
            element={<PublicItineraryPage socialTab={SocialStub} join={() => null} footer={() => null} />}
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("public itinerary page /itinerary/{eventId}", () => {
  beforeEach(() => {
    sockets.length = 0;
    vi.stubGlobal("WebSocket", RecordingSocket);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("follows live changes of a PUBLIC event", async () => {
    renderPage("PUBLIC");
    expect(await screen.findByRole("heading", { name: "Lisbon weekend" })).toBeTruthy();
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    expect(sockets[0]).toMatch(/\/api\/events\/ev1\/live\?ticket=ticket-1$/);
  });

  it("opens no live socket for a PRIVATE event, whose live room refuses strangers", async () => {
    renderPage("PRIVATE");
    expect(await screen.findByRole("heading", { name: "Lisbon weekend" })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sockets).toHaveLength(0);
  });

  it("names the owner and the co-hosts, and shows the next activity with a link that opens it", async () => {
    renderPage("PRIVATE");
    expect((await screen.findByText(/^Hosted by/)).textContent).toBe("Hosted by Maya Host and Hal Cohost");
    const card = screen.getByRole("region", { name: "Next up" });
    expect(within(card).getByText("Walking tour")).toBeTruthy();
    fireEvent.click(within(card).getByRole("link", { name: "Open in the itinerary" }));
    const details = await screen.findByRole("region", { name: "Activity details" });
    expect(within(details).getByRole("heading", { level: 3, name: "Walking tour" })).toBeTruthy();
  });

  it("says '12 going' with the first guests' faces on a public experience, and nothing where the list is private", async () => {
    const guests = ["Ana Lopes", "Rui Silva"].map((name, i) => {
      const [firstName, lastName] = name.split(" ") as [string, string];
      return { guid: `g${i}`, firstName, lastName, profilePic: null };
    });
    const { unmount } = renderPage("PUBLIC", "/itinerary/ev1", { guests, goingCount: 12 });
    expect((await screen.findByText(/going$/)).textContent).toBe("12 going");
    expect(screen.getByText("AL")).toBeTruthy();
    unmount();
    renderPage("PRIVATE", "/itinerary/ev1", { goingCount: null });
    expect(await screen.findByRole("heading", { name: "Lisbon weekend" })).toBeTruthy();
    expect(screen.queryByText(/going$/)).toBeNull();
  });

  it("tells a signed-in visitor who they are, and a visitor that it is a shared itinerary", async () => {
    renderPage("PRIVATE");
    expect(await screen.findByText("Shared itinerary")).toBeTruthy();
    act(() => session.save({ authToken: "a", refreshToken: "r", user: aUser({ firstName: "Ana", lastName: "Lima" }) }));
    expect(screen.getByRole("link", { name: "Signed in as Ana Lima" }).getAttribute("href")).toBe("/");
    expect(screen.queryByText("Shared itinerary")).toBeNull();
    act(() => session.clear());
  });

  it("does not offer activity documents to signed-out viewers", async () => {
    renderPage("PUBLIC");
    fireEvent.click(await screen.findByRole("button", { name: /Walking tour/ }));
    expect(screen.getByRole("heading", { name: "Walking tour" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Documents/ })).toBeNull();
  });

  it("offers an Itinerary | Social tab pair on a PUBLIC experience, and Social opens its feed at /itinerary/{id}/social", async () => {
    renderPage("PUBLIC");
    const tabs = await screen.findByRole("navigation", { name: "Experience sections" });
    expect(within(tabs).getByRole("link", { name: "Itinerary" }).getAttribute("aria-current")).toBe("page");
    fireEvent.click(within(tabs).getByRole("link", { name: "Social" }));
    expect(await screen.findByText("Social feed of ev1")).toBeTruthy();
    expect(within(tabs).getByRole("link", { name: "Social" }).getAttribute("aria-current")).toBe("page");
    expect(screen.queryByRole("button", { name: /Walking tour/ })).toBeNull();
  });

  it("opens the Social tab straight from its address", async () => {
    renderPage("PUBLIC", "/itinerary/ev1/social");
    expect(await screen.findByText("Social feed of ev1")).toBeTruthy();
  });

  it("shows no tabs on a PRIVATE experience, and its /social address falls back to the itinerary", async () => {
    renderPage("PRIVATE", "/itinerary/ev1/social");
    expect(await screen.findByRole("button", { name: /Walking tour/ })).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Experience sections" })).toBeNull();
    expect(screen.queryByText("Social feed of ev1")).toBeNull();
  });
});
