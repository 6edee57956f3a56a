import { fireEvent, screen, within } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import { describe, expect, it } from "vitest";
import type { DocumentView } from "@worker/features/documents/documents.schema";
import type { EventDetail } from "@worker/features/events/events.schema";
import { aDay, anActivity } from "@web/test/fixtures";
import { asGuest, asHost, onViewRoute, renderEventTab } from "@web/test/render-event-tab";
import { server } from "@web/test/server";
import { ItineraryTab } from "./itinerary-tab";

const withTickets: Partial<EventDetail> = { programs: [aDay({ activities: [anActivity({ name: "Tram 28", documents: ["doc1"] })] })] };
const asStranger = { isOwner: false, isHost: false, isGuest: false } as const;

function openTram(role: Partial<EventDetail>) {
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
  renderEventTab(<ItineraryTab />, { ...withTickets, ...role }, onViewRoute);
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
