import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "@web/components/ui/toast";
import { anActivity } from "@web/test/fixtures";
import { refuse, server } from "@web/test/server";
import type { SignupView } from "@worker/shared/signup.schema";
import { ActivityDetails } from "./activity-details";

// A 20-place workshop at 09:00 UTC on 12 March 2027; signing up closes at its start.
const places = (overrides: Partial<SignupView> = {}): SignupView => ({
  capacity: 20,
  taken: 8,
  waiting: 0,
  opensAt: null,
  closesAt: "2027-03-12T09:00:00.000Z",
  mine: null,
  ...overrides,
});
const workshop = (signup: SignupView) => anActivity({ name: "Workshop", attendance: "SIGNUP", signup });

function show(signup: SignupView, reader: "guest" | "visitor" = "guest") {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ActivityDetails activity={workshop(signup)} seenFrom={null} signupReader={reader} />
      <Toaster />
    </QueryClientProvider>,
  );
}

beforeEach(() => vi.useFakeTimers({ toFake: ["Date"], now: Date.parse("2027-03-01T12:00:00Z") }));
afterEach(() => vi.useRealTimers());

describe("a sign-up activity's details", () => {
  it("shows '12 of 20 places left' and 'Signing up closes at 09:00 AM UTC', and signs a guest up: 'You're signed up'", async () => {
    server.use(
      http.post("/api/events/ev1/programs/day1/activity/a1/signup", () =>
        HttpResponse.json(places({ taken: 9, mine: { status: "IN", position: null } })),
      ),
    );
    show(places());
    expect(screen.getByText("12 of 20 places left")).toBeTruthy();
    expect(screen.getByText("Signing up closes at 09:00 AM UTC")).toBeTruthy();
    fireEvent.click(await screen.findByRole("button", { name: "Sign up" }));
    expect((await screen.findAllByText("You're signed up")).length).toBeGreaterThan(0);
  });

  it("offers 'Join the waitlist' when full and tells the guest their place: \"You're #3 on the waitlist\"", async () => {
    server.use(
      http.post("/api/events/ev1/programs/day1/activity/a1/signup", () =>
        HttpResponse.json(places({ taken: 20, waiting: 3, mine: { status: "WAITING", position: 3 } })),
      ),
    );
    show(places({ taken: 20, waiting: 2 }));
    expect(screen.getByText("Full — join the waitlist")).toBeTruthy();
    fireEvent.click(await screen.findByRole("button", { name: "Join the waitlist" }));
    expect(await screen.findByText("You're #3 on the waitlist")).toBeTruthy();
  });

  it("offers a guest with a place 'Leave', and gives the place up: 'You left Workshop'", async () => {
    server.use(http.delete("/api/events/ev1/programs/day1/activity/a1/signup", () => HttpResponse.json(places({ taken: 7 }))));
    show(places({ taken: 9, mine: { status: "IN", position: null } }));
    fireEvent.click(await screen.findByRole("button", { name: "Leave" }));
    expect(await screen.findByText("You left Workshop")).toBeTruthy();
  });

  it("offers a guest who waits 'Leave the waitlist'", async () => {
    show(places({ taken: 20, waiting: 1, mine: { status: "WAITING", position: 1 } }));
    expect(await screen.findByRole("button", { name: "Leave the waitlist" })).toBeTruthy();
  });

  it("says the server's reason when it refuses: 'You are already signed up for 'Golf' at the same time'", async () => {
    server.use(
      http.post("/api/events/ev1/programs/day1/activity/a1/signup", () =>
        refuse(409, "You are already signed up for 'Golf' at the same time"),
      ),
    );
    show(places());
    fireEvent.click(await screen.findByRole("button", { name: "Sign up" }));
    await waitFor(() => expect(screen.getByText("You are already signed up for 'Golf' at the same time")).toBeTruthy());
  });

  it("tells a visitor 'Join the experience to sign up', with no button", () => {
    show(places(), "visitor");
    expect(screen.getByText("Join the experience to sign up")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Sign up" })).toBeNull();
  });

  it("shows 'Signing up has closed' and no button after it closes", async () => {
    show(places({ closesAt: "2027-02-28T09:00:00.000Z" }));
    expect(screen.getByText("Signing up has closed")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Sign up" })).toBeNull());
  });
});
