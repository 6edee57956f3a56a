import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within, fireEvent } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import { MemoryRouter, Route, Routes, createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { PublicItineraryPage } from "@web/features/itinerary/public-itinerary-page";
import { i18n } from "@web/lib/i18n";
import { aPublicItinerary } from "@web/test/fixtures";
import { server } from "@web/test/server";
import { readIn } from "@web/test/words";
import { itineraryFirstView } from "@worker/shared/itinerary-first-view";
import type { PublicItinerary } from "@worker/shared/itinerary.schema";
import { PlainLayout, RootLayout } from "./layouts";

/** The top of the share page (name, subtitle, dates, description) as the Worker's HTML shows it before the app runs. */
function staticTop(data: PublicItinerary): string[] {
  const html = document.createElement("div");
  html.innerHTML = itineraryFirstView(data, i18n);
  return [...html.querySelector("h1")!.parentElement!.children].map((element) => element.outerHTML);
}

/** The same part of the app's page: its first elements, before the host and the actions the static view has not. */
async function appTop(data: PublicItinerary): Promise<string[]> {
  server.use(http.get<PathParams, never, PublicItinerary>("/oapi/itinerary/ev1", () => HttpResponse.json(data)));
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={["/itinerary/ev1"]}>
        <Routes>
          <Route
            path="/itinerary/:eventId/*"
            element={<PublicItineraryPage feedTab={() => null} join={() => null} footer={() => null} />}
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const heading = await screen.findByRole("heading", { level: 1, name: data.name });
  return [...heading.parentElement!.children].map((element) => element.outerHTML);
}

describe("the share page's static first view is the app's page top, element for element, so the handoff moves nothing", () => {
  it("shows the subtitle under the name, then the dates and the description", async () => {
    const data = aPublicItinerary({ subtitle: "Tiles & trams", description: "Three days by the sea." });
    const top = staticTop(data);
    expect(top).toHaveLength(4);
    expect((await appTop(data)).slice(0, 4)).toEqual(top);
    const heading = screen.getByRole("heading", { level: 1, name: "Lisbon weekend" });
    expect(within(heading.parentElement!).getByText("Tiles & trams").previousElementSibling).toBe(heading);
  });

  it("shows the venue under the dates, 'Venue: LX Factory · its address', the name a link to the map", async () => {
    const venue = {
      structuredFormat: { mainText: { text: "LX Factory" }, secondaryText: { text: "Rua Rodrigues de Faria 103, Lisboa" } },
      googleMapsUri: "https://maps.google.com/?cid=1",
    };
    const data = aPublicItinerary({ venue, description: "Three days by the sea." });
    const top = staticTop(data);
    expect(top).toHaveLength(4);
    expect((await appTop(data)).slice(0, 4)).toEqual(top);
    const link = screen.getByRole("link", { name: "LX Factory" });
    expect(link.getAttribute("href")).toBe("https://maps.google.com/?cid=1");
    expect(link.closest("p")!.textContent).toBe("Venue: LX Factory · Rua Rodrigues de Faria 103, Lisboa");
  });

  it("words the dates, the day count and 'Venue:' as the app does in the reader's language (German here)", async () => {
    await readIn("de");
    const venue = { structuredFormat: { mainText: { text: "LX Factory" } }, googleMapsUri: "https://maps.google.com/?cid=1" };
    const data = aPublicItinerary({ venue });
    const top = staticTop(data);
    expect(top).toHaveLength(3);
    expect(top.join("")).not.toContain("Venue:");
    expect(top.join("")).not.toMatch(/\bdays\b/);
    expect((await appTop(data)).slice(0, 3)).toEqual(top);
  });

  it("shows no subtitle paragraph for an experience without one", async () => {
    const data = aPublicItinerary();
    const top = staticTop(data);
    expect(top).toHaveLength(2);
    expect((await appTop(data)).slice(0, 2)).toEqual(top);
  });

  it("isolates the user's text in both, with dir='auto', so an override in it cannot reverse the dates beside it", async () => {
    const data = aPublicItinerary({ name: "Trip \u202Eevil", subtitle: "\u202Eevil", description: "About \u202Eevil" });
    const top = staticTop(data);
    expect(top).toHaveLength(4);
    expect((await appTop(data)).slice(0, 4)).toEqual(top);
    expect([0, 1, 3].map((i) => top[i])).toEqual([
      expect.stringMatching(/^<h1 dir="auto"/),
      expect.stringMatching(/^<p dir="auto"/),
      expect.stringMatching(/^<p dir="auto"/),
    ]);
    expect(top[2]).not.toContain("dir=");
  });

  it("words the dates as the experience's local dates in both: a Tokyo experience whose midnights are 15:00Z the day before", async () => {
    const data = aPublicItinerary({ timeZone: "Asia/Tokyo", startTime: "2027-03-11T15:00:00.000Z", endTime: "2027-03-14T15:00:00.000Z" });
    const top = staticTop(data);
    expect(top[1]).toContain("Mar 12 – Mar 14, 2027 · 1 day");
    expect((await appTop(data)).slice(0, 2)).toEqual(top);
  });
});

function renderPage() {
  const router = createMemoryRouter([
    { element: <RootLayout />, children: [{ element: <PlainLayout />, children: [{ path: "*", element: <h1>Reset your password</h1> }] }] },
  ]);
  render(<RouterProvider router={router} />);
}

describe("the skip link", () => {
  it("is the first thing Tab reaches, before the top bar", async () => {
    renderPage();
    await screen.findByRole("heading", { name: "Reset your password" });
    const first = document.querySelector<HTMLElement>("a[href], button");
    expect(first).toBe(screen.getByRole("link", { name: "Skip to main content" }));
  });

  it("moves focus to the main content, leaving the address as it was", async () => {
    renderPage();
    await screen.findByRole("heading", { name: "Reset your password" });
    const skip = screen.getByRole("link", { name: "Skip to main content" });
    const followed = fireEvent.click(skip);
    expect(followed).toBe(false);
    const main = screen.getByRole("main");
    expect(document.activeElement).toBe(main);
    expect(main.tabIndex).toBe(-1);
    expect(main.textContent).toContain("Reset your password");
  });
});
