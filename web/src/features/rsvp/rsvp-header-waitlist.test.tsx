import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { session } from "@web/lib/session";
import { anExperience, aUser } from "@web/test/fixtures";
import { RsvpHeader } from "./rsvp-header";
import { own, respondWith, selfRsvp } from "./rsvp.test-support";

function renderHeader(full = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <RsvpHeader
          event={anExperience({ isOwner: false, isHost: false, isGuest: false, rsvpType: "OPEN", capacity: 2, full })}
          manage={false}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const row = () => screen.getByRole("region", { name: "Your RSVP" });

beforeEach(() => session.save({ authToken: "a", refreshToken: "r", user: aUser({ guid: "u2" }) }));
afterEach(() => session.clear());

describe("the RSVP header of a full experience", () => {
  it("says 'Full — join the waitlist' on Join before the click, and Join when a place is free", async () => {
    selfRsvp(null);
    renderHeader(true);
    expect(await within(row()).findByRole("button", { name: "Full — join the waitlist" })).toBeTruthy();
    expect(within(row()).queryByRole("button", { name: "Join" })).toBeNull();
  });

  it("says Join while a place is free", async () => {
    selfRsvp(null);
    renderHeader(false);
    expect(await within(row()).findByRole("button", { name: "Join" })).toBeTruthy();
  });
});

describe("the RSVP header of a guest on the waitlist", () => {
  it("shows 'You're #3 on the waitlist' and offers only 'Leave waitlist'", async () => {
    selfRsvp(own("WAITLISTED", 3));
    renderHeader();
    expect(await within(row()).findByText("You're #3 on the waitlist")).toBeTruthy();
    expect(within(row()).getByRole("button", { name: "Leave waitlist" })).toBeTruthy();
    expect(within(row()).queryByRole("button", { name: "Going" })).toBeNull();
  });

  it("asks 'Leave the waitlist?' before leaving, then sends NO and shows 'Declined'", async () => {
    selfRsvp(own("WAITLISTED", 1));
    const sent = respondWith("NO");
    renderHeader();
    fireEvent.click(await within(row()).findByRole("button", { name: "Leave waitlist" }));
    const dialog = screen.getByRole("dialog", { name: "Leave the waitlist?" });
    expect(dialog.textContent).toContain("You will lose your place on the waitlist.");
    selfRsvp(own("NO"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Leave waitlist" }));
    await waitFor(() => expect(sent).toEqual([{ status: "NO" }]));
    expect(await within(row()).findByText("Declined")).toBeTruthy();
  });
});
