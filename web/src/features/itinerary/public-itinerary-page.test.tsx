import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import fc from "fast-check";
import { http, HttpResponse, type PathParams } from "msw";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "@web/lib/session";
import { aDay, anActivity, aPublicItinerary, aUser } from "@web/test/fixtures";
import { asGuest, asHost, onViewRoute, renderExperienceTab } from "@web/test/render-experience-tab";
import { refuse, server, type ErrorBody } from "@web/test/server";
import type { DocumentView } from "@worker/features/documents/documents.schema";
import type { ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import type { LiveTicket } from "@worker/features/live/live.schema";
import type { PublicItinerary } from "@worker/shared/itinerary.schema";
import { LinkifiedText } from "./components/linkified-text";
import { ItineraryTab } from "./itinerary-tab";
import { isPhoneNumber, linkifyParts, telHref, trimUrl } from "./linkify";
import { PublicItineraryPage } from "./public-itinerary-page";

type Privacy = PublicItinerary["privacy"];

const itinerary = (privacy: Privacy, fields: Partial<PublicItinerary> = {}): PublicItinerary =>
  aPublicItinerary({
    privacy,
    endTime: "2027-03-14T00:00:00.000Z",
    hosts: [{ guid: "u2", firstName: "Hal", lastName: "Cohost", profilePic: null }],
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
const FeedStub = ({ eventId }: { eventId: string }) => <p>Social feed of {eventId}</p>;

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
          <Route path="/itinerary/:eventId/*" element={<PublicItineraryPage feedTab={FeedStub} join={() => null} footer={() => null} />} />
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

/** The links found in a text, as `{ kind, text }`, plain text left out. */
const linksIn = (text: string) => linkifyParts(text).filter((part) => part.kind !== "text");
const phone = (text: string) => ({ kind: "phone", text });
const url = (text: string) => ({ kind: "url", text, href: new URL(text).href });

describe("phone numbers in activity text (spec 2 §5)", () => {
  it("finds numbers written in international and national forms", () => {
    expect(linksIn("Call +351 21 123 4567 to book.")).toEqual([phone("+351 21 123 4567")]);
    expect(linksIn("US office: +1-415-555-0100")).toEqual([phone("+1-415-555-0100")]);
    expect(linksIn("Front desk (415) 555-0100, ask for Ana")).toEqual([phone("(415) 555-0100")]);
    expect(linksIn("London: 020 7946 0958.")).toEqual([phone("020 7946 0958")]);
    expect(linksIn("Hotel +35121123456")).toEqual([phone("+35121123456")]);
  });

  it("does not take dates, times, time ranges, lists of years or decimals for phone numbers", () => {
    for (const text of [
      "Arrive on 2027-03-12 at 09:30.",
      "From 2027-03-12 to 2027-03-14",
      "Check-in 12.03.2027 and out 14-03-2027",
      "Open 1200 - 1400 daily",
      "Open 1200-1400 daily",
      "Open 09:00-17:00",
      "Winners in 2019 2021 2023",
      "Held 2019-2021, again 2025, 2026, 2027",
      "Pi is 3.14159265",
    ])
      expect(linksIn(text), text).toEqual([]);
  });

  it("finds a phone number next to a time range", () => {
    expect(linksIn("Open 0900 - 1700, call 020 7946 0958")).toEqual([phone("020 7946 0958")]);
  });

  it("takes a bare run of digits for a phone number only in international form", () => {
    expect(isPhoneNumber("+35121123456")).toBe(true);
    expect(isPhoneNumber("20270312")).toBe(false);
    expect(linksIn("Booking reference 4815162342")).toEqual([]);
  });

  it("wants 8 to 15 digits", () => {
    expect(isPhoneNumber("555 0100")).toBe(false);
    expect(isPhoneNumber("+1 555 0100")).toBe(true);
    expect(isPhoneNumber("+123 4567 8901 2345")).toBe(true);
    expect(isPhoneNumber("+123 4567 8901 23456")).toBe(false);
  });

  it("does not take digits that are part of a word", () => {
    expect(linksIn("Room B12345678, gate 4")).toEqual([]);
    expect(linksIn("Flight TP1234567 5678")).toEqual([]);
  });

  it("dials the digits and a leading '+', without spaces, dots, dashes or parentheses", () => {
    expect(telHref("+351 21 123 4567")).toBe("tel:+351211234567");
    expect(telHref("+1-415-555-0100")).toBe("tel:+14155550100");
    expect(telHref("(415) 555.0100")).toBe("tel:4155550100");
  });
});

describe("URLs in activity text (spec 2 §5)", () => {
  it("links http and https addresses up to the next space", () => {
    expect(linksIn("Tickets at https://example.com/tickets?day=2&seat=A4 today")).toEqual([
      url("https://example.com/tickets?day=2&seat=A4"),
    ]);
    expect(linksIn("Old site http://example.com")).toEqual([url("http://example.com")]);
    expect(linksIn("ftp://example.com and www.example.com")).toEqual([]);
  });

  it("leaves the sentence's trailing punctuation out of the link", () => {
    expect(linksIn("See https://example.com/tickets.")).toEqual([url("https://example.com/tickets")]);
    expect(linksIn("Menus https://a.example/x, https://b.example/y; https://c.example/z: https://d.example!?")).toEqual([
      url("https://a.example/x"),
      url("https://b.example/y"),
      url("https://c.example/z"),
      url("https://d.example"),
    ]);
    expect(linksIn(`He wrote 'https://example.com/a' and "https://example.com/b"`)).toEqual([
      url("https://example.com/a"),
      url("https://example.com/b"),
    ]);
  });

  it("leaves an unbalanced closing parenthesis out, and keeps a balanced one", () => {
    expect(linksIn("(map: https://example.com/map)")).toEqual([url("https://example.com/map")]);
    expect(linksIn("Read https://en.wikipedia.org/wiki/Lisbon_(city).")).toEqual([url("https://en.wikipedia.org/wiki/Lisbon_(city)")]);
    expect(trimUrl("https://example.com/a_(b))).")).toBe("https://example.com/a_(b)");
  });

  it("keeps what it trimmed as text after the link", () => {
    expect(linkifyParts("(map: https://example.com/map).")).toEqual([
      { kind: "text", text: "(map: " },
      url("https://example.com/map"),
      { kind: "text", text: ")." },
    ]);
  });

  it("does not link a scheme with nothing after it", () => {
    expect(linksIn("Type https:// then the address.")).toEqual([]);
  });

  it("ends a URL at a bidi control or an invisible character, so none is ever inside a link", () => {
    expect(linkifyParts("Pay at https://example.com/\u202Emoc.live\u202C today")).toEqual([
      { kind: "text", text: "Pay at " },
      url("https://example.com/"),
      { kind: "text", text: "\u202Emoc.live\u202C today" },
    ]);
    for (const invisible of ["\u200B", "\u2066", "\u200E", "\u0000"])
      expect(linksIn(`https://bank.example${invisible}.evil.example`)).toEqual([url("https://bank.example")]);
  });

  it("links the parsed address: the host in ASCII, the rest percent-encoded, and what does not parse stays text", () => {
    expect(linksIn("Menu at https://café.example/carte")).toEqual([
      { kind: "url", text: "https://café.example/carte", href: "https://xn--caf-dma.example/carte" },
    ]);
    expect(linksIn("Broken https://[::1 and https://example.com:99999/")).toEqual([]);
  });

  it("shows the host a link goes to: a user name before an '@' is dropped", () => {
    expect(linksIn("Log in at https://your-bank.com@evil.example/login")).toEqual([
      { kind: "url", text: "https://your-bank.com@evil.example/login", href: "https://evil.example/login" },
    ]);
  });

  it("isolates a link left to right, so a right-to-left override just before it cannot reverse it", () => {
    render(<LinkifiedText text={"Pay at \u202Ehttps://evil.example/moc.knab-ruoy//:sptth today"} />);
    const link = screen.getByRole("link");
    expect(link.getAttribute("href")).toBe("https://evil.example/moc.knab-ruoy//:sptth");
    const shown = link.querySelector("bdi");
    expect(shown?.getAttribute("dir")).toBe("ltr");
    expect(shown?.textContent).toBe("https://evil.example/moc.knab-ruoy//:sptth");
  });

  it("does not take the digits of a URL for a phone number", () => {
    expect(linksIn("https://example.com/booking/020-7946-0958")).toEqual([url("https://example.com/booking/020-7946-0958")]);
  });
});

describe("the cut", () => {
  it("gives back plain text as one part", () => {
    expect(linkifyParts("Lunch by the river, then a walk.")).toEqual([{ kind: "text", text: "Lunch by the river, then a walk." }]);
    expect(linkifyParts("")).toEqual([]);
  });

  it("loses no character and never leaves two plain parts side by side, whatever the text", () => {
    const pieces = fc.constantFrom("https://example.com/a", "(", ")", ".", " ", "-", "+", "020 7946 0958", "1200", "x", "\n", "2027-03-12");
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.array(pieces).map((p) => p.join("")),
        ),
        (text) => {
          const parts = linkifyParts(text);
          expect(parts.map((p) => p.text).join("")).toBe(text);
          expect(parts.every((p) => p.text.length > 0)).toBe(true);
          expect(parts.some((p, i) => p.kind === "text" && parts[i + 1]?.kind === "text")).toBe(false);
        },
      ),
    );
  });
});

