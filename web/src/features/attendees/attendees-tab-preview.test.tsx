import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { session } from "@web/lib/session";
import {
  anAttendee,
  asHost,
  attendeeList,
  guestsCopy,
  onViewRoute,
  openTagFilter,
  renderTab,
  rowNames,
  search,
} from "./attendees.test-support";

afterEach(() => {
  vi.restoreAllMocks();
  session.clear();
});

// Ana's tags: the organisers' label 'VIP' on her RSVP, then her own profile tag 'speaker'.
const ana = anAttendee({}, { firstName: "Ana", lastName: "Lima", emailId: "ana@lima.pt", tags: ["VIP", "speaker"] });
const bruno = anAttendee({ status: "MAYBE" }, { firstName: "Bruno", lastName: "Costa", emailId: "bruno@costa.br" });
const carla = anAttendee({ status: "REQUESTED" }, { firstName: "Carla", lastName: "Dias", emailId: "carla@dias.com" });
const invitee = anAttendee({ status: "REQUESTED" }, { guid: null, firstName: "", lastName: "", emailId: "new@guest.org" });
const dora = anAttendee({ status: "NO" }, { firstName: "Dora", lastName: "Eça" });
const gil = anAttendee({ status: "HOST_APPROVAL_REQUESTED" }, { firstName: "Gil", lastName: "Hart" });
const everyone = [ana, bruno, carla, invitee, dora, gil];
/** What the server sends a guest, and so answers the preview's `as=guest`. */
const asGuest = [guestsCopy(ana, ["speaker"]), guestsCopy(bruno)];

const organisers = [
  ["the owner", {}],
  ["a host", asHost],
] as const;

describe("the Attendees tab on the view route: the organisers' preview of a guest's list", () => {
  it.each(organisers)("gives %s no Invite Guests, no groups, no checkboxes and no actions", async (_, role) => {
    attendeeList(everyone, { asGuest });
    renderTab(role, onViewRoute);
    await screen.findAllByRole("listitem");
    expect(screen.queryByRole("button", { name: "Invite Guests" })).toBeNull();
    expect(screen.queryByRole("tablist", { name: "Attendee groups" })).toBeNull();
    expect(screen.queryByRole("checkbox")).toBeNull();
    expect(screen.queryByRole("button", { name: "Actions" })).toBeNull();
  });

  it("lists what the server sends a guest (as=guest): only the participants, going or maybe", async () => {
    attendeeList(everyone, { asGuest });
    renderTab({}, onViewRoute);
    await screen.findAllByRole("listitem");
    expect(rowNames()).toEqual(["Ana Lima", "Bruno Costa"]);
  });

  it("shows no label the organisers gave, on the rows or in Filter by Tags, only the guests' own tags", async () => {
    attendeeList(everyone, { asGuest });
    renderTab({}, onViewRoute);
    await screen.findAllByRole("listitem");
    expect(screen.getByText("speaker")).toBeTruthy();
    expect(openTagFilter().offered).toEqual(["speaker"]);
    expect(screen.queryByText("VIP")).toBeNull();
  });

  it("finds nobody by e-mail address, which a guest is never sent, and does not offer to", async () => {
    attendeeList(everyone, { asGuest });
    renderTab({}, onViewRoute);
    await screen.findAllByRole("listitem");
    expect(screen.getByRole("searchbox", { name: "Search attendees" }).getAttribute("placeholder")).toBe("Search by name or organisation");
    search("ana@lima.pt");
    expect(screen.getByText("No attendees match your search")).toBeTruthy();
    search("lima");
    expect(rowNames()).toEqual(["Ana Lima"]);
  });
});

describe("the Attendees tab in manage mode", () => {
  it.each(organisers)("gives %s Invite Guests, the groups with every RSVP, and checkboxes where they apply", async (_, role) => {
    attendeeList(everyone, { asGuest });
    renderTab(role);
    await screen.findAllByRole("listitem");
    expect(screen.getByRole("button", { name: "Invite Guests" })).toBeTruthy();
    expect(rowNames()).toHaveLength(everyone.length);
    fireEvent.click(within(screen.getByRole("tablist", { name: "Attendee groups" })).getByRole("tab", { name: /^Approval Requests/ }));
    expect(screen.getByRole("checkbox", { name: "Select Gil Hart" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Actions" })).toBeTruthy();
  });

  it("shows the organisers their own labels", async () => {
    attendeeList(everyone, { asGuest });
    renderTab();
    await screen.findAllByRole("listitem");
    expect(screen.getByText("VIP")).toBeTruthy();
  });
});
