import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { presenceHeard } from "@web/hooks/use-presence";
import { session } from "@web/lib/session";
import { aUser } from "@web/test/fixtures";
import type { PresenceMessage } from "@worker/live/protocol";
import { PresenceStrip } from "./presence-strip";

const hal = { userId: "hal", name: "Hal Host", avatar: null, editing: "a1" };
const me = { userId: "me", name: "Olive Owner", avatar: null, editing: null };
const hear = (message: Omit<PresenceMessage, "type" | "eventId">) =>
  act(() => presenceHeard("ev1", { type: "presence", eventId: "ev1", ...message }));

afterEach(() => {
  presenceHeard("ev1", null);
  session.clear();
});

describe("the presence strip in the event's header", () => {
  it("lies over the cover, taking no room, empty until the room has spoken, then shows '2 others viewing'", () => {
    render(<PresenceStrip eventId="ev1" />);
    const strip = screen.getByTestId("presence-strip");
    expect(strip.className).toContain("absolute");
    expect(strip.textContent).toBe("");
    hear({ viewers: 3 });
    expect(screen.getByText("2 others viewing")).toBeTruthy();
  });

  it("never counts the reader: alone (their second tab counts once with them) it says nothing, with one other '1 other viewing'", () => {
    render(<PresenceStrip eventId="ev1" />);
    hear({ viewers: 1 });
    expect(screen.getByTestId("presence-strip").textContent).toBe("");
    hear({ viewers: 2 });
    expect(screen.getByText("1 other viewing")).toBeTruthy();
  });

  it("shows the other organisers' avatars to an organiser, naming them on focus, and leaves the viewer out", () => {
    session.save({ authToken: "a", refreshToken: "r", user: aUser({ guid: "me" }) });
    render(<PresenceStrip eventId="ev1" />);
    hear({ viewers: 2, organisers: [hal, me] });
    const list = screen.getByRole("list", { name: "Organisers here" });
    const avatar = screen.getByLabelText("Hal Host (editing)");
    expect(list.contains(avatar)).toBe(true);
    expect(screen.queryByLabelText(/Olive Owner/)).toBeNull();
    fireEvent.focus(avatar);
    expect(screen.getByRole("tooltip").textContent).toBe("Hal Host · editing");
  });

  it("shows a guest only how many are here", () => {
    render(<PresenceStrip eventId="ev1" />);
    hear({ viewers: 4 });
    expect(screen.getByText("3 others viewing")).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Organisers here" })).toBeNull();
  });

  it("empties when the page's socket closes (the count may be stale)", () => {
    render(<PresenceStrip eventId="ev1" />);
    hear({ viewers: 2 });
    act(() => presenceHeard("ev1", null));
    expect(screen.queryByText(/viewing/)).toBeNull();
  });
});
