import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "@web/components/ui/toast";
import { aDay, anActivity, aPublicItinerary } from "@web/test/fixtures";
import { refuse, server, type ErrorBody } from "@web/test/server";
import type { PublicItinerary } from "@worker/shared/itinerary.schema";
import { PublicItineraryPage } from "../public-itinerary-page";

// A private experience: the page opens no live room for it, so no socket is needed here.
const itinerary = aPublicItinerary({
  rsvpType: "OPEN_INVITE",
  endTime: "2027-03-14T00:00:00.000Z",
  goingCount: null,
  programs: [aDay({ activities: [anActivity()] })],
});

/** Stands in for features/rsvp's Join, which the app's router hands to the page. */
const JoinStub = ({ experience }: { experience: PublicItinerary }) => <p>Join slot for {experience.rsvpType}</p>;
const FooterStub = () => <footer>App footer</footer>;
const FeedStub = () => null;

function renderPage(answer: (eventId: string) => Response = () => HttpResponse.json(itinerary)) {
  server.use(
    http.get<{ eventId: string }, never, PublicItinerary | ErrorBody>("/oapi/itinerary/:eventId", ({ params }) => answer(params.eventId)),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={["/itinerary/ev1"]}>
        <Routes>
          <Route path="/itinerary/:eventId/*" element={<PublicItineraryPage feedTab={FeedStub} join={JoinStub} footer={FooterStub} />} />
          <Route path="/" element={<p>Home page</p>} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("the share link's page offers what a guest came for", () => {
  it("hands the experience, with its rsvpType, to the Join slot", async () => {
    renderPage();
    expect(await screen.findByText("Join slot for OPEN_INVITE")).toBeTruthy();
  });

  it("links 'Add to calendar' to the itinerary's .ics file", async () => {
    renderPage();
    const link = await screen.findByRole("link", { name: "Add to calendar" });
    expect(link.getAttribute("href")).toBe("/oapi/itinerary/ev1/calendar.ics");
  });

  it("shares the page's link through the system share sheet where there is one", async () => {
    const share = vi.fn(async () => {});
    vi.stubGlobal("navigator", { ...navigator, share });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Share" }));
    await vi.waitFor(() => expect(share).toHaveBeenCalledWith({ title: "Lisbon weekend", url: `${window.location.origin}/itinerary/ev1` }));
    expect(screen.queryByText("Link copied to clipboard")).toBeNull();
  });

  it("copies the link with the share modal's words where there is no share sheet", async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal("navigator", { ...navigator, share: undefined, clipboard: { writeText } });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Share" }));
    expect(await screen.findByText("Link copied to clipboard")).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/itinerary/ev1`);
  });

  it("says nothing when the visitor dismisses the share sheet", async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal("navigator", {
      ...navigator,
      share: vi.fn(async () => Promise.reject(new DOMException("Share canceled", "AbortError"))),
      clipboard: { writeText },
    });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Share" }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByText(/copy/i)).toBeNull();
  });

  it("ends with the app's footer", async () => {
    renderPage();
    await screen.findByRole("heading", { name: "Lisbon weekend" });
    expect(screen.getByText("App footer")).toBeTruthy();
  });
});

describe("the share link's page when its experience cannot be shown", () => {
  it("says 'Event not found' and offers a way home", async () => {
    renderPage(() => refuse(404, "Event not found"));
    expect(await screen.findByRole("heading", { name: "Event not found" })).toBeTruthy();
    expect(screen.getByText("App footer")).toBeTruthy();
    fireEvent.click(screen.getByRole("link", { name: "Go to the home page" }));
    expect(await screen.findByText("Home page")).toBeTruthy();
  });

  it("offers 'Try again' when the itinerary could not be loaded, and shows it once it loads", async () => {
    let calls = 0;
    renderPage(() => (++calls === 1 ? refuse(500, "Something went wrong") : HttpResponse.json(itinerary)));
    expect(await screen.findByRole("heading", { name: "Error loading event" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "Lisbon weekend" })).toBeTruthy();
    expect(within(screen.getByRole("main")).queryByText("Error loading event")).toBeNull();
  });
});