const withTickets: Partial<ExperienceDetail> = { programs: [aDay({ activities: [anActivity({ name: "Tram 28", documents: ["doc1"] })] })] };
const asStranger = { isOwner: false, isHost: false, isGuest: false } as const;

function openTram(role: Partial<ExperienceDetail>) {
  server.use(
    http.get<PathParams, never, DocumentView[]>("/api/documents/event/ev1/user/common", () =>
      HttpResponse.json([
        {
          id: "doc1",
          type: "other",
          otherDocumentType: null,
          mimeType: "application/pdf",
          name: "Tickets.pdf",
          document: { original: "https://files.test/doc1" },
          thirdPartyUploader: null,
          createdAt: "2027-01-01T00:00:00.000Z",
        },
      ]),
    ),
  );
  renderExperienceTab(<ItineraryTab />, { ...withTickets, ...role }, onViewRoute);
  fireEvent.click(screen.getByRole("button", { name: /Tram 28/ }));
}

describe("the itinerary on the view route is the guests' page, documents included", () => {
  it.each([
    ["the owner's preview", {}],
    ["a host's preview", asHost],
    ["a guest", asGuest],
  ])("offers %s the activity's 'Documents (1)', opening the common documents read-only", async (_, role) => {
    openTram(role);
    fireEvent.click(screen.getByRole("button", { name: "Documents (1)" }));
    const panel = await screen.findByRole("dialog", { name: "Activity Documents" });
    expect(await within(panel).findByText("Tickets.pdf")).toBeTruthy();
    expect(within(panel).queryByText("Drop files here")).toBeNull();
    expect(within(panel).queryByRole("button", { name: /^Delete/ })).toBeNull();
  });

  it("offers no documents to a signed-in visitor who takes no part (the server would refuse them)", () => {
    openTram(asStranger);
    expect(screen.getByRole("heading", { name: "Tram 28" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Documents/ })).toBeNull();
  });
});
