import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { InvitationAnswer } from "./invitation-answer";
import { respondWith } from "./rsvp.test-support";

function Where() {
  return <p>at:{useLocation().pathname}</p>;
}

function renderAnswer() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={["/"]}>
        <InvitationAnswer eventId="ev1" eventName="Lisbon Retreat" />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("Join and Decline on an invitation's card", () => {
  it("joins and opens the experience", async () => {
    const sent = respondWith("YES");
    renderAnswer();
    fireEvent.click(screen.getByRole("button", { name: "Join" }));
    expect(await screen.findByText("at:/experiences/ev1")).toBeTruthy();
    expect(sent).toEqual([{ status: "YES" }]);
  });

  it("declines and stays on Home", async () => {
    const sent = respondWith("NO");
    renderAnswer();
    fireEvent.click(screen.getByRole("button", { name: "Decline" }));
    await expect.poll(() => sent).toEqual([{ status: "NO" }]);
    expect(screen.getByText("at:/")).toBeTruthy();
  });
});
