import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { session } from "@web/lib/session";
import { server } from "@web/test/server";
import { WAITLIST_MESSAGES } from "@worker/features/rsvp/waitlist.schema";
import { anAttendee, attendeeList, renderTab } from "./attendees.test-support";

afterEach(() => {
  vi.restoreAllMocks();
  session.clear();
});

const going = anAttendee({}, { firstName: "Ana", lastName: "Lima" });
const first = anAttendee({ status: "WAITLISTED", waitlistPosition: 1 }, { firstName: "Bruno", lastName: "Costa" });
const second = anAttendee({ status: "WAITLISTED", waitlistPosition: 2 }, { firstName: "Carla", lastName: "Dias" });

function waitlistCalls() {
  const calls: { url: string; body: unknown }[] = [];
  const record = async ({ request }: { request: Request }) => {
    calls.push({ url: new URL(request.url).pathname, body: await request.json() });
    return HttpResponse.json({ waitlist: [] });
  };
  server.use(
    http.put<PathParams>("/api/events/ev1/waitlist/:rsvpId/position", record),
    http.post<PathParams>("/api/events/ev1/waitlist/:rsvpId/promote", record),
  );
  return calls;
}

async function openWaitlist() {
  fireEvent.click(await screen.findByRole("tab", { name: /Waitlist/ }));
  return screen.findByRole("list", { name: "Waitlist" });
}

describe("the organisers' Waitlist group", () => {
  it("is a tab only when the experience has a capacity or someone waits", async () => {
    attendeeList([going]);
    renderTab({ capacity: null });
    await screen.findByRole("tab", { name: /Attending/ });
    expect(screen.queryByRole("tab", { name: /Waitlist/ })).toBeNull();
  });

  it("lists the waiting guests first in line first, with their positions", async () => {
    attendeeList([going, second, first]);
    renderTab({ capacity: 1 });
    const list = await openWaitlist();
    const rows = within(list).getAllByRole("listitem");
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^#1.*Bruno Costa/),
      expect.stringMatching(/^#2.*Carla Dias/),
    ]);
    expect(within(rows[0]!).getByRole("button", { name: "Move Bruno Costa up" })).toHaveProperty("disabled", true);
    expect(within(rows[1]!).getByRole("button", { name: "Move Carla Dias down" })).toHaveProperty("disabled", true);
  });

  it("moves a guest up with a button, and keeps the keyboard's focus on that guest's arrows", async () => {
    attendeeList([going, first, second]);
    const calls = waitlistCalls();
    renderTab({ capacity: 1 });
    const list = await openWaitlist();
    const up = within(list).getByRole("button", { name: "Move Carla Dias up" });
    up.focus();
    // The server's queue after the move, which the list reads again.
    attendeeList([going, { ...first, waitlistPosition: 2 }, { ...second, waitlistPosition: 1 }]);
    fireEvent.click(up);
    await waitFor(() => expect(calls).toEqual([{ url: `/api/events/ev1/waitlist/${second.id}/position`, body: { position: 1 } }]));
    // First in line now, Carla can only go down: that arrow has the focus.
    await waitFor(() => expect(document.activeElement).toBe(within(list).getByRole("button", { name: "Move Carla Dias down" })));
  });

  it("asks before promoting over a full capacity, then promotes with overCapacity", async () => {
    attendeeList([going, first]);
    const calls = waitlistCalls();
    renderTab({ capacity: 1 });
    const list = await openWaitlist();
    fireEvent.click(within(list).getByRole("button", { name: "Promote Bruno Costa" }));
    const dialog = screen.getByRole("dialog", { name: "Go over capacity?" });
    expect(dialog.textContent).toContain(WAITLIST_MESSAGES.confirmOver(1));
    fireEvent.click(within(dialog).getByRole("button", { name: "Promote" }));
    await waitFor(() => expect(calls).toEqual([{ url: `/api/events/ev1/waitlist/${first.id}/promote`, body: { overCapacity: true } }]));
    expect(await screen.findByText("Bruno Costa is going")).toBeTruthy();
  });

  it("promotes at once while there is room", async () => {
    attendeeList([first]);
    const calls = waitlistCalls();
    renderTab({ capacity: 5 });
    const list = await openWaitlist();
    fireEvent.click(within(list).getByRole("button", { name: "Promote Bruno Costa" }));
    await waitFor(() => expect(calls).toEqual([{ url: `/api/events/ev1/waitlist/${first.id}/promote`, body: { overCapacity: false } }]));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
