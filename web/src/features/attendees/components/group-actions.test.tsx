import { fireEvent, screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import { session } from "@web/lib/session";
import { refuse, server, type ErrorBody } from "@web/test/server";
import {
  RSVP_MESSAGES,
  RSVP_TOASTS,
  UNREACHABLE_REASONS,
  type hostsSchema,
  type InvitationResent,
  type Reminders,
  type RsvpChange,
} from "@worker/features/rsvp/rsvp.schema";
import { anAttendee, asHost, attendeeList, renderTab } from "../attendees.test-support";

type Hosts = z.infer<typeof hostsSchema>;

afterEach(() => {
  vi.restoreAllMocks();
  session.clear();
});

const ana = anAttendee({}, { guid: "ana", firstName: "Ana", lastName: "Lima" });
const bruno = anAttendee({}, { guid: "bruno", firstName: "Bruno", lastName: "Costa" });
const hal = anAttendee({}, { guid: "hal", firstName: "Hal", lastName: "Host", isHost: true });
const carla = anAttendee({ status: "REQUESTED" }, { firstName: "Carla", lastName: "Dias" });
const dora = anAttendee({ id: "r-dora", status: "NO" }, { firstName: "Dora", lastName: "Eça" });
const ed = anAttendee({ id: "r-ed", status: "HOST_REMOVED" }, { firstName: "Ed", lastName: "Fox" });
const gil = anAttendee({ id: "r-gil", status: "HOST_APPROVAL_REQUESTED" }, { firstName: "Gil", lastName: "Hart" });

/** Records the JSON bodies a route received and answers each with `reply`, typed with the route's answer. */
function record<Body extends object>(method: "put" | "post" | "delete", path: string, reply: () => HttpResponse<Body>) {
  const received: unknown[] = [];
  server.use(
    http[method](path, async ({ request }) => {
      received.push(request.headers.get("content-type")?.includes("json") ? await request.json() : null);
      return reply() as Response;
    }),
  );
  return received;
}

async function openGroup(group: RegExp) {
  attendeeList([ana, bruno, hal, carla, dora, ed, gil]);
  renderTab(asHost);
  await screen.findAllByRole("listitem");
  fireEvent.click(screen.getByRole("tab", { name: group }));
}

const tick = (name: string) => fireEvent.click(screen.getByRole("checkbox", { name: `Select ${name}` }));
function choose(action: string) {
  fireEvent.click(screen.getByRole("button", { name: "Actions" }));
  fireEvent.click(within(screen.getByRole("menu")).getByRole("menuitem", { name: action }));
}
/** How many 'Reminder Sent To Pending RSVPs!' toasts are up (toasts of earlier tests may still be). */
const sentToasts = () => screen.queryAllByText(RSVP_TOASTS.reminderSent).length;
const toastSaying = async (text: string) => expect((await screen.findByText(text)).closest("[role=status],[role=alert]")).not.toBeNull();

describe("the organisers' group actions", () => {
  it("asks 'Are you sure you want to remove 2 attendee(s)?' before removing, then removes them by guid", async () => {
    const removed = record<RsvpChange[]>("delete", "/api/events/ev1/guests", () => HttpResponse.json([]));
    await openGroup(/^Attending/);
    tick("Ana Lima");
    tick("Bruno Costa");
    choose("Remove attendee");
    const dialog = screen.getByRole("dialog", { name: "Remove attendees" });
    expect(within(dialog).getByText(RSVP_TOASTS.confirmRemove(2))).toBeTruthy();
    expect(within(dialog).getByText("Are you sure you want to remove 2 attendee(s)?")).toBeTruthy();
    expect(removed).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove" }));
    await toastSaying("2 attendees removed");
    expect(removed).toEqual([{ users: ["ana", "bruno"] }]);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("removes nobody when the confirmation is cancelled", async () => {
    const removed = record<RsvpChange[]>("delete", "/api/events/ev1/guests", () => HttpResponse.json([]));
    await openGroup(/^Attending/);
    tick("Ana Lima");
    choose("Remove attendee");
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(removed).toEqual([]);
  });

  it("offers the actions that need a selection only once someone is ticked", async () => {
    await openGroup(/^Attending/);
    fireEvent.click(screen.getByRole("button", { name: "Actions" }));
    const item = screen.getByRole("menuitem", { name: "Remove attendee" });
    expect(item.getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(item);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("makes the ticked attendees who are not hosts yet hosts", async () => {
    const made = record<Hosts>("post", "/api/events/ev1/hosts", () => HttpResponse.json({ hosts: ["hal", "ana"] }));
    await openGroup(/^Attending/);
    tick("Ana Lima");
    tick("Hal Host");
    choose("Make host");
    await toastSaying("1 new host added");
    expect(made).toEqual([{ users: ["ana"] }]);
    expect((screen.getByRole("checkbox", { name: "Select Ana Lima" }) as HTMLInputElement).checked).toBe(false);
  });

  it("removes the ticked hosts as hosts", async () => {
    const unmade = record<Hosts>("delete", "/api/events/ev1/hosts", () => HttpResponse.json({ hosts: [] }));
    await openGroup(/^Attending/);
    tick("Hal Host");
    choose("Remove as host");
    await toastSaying("1 host removed as host");
    expect(unmade).toEqual([{ users: ["hal"] }]);
  });

  it("sends a reminder to the pending RSVPs: 'Reminder Sent To Pending RSVPs!', and says how many", async () => {
    const sent = record<Reminders>("post", "/api/rsvp/request/ev1", () => HttpResponse.json({ reminded: 3, unreachable: [] }));
    await openGroup(/^Pending/);
    choose("Send reminder");
    await toastSaying(RSVP_TOASTS.reminderSent);
    await toastSaying("3 guests reminded");
    expect(sent).toHaveLength(1);
  });

  it.each([
    ["NONE_PENDING", "Nobody to remind: no invitation is waiting for an answer"],
    ["TOO_RECENT", "Nobody to remind yet: invitations less than an hour old are not reminded"],
  ] as const)("says why nobody was reminded (%s) and shows no success toast", async (nobody, words) => {
    record<Reminders>("post", "/api/rsvp/request/ev1", () => HttpResponse.json<Reminders>({ reminded: 0, unreachable: [], nobody }));
    await openGroup(/^Pending/);
    const before = sentToasts();
    choose("Send reminder");
    await toastSaying(words);
    expect(sentToasts()).toBe(before);
  });

  it("names the pending guests the reminder could not be e-mailed to, with the reason", async () => {
    record<Reminders>("post", "/api/rsvp/request/ev1", () =>
      HttpResponse.json<Reminders>({
        reminded: 0,
        unreachable: [{ email: "ana@example.com", reason: UNREACHABLE_REASONS.unsubscribedHere }],
      }),
    );
    await openGroup(/^Pending/);
    const before = sentToasts();
    choose("Send reminder");
    await toastSaying("Not e-mailed: \u2068ana@example.com\u2069 (Unsubscribed from this experience's invitations)");
    await toastSaying("Nobody could be reminded by e-mail");
    expect(sentToasts()).toBe(before);
  });

  it("shows the daily quota's message when the inviter has sent too many invitation e-mails today", async () => {
    record<ErrorBody>("post", "/api/rsvp/request/ev1", () => refuse(429, RSVP_MESSAGES.dailyQuota(1000, 0)));
    await openGroup(/^Pending/);
    choose("Send reminder");
    await toastSaying(RSVP_MESSAGES.dailyQuota(1000, 0));
  });

  it("says 'Reminders were already sent today' when one was sent today", async () => {
    record<ErrorBody>("post", "/api/rsvp/request/ev1", () => refuse(429, RSVP_MESSAGES.remindedToday));
    await openGroup(/^Pending/);
    choose("Send reminder");
    await toastSaying("Reminders were already sent today");
  });

  it("says 'Failed to send reminder' when the reminder fails", async () => {
    record<ErrorBody>("post", "/api/rsvp/request/ev1", () => refuse(500, "Mail provider unavailable"));
    await openGroup(/^Pending/);
    choose("Send reminder");
    await toastSaying(RSVP_TOASTS.reminderFailed);
  });

  it.each([
    ["Approve", "YES", "1 request approved"],
    ["Reject", "NO", "1 request rejected"],
  ])("%ss the ticked approval requests (status %s)", async (action, status, toast) => {
    const answered = record<RsvpChange[]>("put", "/api/rsvp", () =>
      HttpResponse.json([{ id: "r-gil", status: status === "YES" ? "YES" : "HOST_APPROVAL_DENIED" }]),
    );
    await openGroup(/^Approval Requests/);
    tick("Gil Hart");
    choose(action);
    await toastSaying(toast);
    expect(answered).toEqual([{ eventId: "ev1", status, rsvps: ["r-gil"] }]);
  });

  it("says 'Added to the waitlist: the experience is full' when the approved request went to the waitlist, not '1 request approved'", async () => {
    record<RsvpChange[]>("put", "/api/rsvp", () => HttpResponse.json([{ id: "r-gil", status: "WAITLISTED" }]));
    await openGroup(/^Approval Requests/);
    tick("Gil Hart");
    choose("Approve");
    await toastSaying("Added to the waitlist: the experience is full");
  });

  it("invites the ticked declined guests again (status REQUESTED)", async () => {
    const resent = record<RsvpChange[]>("put", "/api/rsvp", () =>
      HttpResponse.json([
        { id: "r-dora", status: "REQUESTED" },
        { id: "r-ed", status: "REQUESTED" },
      ]),
    );
    await openGroup(/^Declined/);
    tick("Dora Eça");
    tick("Ed Fox");
    choose("Resend invite");
    await toastSaying("Invitation sent again to 2 guests");
    expect(resent).toEqual([{ eventId: "ev1", status: "REQUESTED", rsvps: ["r-dora", "r-ed"] }]);
  });

  it("shows the server's message when an action is refused, and keeps the selection", async () => {
    record<ErrorBody>("put", "/api/rsvp", () => refuse(400, RSVP_MESSAGES.onlyRequests));
    await openGroup(/^Approval Requests/);
    tick("Gil Hart");
    choose("Approve");
    await toastSaying(RSVP_MESSAGES.onlyRequests);
    expect((screen.getByRole("checkbox", { name: "Select Gil Hart" }) as HTMLInputElement).checked).toBe(true);
  });
});

describe("a pending invitation's own menu", () => {
  const carlaMenu = () => screen.getByRole("button", { name: "Invitation actions for Carla Dias" });
  const pick = (item: string) => {
    fireEvent.click(carlaMenu());
    fireEvent.click(within(screen.getByRole("menu")).getByRole("menuitem", { name: item }));
  };

  it("resends one invitation: 'Invitation sent again'", async () => {
    const sent = record<InvitationResent>("post", `/api/events/ev1/invitations/${carla.id}/resend`, () =>
      HttpResponse.json({ mailed: true, unreachable: [] }),
    );
    await openGroup(/^Pending/);
    pick("Resend invitation");
    await toastSaying("Invitation sent again");
    expect(sent).toHaveLength(1);
  });

  it("withdraws one invitation: 'Invitation withdrawn'", async () => {
    const withdrawn = record<{ success: true }>("delete", `/api/events/ev1/invitations/${carla.id}`, () =>
      HttpResponse.json({ success: true }),
    );
    await openGroup(/^Pending/);
    pick("Withdraw invitation");
    await toastSaying("Invitation withdrawn");
    expect(withdrawn).toHaveLength(1);
  });

  it("is offered on pending rows only, and keeps the Pending group free of checkboxes", async () => {
    await openGroup(/^Pending/);
    expect(carlaMenu()).toBeTruthy();
    expect(screen.queryAllByRole("checkbox")).toEqual([]);
    fireEvent.click(screen.getByRole("tab", { name: /^Attending/ }));
    expect(screen.queryByRole("button", { name: /^Invitation actions/ })).toBeNull();
  });
});
