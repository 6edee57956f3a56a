import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import { MemoryRouter, useLocation } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { Toaster } from "@web/components/ui/toast";
import { authPanel, useAuthPanelMode } from "@web/lib/auth-panel";
import { session } from "@web/lib/session";
import { aUser } from "@web/test/fixtures";
import { refuse, server, type ErrorBody } from "@web/test/server";
import { RSVP_MESSAGES } from "@worker/features/rsvp/rsvp.schema";
import type { PublicItinerary } from "@worker/shared/itinerary.schema";
import { joinIntent, PublicJoin } from "./public-join";
import { own, RESPOND, respondWith, selfRsvp } from "./rsvp.test-support";

type RsvpType = PublicItinerary["rsvpType"];

const maya = { guid: "owner", firstName: "Maya", lastName: "Host", profilePic: null };
const experience = (rsvpType: RsvpType, hosts: (typeof maya)[] = [], full = false) => ({ id: "ev1", rsvpType, owner: maya, hosts, full });

function PanelProbe() {
  return (
    <>
      <p>panel:{useAuthPanelMode() ?? "closed"}</p>
      <p>at:{useLocation().pathname}</p>
    </>
  );
}

function renderJoin(rsvpType: RsvpType, hosts: (typeof maya)[] = [], url = "/itinerary/ev1", full = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <PublicJoin experience={experience(rsvpType, hosts, full)} />
        <PanelProbe />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

const signIn = (guid = "u2") => act(() => session.save({ authToken: "a", refreshToken: "r", user: aUser({ guid }) }));

afterEach(() => {
  act(() => authPanel.close());
  session.clear();
});

describe("Join on the share link's page, signed out", () => {
  it.each([
    ["OPEN", "Join", "Anyone with the link can join"],
    ["OPEN_INVITE", "Request to join", "The hosts approve each request"],
  ] as const)(
    "offers '%s' experiences as '%s' and opens the light path (a name and a mailed code) for it",
    async (rsvpType, label, hint) => {
      renderJoin(rsvpType);
      expect(screen.getByText(hint)).toBeTruthy();
      fireEvent.click(screen.getByRole("button", { name: label }));
      expect(screen.getByText("panel:code")).toBeTruthy();
      expect(authPanel.prefill()).toEqual({ askName: true });
    },
  );

  it("offers no button on an invitation-only experience and says so", () => {
    renderJoin("INVITE_ONLY");
    expect(screen.getByText("Invite only — ask a host for an invitation")).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("completes the join once the visitor is signed in, then offers to open the experience", async () => {
    selfRsvp(null);
    const sent = respondWith("YES");
    renderJoin("OPEN");
    fireEvent.click(screen.getByRole("button", { name: "Join" }));
    signIn();
    act(() => authPanel.close());

    expect(await screen.findByText("You're going")).toBeTruthy();
    expect(sent).toEqual([{ status: "YES" }]);
    expect(screen.getByRole("link", { name: "Open experience" }).getAttribute("href")).toBe("/experiences/ev1");
  });

  it("forgets the join when the panel is closed without signing in", async () => {
    selfRsvp(null);
    const sent = respondWith("YES");
    renderJoin("OPEN");
    fireEvent.click(screen.getByRole("button", { name: "Join" }));
    act(() => authPanel.close());
    signIn();

    expect(await screen.findByRole("button", { name: "Join" })).toBeTruthy();
    expect(sent).toEqual([]);
    expect(authPanel.takeIntent(joinIntent("ev1"))).toBe(false);
  });

  it("sends nothing for an organiser who signs in from Join, and links them to the experience", async () => {
    const sent = respondWith("YES");
    renderJoin("OPEN");
    fireEvent.click(screen.getByRole("button", { name: "Join" }));
    signIn("owner");
    expect(await screen.findByText("You own this experience")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open experience" })).toBeTruthy();
    expect(sent).toEqual([]);
    expect(authPanel.takeIntent(joinIntent("ev1"))).toBe(false);
  });
});

describe("an invitation mail's link on the share page", () => {
  const invitation = (pending = true) =>
    server.use(
      http.get("/oapi/invitations/tok", () =>
        HttpResponse.json({ eventId: "ev1", email: "ana@example.com", firstName: "Ana", lastName: "", pending }),
      ),
    );
  const invitedUrl = "/itinerary/ev1?invitation=tok";

  it("offers a signed-out guest Join and Decline even on an invitation-only experience, with their address filled in", async () => {
    invitation();
    renderJoin("INVITE_ONLY", [], invitedUrl);
    expect(await screen.findByText("You're invited to this experience")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Join" }));
    expect(screen.getByText("panel:code")).toBeTruthy();
    expect(authPanel.prefill()).toEqual({ email: "ana@example.com", firstName: "Ana", lastName: "", askName: true });
  });

  it("declines once the guest is signed in from Decline, and stays on the page", async () => {
    invitation();
    selfRsvp(own("REQUESTED"));
    const sent = respondWith("NO");
    renderJoin("INVITE_ONLY", [], invitedUrl);
    fireEvent.click(await screen.findByRole("button", { name: "Decline" }));
    signIn();
    act(() => authPanel.close());
    await screen.findByText("Declined");
    expect(sent).toEqual([{ status: "NO" }]);
    expect(screen.getByText("at:/itinerary/ev1")).toBeTruthy();
  });

  it("joins once the guest is signed in from Join, and opens the experience", async () => {
    invitation();
    selfRsvp(own("REQUESTED"));
    const sent = respondWith("YES");
    renderJoin("INVITE_ONLY", [], invitedUrl);
    fireEvent.click(await screen.findByRole("button", { name: "Join" }));
    signIn();
    expect(await screen.findByText("at:/experiences/ev1")).toBeTruthy();
    expect(sent).toEqual([{ status: "YES" }]);
  });

  it("leads someone signed in already on to the experience's page", async () => {
    signIn();
    selfRsvp(own("REQUESTED"));
    renderJoin("INVITE_ONLY", [], invitedUrl);
    expect(await screen.findByText("at:/experiences/ev1")).toBeTruthy();
  });

  it("says an answered invitation was answered, and offers to sign in", async () => {
    invitation(false);
    renderJoin("INVITE_ONLY", [], invitedUrl);
    expect(await screen.findByText("You have answered this invitation. Sign in to see it.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(authPanel.prefill()).toEqual({ email: "ana@example.com" });
  });

  it("falls back to the page's own Join when the link is not an invitation", async () => {
    server.use(http.get("/oapi/invitations/tok", () => refuse(404, RSVP_MESSAGES.inviteOnly)));
    renderJoin("OPEN", [], invitedUrl);
    expect(await screen.findByRole("button", { name: "Join" })).toBeTruthy();
    expect(screen.getByText("Anyone with the link can join")).toBeTruthy();
  });
});

describe("Join on the share link's page, signed in", () => {
  it("joins an OPEN experience at once and offers 'Open experience'", async () => {
    signIn();
    selfRsvp(null);
    const sent = respondWith("YES");
    renderJoin("OPEN");
    fireEvent.click(await screen.findByRole("button", { name: "Join" }));
    expect(await screen.findByText("You're going")).toBeTruthy();
    expect(sent).toEqual([{ status: "YES" }]);
    expect(screen.getByRole("link", { name: "Open experience" })).toBeTruthy();
  });

  it("sends a request on an OPEN_INVITE experience and says a host will approve it", async () => {
    signIn();
    selfRsvp(null);
    const sent = respondWith("HOST_APPROVAL_REQUESTED");
    renderJoin("OPEN_INVITE");
    fireEvent.click(await screen.findByRole("button", { name: "Request to join" }));
    expect(await screen.findByText("Request sent — a host will approve it")).toBeTruthy();
    expect(screen.getByText("Approval Pending")).toBeTruthy();
    expect(sent).toEqual([{ status: "YES" }]);
    expect(screen.queryByRole("link", { name: "Open experience" })).toBeNull();
  });

  it("offers no button on an INVITE_ONLY experience to someone not invited", async () => {
    signIn();
    selfRsvp(null);
    renderJoin("INVITE_ONLY");
    expect(await screen.findByText("Invite only — ask a host for an invitation")).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("offers Join to someone invited to an INVITE_ONLY experience", async () => {
    signIn();
    selfRsvp(own("REQUESTED"));
    renderJoin("INVITE_ONLY");
    expect(await screen.findByText("You're invited to this experience")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Join" })).toBeTruthy();
  });

  it("shows a guest who already joined the way into the experience", async () => {
    signIn();
    selfRsvp(own("YES"));
    renderJoin("OPEN_INVITE");
    expect(await screen.findByRole("link", { name: "Open experience" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Request to join" })).toBeNull();
  });

  it("tells a host they host it instead of offering Join", async () => {
    signIn("host");
    renderJoin("OPEN", [{ ...maya, guid: "host" }]);
    expect(await screen.findByText("You host this experience")).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("shows the server's refusal and keeps Join", async () => {
    signIn();
    selfRsvp(null);
    server.use(http.put<PathParams, never, ErrorBody>(RESPOND, () => refuse(403, RSVP_MESSAGES.hostDeclined)));
    renderJoin("OPEN");
    fireEvent.click(await screen.findByRole("button", { name: "Join" }));
    expect((await screen.findByRole("alert")).textContent).toContain(RSVP_MESSAGES.hostDeclined);
  });
});

describe("Join on the share link's page of a full experience", () => {
  it("says 'Full — join the waitlist' before the click, signed out and signed in", async () => {
    const view = renderJoin("OPEN", [], undefined, true);
    expect(screen.getByRole("button", { name: "Full — join the waitlist" })).toBeTruthy();
    view.unmount();
    signIn();
    selfRsvp(null);
    renderJoin("OPEN", [], undefined, true);
    expect(await screen.findByRole("button", { name: "Full — join the waitlist" })).toBeTruthy();
  });

  it("keeps 'Request to join' where a host approves first (an approval then says it went to the waitlist)", () => {
    renderJoin("OPEN_INVITE", [], undefined, true);
    expect(screen.getByRole("button", { name: "Request to join" })).toBeTruthy();
  });
});
