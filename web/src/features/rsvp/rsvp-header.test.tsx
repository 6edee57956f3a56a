import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { delay, http, HttpResponse, type PathParams } from "msw";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { EventDetail } from "@worker/features/events/events.schema";
import { RSVP_MESSAGES } from "@worker/features/rsvp/rsvp.schema";
import { Toaster } from "@web/components/ui/toast";
import { authPanel } from "@web/lib/auth-panel";
import { scheduleStatus } from "@web/lib/dates";
import { session } from "@web/lib/session";
import { anEvent, aUser } from "@web/test/fixtures";
import { refuse, server, type ErrorBody } from "@web/test/server";
import { own, RESPOND, respondWith, SELF, selfRsvp } from "./rsvp.test-support";
import { RsvpHeader } from "./rsvp-header";

const stranger = (overrides: Partial<EventDetail> = {}) => anEvent({ isOwner: false, isHost: false, isGuest: false, ...overrides });

function renderHeader(event: EventDetail, { manage = false } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <RsvpHeader event={event} manage={manage} />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

const row = () => screen.getByRole("region", { name: "Your RSVP" });
const downloadBar = () => screen.queryByRole("region", { name: "Download the app" });

beforeEach(() => session.save({ authToken: "a", refreshToken: "r", user: aUser({ guid: "u2" }) }));
afterEach(() => session.clear());

describe("the RSVP header", () => {
  it("gives the owner a 'Manage' link to the itinerary's manage page, and asks for no RSVP", () => {
    const event = anEvent({ isOwner: true });
    renderHeader(event);
    const schedule = scheduleStatus(event.startTime, event.endTime);
    expect(within(row()).getByRole("link", { name: "Manage" }).getAttribute("href")).toBe(`/manage/experiences/${schedule}/ev1/itinerary`);
    expect(screen.queryByRole("button", { name: "Join" })).toBeNull();
  });

  it("gives a host in manage mode a 'View' link back to the experience's page", () => {
    renderHeader(anEvent({ isOwner: false, isHost: true }), { manage: true });
    expect(within(row()).getByText("You host this experience")).toBeTruthy();
    expect(within(row()).getByRole("link", { name: "View" }).getAttribute("href")).toBe("/experiences/ev1/itinerary");
  });

  it("keeps its row while the RSVP loads, with a placeholder instead of buttons", () => {
    server.use(
      http.get(SELF, async () => {
        await delay("infinite");
        return new HttpResponse(null);
      }),
    );
    renderHeader(stranger());
    expect(within(row()).getByRole("status", { name: "Loading your RSVP" })).toBeTruthy();
    expect(row().className).toContain("h-14");
  });

  it.each(["OPEN", "OPEN_INVITE"] as const)("offers Join and Decline on an %s experience to someone with no RSVP", async (rsvpType) => {
    selfRsvp(null);
    renderHeader(stranger({ rsvpType }));
    expect(await screen.findByRole("button", { name: "Join" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Decline" })).toBeTruthy();
  });

  it.each(["REQUESTED", "ONBOARD_REQUESTED"] as const)(
    "offers Join and Decline to an invitation (%s), even when the experience is invitation-only",
    async (status) => {
      selfRsvp(own(status));
      renderHeader(stranger({ rsvpType: "INVITE_ONLY" }));
      expect(await screen.findByText("You're invited to this experience")).toBeTruthy();
      expect(screen.getByRole("button", { name: "Join" })).toBeTruthy();
      expect(screen.getByRole("button", { name: "Decline" })).toBeTruthy();
    },
  );

  it("offers no answer to someone not invited to an invitation-only experience", async () => {
    selfRsvp(null);
    renderHeader(stranger({ rsvpType: "INVITE_ONLY" }));
    expect(await screen.findByText(RSVP_MESSAGES.inviteOnly)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Join" })).toBeNull();
  });

  it.each([
    ["YES", "Attending"],
    ["HOST_APPROVAL_REQUESTED", "Approval Pending"],
    ["HOST_REMOVED", "Host Declined"],
    ["HOST_APPROVAL_DENIED", "Host Declined"],
  ] as const)("shows %s as the badge '%s', without Join or Decline", async (status, badge) => {
    selfRsvp(own(status));
    renderHeader(stranger({ rsvpType: "OPEN", isGuest: status === "YES" }));
    expect(await within(row()).findByText(badge)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Join" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Decline" })).toBeNull();
  });

  it("shows 'Declined' and offers Join again on an open experience, since a declined guest may change their mind", async () => {
    selfRsvp(own("NO"));
    renderHeader(stranger({ rsvpType: "OPEN" }));
    expect(await within(row()).findByText("Declined")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Join" })).toBeTruthy();
  });

  it("shows 'Declined' without Join on an invitation-only experience", async () => {
    selfRsvp(own("NO"));
    renderHeader(stranger({ rsvpType: "INVITE_ONLY" }));
    expect(await within(row()).findByText("Declined")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Join" })).toBeNull();
  });

  it("sends YES on Join, shows 'Approval Pending' for an OPEN_INVITE experience, then the download-app bar", async () => {
    selfRsvp(null);
    const sent = respondWith("HOST_APPROVAL_REQUESTED");
    renderHeader(stranger({ rsvpType: "OPEN_INVITE" }));
    expect(downloadBar()).toBeNull();
    fireEvent.click(await screen.findByRole("button", { name: "Join" }));
    expect(await within(row()).findByText("Approval Pending")).toBeTruthy();
    expect(sent).toEqual([{ status: "YES" }]);
    expect(screen.queryByRole("button", { name: "Join" })).toBeNull();
    expect(downloadBar()).not.toBeNull();
  });

  it("sends YES on Join and shows 'Attending' for an OPEN experience", async () => {
    selfRsvp(null);
    respondWith("YES");
    renderHeader(stranger({ rsvpType: "OPEN" }));
    fireEvent.click(await screen.findByRole("button", { name: "Join" }));
    expect(await within(row()).findByText("Attending")).toBeTruthy();
  });

  it("sends NO on Decline and shows 'Declined'", async () => {
    selfRsvp(own("REQUESTED"));
    const sent = respondWith("NO");
    renderHeader(stranger({ rsvpType: "INVITE_ONLY" }));
    fireEvent.click(await screen.findByRole("button", { name: "Decline" }));
    expect(await within(row()).findByText("Declined")).toBeTruthy();
    expect(sent).toEqual([{ status: "NO" }]);
  });

  it("shows the server's message when the answer is refused, then the download-app bar", async () => {
    selfRsvp(null);
    server.use(http.put<PathParams, never, ErrorBody>(RESPOND, () => refuse(403, RSVP_MESSAGES.hostDeclined)));
    renderHeader(stranger({ rsvpType: "OPEN" }));
    fireEvent.click(await screen.findByRole("button", { name: "Join" }));
    expect((await screen.findByRole("alert")).textContent).toContain(RSVP_MESSAGES.hostDeclined);
    expect(downloadBar()).not.toBeNull();
  });

  it("asks a signed-out visitor to sign in instead of offering Join", () => {
    session.clear();
    const open = vi.spyOn(authPanel, "open");
    renderHeader(stranger({ rsvpType: "OPEN" }));
    expect(screen.queryByRole("button", { name: "Join" })).toBeNull();
    fireEvent.click(within(row()).getByRole("button", { name: "Sign in" }));
    expect(open).toHaveBeenCalledWith("login");
    open.mockRestore();
  });
});
