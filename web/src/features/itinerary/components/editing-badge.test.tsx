import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { presenceHeard } from "@web/hooks/use-presence";
import { session } from "@web/lib/session";
import { aUser } from "@web/test/fixtures";
import { EditingBadge } from "./editing-badge";

const organisers = [
  { userId: "hal", name: "Hal Host", avatar: null, editing: "a1" },
  { userId: "me", name: "Olive Owner", avatar: null, editing: "a2" },
];

afterEach(() => {
  presenceHeard("ev1", null);
  session.clear();
});

describe("'{name} is editing' on an activity's card", () => {
  it("shows 'Hal Host is editing' on the card Hal has open, on no other, and never the viewer's own", () => {
    session.save({ authToken: "a", refreshToken: "r", user: aUser({ guid: "me" }) });
    render(
      <>
        <div data-testid="a1">
          <EditingBadge eventId="ev1" activityId="a1" />
        </div>
        <div data-testid="a2">
          <EditingBadge eventId="ev1" activityId="a2" />
        </div>
      </>,
    );
    expect(screen.queryByText(/is editing/)).toBeNull();
    act(() => presenceHeard("ev1", { type: "presence", eventId: "ev1", viewers: 2, organisers }));
    expect(screen.getByTestId("a1").textContent).toContain("Hal Host is editing");
    expect(screen.getByTestId("a2").textContent).toBe("");
  });

  it("goes once Hal closes the form", () => {
    render(<EditingBadge eventId="ev1" activityId="a1" />);
    act(() => presenceHeard("ev1", { type: "presence", eventId: "ev1", viewers: 2, organisers }));
    expect(screen.getByText(/is editing/)).toBeTruthy();
    act(() => presenceHeard("ev1", { type: "presence", eventId: "ev1", viewers: 2, organisers: [{ ...organisers[0]!, editing: null }] }));
    expect(screen.queryByText(/is editing/)).toBeNull();
  });
});
