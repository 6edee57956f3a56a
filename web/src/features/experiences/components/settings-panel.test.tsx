import { fireEvent, screen, waitFor } from "@testing-library/react";
import { delay, http, HttpResponse, type PathParams } from "msw";
import { describe, expect, it } from "vitest";
import type { EventDetail } from "@worker/features/events/events.schema";
import { anEvent } from "@web/test/fixtures";
import { refuse, server } from "@web/test/server";
import { renderSettingsPanel } from "./settings-panel.test-support";

/**
 * The server as the panel meets it: each save lands when its reply is sent, and the first save of a test is the
 * slowest, so two saves sent at once would land in the wrong order.
 */
function openSettings({ refuseFrom = Infinity } = {}) {
  let stored: EventDetail = anEvent({ isOwner: true, privacy: "PUBLIC", rsvpType: "OPEN" });
  const received: unknown[] = [];
  server.use(
    http.get<PathParams>("/api/events/ev1", () => HttpResponse.json(stored)),
    http.put<PathParams>("/api/events/ev1", async ({ request }) => {
      const change = (await request.json()) as Partial<EventDetail>;
      const nth = received.push(change);
      await delay(nth === 1 ? 150 : 5);
      if (nth >= refuseFrom) return refuse(409, "This experience was changed by someone else. Please try again.");
      stored = { ...stored, ...change };
      return HttpResponse.json({});
    }),
  );
  renderSettingsPanel(stored);
  return { received, stored: () => stored };
}

/** What an arrow key does in a radio group: checks the next choice. */
const step = (name: string) => fireEvent.click(screen.getByRole("radio", { name }));
/** The next step comes while the first save is still on its way. */
const whileSaving = (received: unknown[]) => waitFor(() => expect(received).toHaveLength(1), { interval: 5 });
const checked = () => (screen.getAllByRole("radio") as HTMLInputElement[]).filter((r) => r.checked).map((r) => r.value);
const toasts = (text: string) => screen.queryAllByText(text).length;

describe("Settings' choices, saved as they are made", () => {
  it("arrowing from Open two steps to Invite only leaves the server on Invite only, with one toast 'Event updated successfully.'", async () => {
    const { received, stored } = openSettings();
    step("Request to join");
    await whileSaving(received);
    step("Invite only");
    await waitFor(() => expect(received).toHaveLength(2));
    await waitFor(() => expect(stored().rsvpType).toBe("INVITE_ONLY"));
    expect(received).toEqual([{ rsvpType: "OPEN_INVITE" }, { rsvpType: "INVITE_ONLY" }]);
    await waitFor(() => expect(toasts("Event updated successfully.")).toBe(1));
    expect(checked()).toEqual(["PUBLIC", "INVITE_ONLY"]);
  });

  it("keeps the radios on the latest choice while an earlier step is saved, and never sends a step already overtaken", async () => {
    const { received, stored } = openSettings();
    step("Request to join");
    await whileSaving(received);
    step("Invite only");
    step("Private");
    step("Open");
    expect(checked()).toEqual(["PRIVATE", "OPEN"]);
    await waitFor(() => expect(received).toHaveLength(2));
    expect(checked()).toEqual(["PRIVATE", "OPEN"]);
    expect(received).toEqual([{ rsvpType: "OPEN_INVITE" }, { rsvpType: "OPEN", privacy: "PRIVATE" }]);
    await waitFor(() => expect(toasts("Event updated successfully.")).toBe(1));
    expect(stored()).toMatchObject({ rsvpType: "OPEN", privacy: "PRIVATE" });
    expect(received).toHaveLength(2);
  });

  it("puts the radios back on what the server holds, with one 'Failed to update event.', when it refuses a save", async () => {
    const { received } = openSettings({ refuseFrom: 2 });
    step("Request to join");
    await whileSaving(received);
    step("Invite only");
    await waitFor(() => expect(toasts("Failed to update event.")).toBe(1));
    await waitFor(() => expect(checked()).toEqual(["PUBLIC", "OPEN_INVITE"]));
    expect(toasts("Event updated successfully.")).toBe(0);
  });
});
