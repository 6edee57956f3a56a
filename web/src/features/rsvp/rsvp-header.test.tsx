import { onlineManager, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { delay, http, HttpResponse, type PathParams } from "msw";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "@web/components/ui/toast";
import { authPanel } from "@web/lib/auth-panel";
import { scheduleStatus } from "@web/lib/dates";
import { session } from "@web/lib/session";
import { STORAGE_KEYS, storage } from "@web/lib/storage";
import { anExperience, aUser } from "@web/test/fixtures";
import { refuse, server, type ErrorBody } from "@web/test/server";
import type { ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import { RSVP_MESSAGES } from "@worker/features/rsvp/rsvp.schema";
import { RsvpHeader } from "./rsvp-header";
import { own, RESPOND, respondWith, SELF, selfRsvp } from "./rsvp.test-support";

const stranger = (overrides: Partial<ExperienceDetail> = {}) =>
  anExperience({ isOwner: false, isHost: false, isGuest: false, ...overrides });

function renderHeader(event: ExperienceDetail, { manage = false } = {}) {
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
const homeScreenBar = () => screen.queryByRole("region", { name: "Add to home screen" });

beforeEach(() => session.save({ authToken: "a", refreshToken: "r", user: aUser({ guid: "u2" }) }));
afterEach(() => session.clear());

describe("the RSVP header", () => {
  it("gives the owner a 'Manage' link to the itinerary's manage page, and asks for no RSVP", () => {
    const event = anExperience({ isOwner: true });
    renderHeader(event);
    const schedule = scheduleStatus(event.startTime, event.endTime);
    expect(within(row()).getByRole("link", { name: "Manage" }).getAttribute("href")).toBe(`/manage/experiences/${schedule}/ev1/itinerary`);
    expect(screen.queryByRole("button", { name: "Join" })).toBeNull();
  });

  it("gives a host in manage mode a 'View' link back to the experience's page", () => {
    renderHeader(anExperience({ isOwner: false, isHost: true }), { manage: true });
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

  it("offline, disables Join and Decline with 'Needs a connection'", async () => {
    selfRsvp(null);
    renderHeader(stranger({ rsvpType: "OPEN" }));
    await screen.findByRole("button", { name: "Join" });
    act(() => onlineManager.setOnline(false));
    try {
      for (const name of ["Join", "Decline"]) {
        const button = screen.getByRole("button", { name });
        expect([button.matches(":disabled"), button.getAttribute("title")]).toEqual([true, "Needs a connection"]);
        expect(document.getElementById(button.getAttribute("aria-describedby")!)?.textContent).toBe("Needs a connection");
      }
    } finally {
      act(() => onlineManager.setOnline(true));
    }
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

  it("shows 'Declined' and offers 'Going' again on an open experience, since a declined guest may change their mind", async () => {
    selfRsvp(own("NO"));
    renderHeader(stranger({ rsvpType: "OPEN" }));
    expect(await within(row()).findByText("Declined")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Going" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Join" })).toBeNull();
  });

  it("says 'Going again needs a host's approval' beside 'Declined' on a request-to-join experience", async () => {
    selfRsvp(own("NO"));
    renderHeader(stranger({ rsvpType: "OPEN_INVITE" }));
    expect(await within(row()).findByText("Going again needs a host's approval")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Going" })).toBeTruthy();
  });

  it.each([
    ["OPEN", "You can choose Going again at any time."],
    ["OPEN_INVITE", "Coming back will need a host's approval again."],
    ["INVITE_ONLY", "only a host can invite you again."],
  ] as const)("asks before 'Can't go' on an %s experience, saying '%s', and Cancel keeps 'Attending'", async (rsvpType, consequence) => {
    selfRsvp(own("YES"));
    const sent = respondWith("NO");
    renderHeader(stranger({ rsvpType, isGuest: true }));
    fireEvent.click(await within(row()).findByRole("button", { name: "Can't go" }));
    const dialog = screen.getByRole("dialog", { name: "Can't go?" });
    expect(dialog.textContent).toContain(consequence);
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(within(row()).getByText("Attending")).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("sends NO once 'Can't go' is confirmed, shows 'Declined' and 'You're off the guest list', and keeps focus on the button, now 'Going'", async () => {
    selfRsvp(own("YES"));
    const sent = respondWith("NO");
    renderHeader(stranger({ rsvpType: "OPEN_INVITE", isGuest: true }));
    const change = await within(row()).findByRole("button", { name: "Can't go" });
    change.focus();
    fireEvent.click(change);
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Can't go" }));
    expect(within(screen.getByRole("dialog")).getByRole("button", { name: "Working..." })).toBeTruthy();
    expect(await within(row()).findByText("Declined")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent).toEqual([{ status: "NO" }]);
    expect(await screen.findByText("You're off the guest list")).toBeTruthy();
    const going = within(row()).getByRole("button", { name: "Going" });
    expect(going).toBe(change);
    expect(document.activeElement).toBe(going);
    expect(row().className).toContain("h-14");
  });

  it("sends YES on 'Going' after declining, and shows 'Approval Pending' on a request-to-join experience", async () => {
    selfRsvp(own("NO"));
    const sent = respondWith("HOST_APPROVAL_REQUESTED");
    renderHeader(stranger({ rsvpType: "OPEN_INVITE" }));
    fireEvent.click(await within(row()).findByRole("button", { name: "Going" }));
    expect(await within(row()).findByText("Approval Pending")).toBeTruthy();
    expect(sent).toEqual([{ status: "YES" }]);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(await screen.findByText("Request sent — a host will approve it")).toBeTruthy();
  });

  it("shows 'Attending' and 'You're going again' after 'Going' on an open experience", async () => {
    selfRsvp(own("NO"));
    respondWith("YES");
    renderHeader(stranger({ rsvpType: "OPEN" }));
    fireEvent.click(await within(row()).findByRole("button", { name: "Going" }));
    expect(await within(row()).findByText("Attending")).toBeTruthy();
    expect(await screen.findByText("You're going again")).toBeTruthy();
    expect(within(row()).getByRole("button", { name: "Can't go" })).toBeTruthy();
  });

  it("shows 'Declined' without Join on an invitation-only experience", async () => {
    selfRsvp(own("NO"));
    renderHeader(stranger({ rsvpType: "INVITE_ONLY" }));
    expect(await within(row()).findByText("Declined")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Join" })).toBeNull();
  });

  it("sends YES on Join, shows 'Approval Pending' for an OPEN_INVITE experience, then the home-screen bar", async () => {
    selfRsvp(null);
    const sent = respondWith("HOST_APPROVAL_REQUESTED");
    renderHeader(stranger({ rsvpType: "OPEN_INVITE" }));
    expect(homeScreenBar()).toBeNull();
    fireEvent.click(await screen.findByRole("button", { name: "Join" }));
    expect(await within(row()).findByText("Approval Pending")).toBeTruthy();
    expect(sent).toEqual([{ status: "YES" }]);
    expect(screen.queryByRole("button", { name: "Join" })).toBeNull();
    expect(homeScreenBar()).not.toBeNull();
  });

  it("shows no home-screen bar after an answer on a browser where it was dismissed", async () => {
    storage.set(STORAGE_KEYS.bannerDismissed, true);
    selfRsvp(null);
    respondWith("YES");
    renderHeader(stranger({ rsvpType: "OPEN" }));
    fireEvent.click(await screen.findByRole("button", { name: "Join" }));
    expect(await within(row()).findByText("Attending")).toBeTruthy();
    expect(homeScreenBar()).toBeNull();
    storage.remove(STORAGE_KEYS.bannerDismissed);
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

  it("shows the server's message when the answer is refused, then the home-screen bar", async () => {
    selfRsvp(null);
    server.use(http.put<PathParams, never, ErrorBody>(RESPOND, () => refuse(403, RSVP_MESSAGES.hostDeclined)));
    renderHeader(stranger({ rsvpType: "OPEN" }));
    fireEvent.click(await screen.findByRole("button", { name: "Join" }));
    expect((await screen.findByRole("alert")).textContent).toContain(RSVP_MESSAGES.hostDeclined);
    expect(homeScreenBar()).not.toBeNull();
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
