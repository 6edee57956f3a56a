import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Privacy, PublicItinerary } from "../../lib/types";
import { aDay, anActivity } from "../../test/fixtures";
import { PublicItineraryPage } from "./public-itinerary-page";

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const itinerary = (privacy: Privacy): PublicItinerary => ({
  id: "ev1",
  name: "Lisbon weekend",
  subtitle: "",
  description: "",
  image: null,
  privacy,
  startTime: "2027-03-12T00:00:00.000Z",
  endTime: "2027-03-14T00:00:00.000Z",
  owner: { guid: "u1", firstName: "Maya", lastName: "Host", profilePic: null },
  hosts: [],
  guests: [],
  programs: [aDay({ activities: [anActivity({ documents: ["d1"] })] })],
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

function renderPage(privacy: Privacy) {
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const path = new URL(String(input), "http://test").pathname;
    return path === "/oapi/itinerary/ev1" ? json(itinerary(privacy)) : json({ error: "unexpected" }, 404);
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={["/itinerary/ev1"]}>
        <Routes>
          <Route path="/itinerary/:eventId" element={<PublicItineraryPage />} />
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
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("follows live changes of a PUBLIC event", async () => {
    renderPage("PUBLIC");
    expect(await screen.findByRole("heading", { name: "Lisbon weekend" })).toBeTruthy();
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    expect(sockets[0]).toMatch(/\/api\/events\/ev1\/live$/);
  });

  it("opens no live socket for a PRIVATE event, whose live room refuses strangers", async () => {
    renderPage("PRIVATE");
    expect(await screen.findByRole("heading", { name: "Lisbon weekend" })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sockets).toHaveLength(0);
  });

  it("does not offer activity documents to signed-out viewers", async () => {
    renderPage("PUBLIC");
    fireEvent.click(await screen.findByRole("button", { name: /Walking tour/ }));
    expect(screen.getByRole("heading", { name: "Walking tour" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Documents/ })).toBeNull();
  });
});
