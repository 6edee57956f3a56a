import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { session } from "@web/lib/session";
import { refuse, server } from "@web/test/server";
import { anAttendee, asGuest, asHost, attendeeList, LIST, openTagFilter, renderTab, rowNames, search } from "./attendees.test-support";

afterEach(() => {
  vi.restoreAllMocks();
  session.clear();
});

const tab = (name: RegExp) => screen.getByRole("tab", { name });

const ana = anAttendee(
  {},
  { firstName: "Ana", lastName: "Lima", emailId: "ana@lima.pt", organisation: "Lima Travel", tags: ["vip", "speaker"] },
);
const bruno = anAttendee({}, { firstName: "Bruno", lastName: "Costa", emailId: "bruno@costa.br", organisation: "Acme", tags: ["speaker"] });
const carla = anAttendee(
  { status: "REQUESTED" },
  { firstName: "Carla", lastName: "Dias", emailId: "carla@dias.com", organisation: "Porto Wines", tags: ["staff"] },
);
const invitee = anAttendee({ status: "REQUESTED" }, { guid: null, firstName: "", lastName: "", emailId: "new@guest.org" });
const dora = anAttendee({ status: "NO" }, { firstName: "Dora", lastName: "Eça" });
const ed = anAttendee({ status: "HOST_REMOVED" }, { firstName: "Ed", lastName: "Fox" });
const fay = anAttendee({ status: "HOST_APPROVAL_DENIED" }, { firstName: "Fay", lastName: "Gil" });
const gil = anAttendee({ status: "HOST_APPROVAL_REQUESTED" }, { firstName: "Gil", lastName: "Hart" });
const owner = anAttendee({}, { guid: "u1", firstName: "Maya", lastName: "Host", isOwner: true });
const me = anAttendee({}, { guid: "me", firstName: "Ana", lastName: "Myself", isHost: true });
const everyone = [ana, bruno, carla, invitee, dora, ed, fay, gil];

describe("the Attendees tab", () => {
  it("says 'No Attendees Yet' when nobody has an RSVP", async () => {
    attendeeList([]);
    renderTab();
    expect(await screen.findByText("No Attendees Yet")).toBeTruthy();
  });

  it("shows each person's name, organisation, tags and status, and an invitee without an account by e-mail address", async () => {
    attendeeList([ana, invitee]);
    renderTab();
    const [first, second] = await screen.findAllByRole("listitem");
    expect(first!.textContent).toContain("Ana Lima");
    expect(first!.textContent).toContain("Lima Travel");
    expect(within(first!).getByText("vip")).toBeTruthy();
    expect(within(first!).getByText("Attending")).toBeTruthy();
    expect(second!.textContent).toContain("new@guest.org");
    expect(within(second!).getByText("Invited")).toBeTruthy();
  });

  it("marks the owner and the hosts", async () => {
    attendeeList([owner, me]);
    renderTab();
    const [ownerRow, hostRow] = await screen.findAllByRole("listitem");
    expect(within(ownerRow!).getByText("Owner")).toBeTruthy();
    expect(within(hostRow!).getByText("Host")).toBeTruthy();
  });

  it.each([
    ["first name", "bRUNO", ["Bruno Costa"]],
    ["last name", "lima", ["Ana Lima"]],
    ["e-mail address", "CARLA@DIAS", ["Carla Dias"]],
    ["organisation", "porto wines", ["Carla Dias"]],
  ])("finds people by %s, whatever the case", async (_, text, names) => {
    attendeeList(everyone);
    renderTab();
    await screen.findAllByRole("listitem");
    search(text);
    expect(rowNames()).toEqual(names);
  });

  it("says so when the search matches nobody", async () => {
    attendeeList(everyone);
    renderTab();
    await screen.findAllByRole("listitem");
    search("zebra");
    expect(screen.getByText("No attendees match your search")).toBeTruthy();
  });

  it("filters by the tags present on the list, keeping anyone with any chosen tag", async () => {
    attendeeList(everyone);
    renderTab();
    await screen.findAllByRole("listitem");
    const { group: tags, offered } = openTagFilter();
    expect(offered).toEqual(["speaker", "staff", "vip"]);
    fireEvent.click(within(tags).getByRole("checkbox", { name: "vip" }));
    expect(rowNames()).toEqual(["Ana Lima"]);
    fireEvent.click(within(tags).getByRole("checkbox", { name: "staff" }));
    expect(rowNames()).toEqual(["Ana Lima", "Carla Dias"]);
    fireEvent.keyDown(within(tags).getByRole("checkbox", { name: "staff" }), { key: "Escape" });
    expect(screen.queryByRole("group", { name: "Filter by Tags" })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: /Filter by Tags/ }));
  });

  it("treats 'Speaker' and 'speaker' as one tag, shown as first written, and says above every group which tags filter it", async () => {
    const shouting = anAttendee({ status: "REQUESTED" }, { firstName: "Hugo", lastName: "Ivo", tags: ["Speaker"] });
    attendeeList([shouting, ana, bruno]);
    renderTab();
    await screen.findAllByRole("listitem");
    const { group: tags, offered } = openTagFilter();
    expect(offered).toEqual(["Speaker", "vip"]);
    fireEvent.click(within(tags).getByRole("checkbox", { name: "Speaker" }));
    expect(rowNames()).toEqual(["Hugo Ivo", "Ana Lima", "Bruno Costa"]);
    expect(screen.getByRole("status").textContent).toBe("Only people tagged SpeakerClear tags");
    fireEvent.click(tab(/^Attending/));
    expect(rowNames()).toEqual(["Ana Lima", "Bruno Costa"]);
    expect(screen.getByRole("status").textContent).toContain("Only people tagged Speaker");
    fireEvent.click(within(screen.getByRole("status")).getByRole("button", { name: "Clear tags" }));
    expect(screen.queryByRole("status")).toBeNull();
    expect(screen.getByRole("button", { name: "Filter by Tags" }).textContent).toBe("Filter by Tags");
  });

  it("drops a chosen tag that a refetch took off every row, so the filter clears and everyone shows again", async () => {
    attendeeList([ana, bruno]);
    const { client } = renderTab(asHost);
    await screen.findAllByRole("listitem");
    fireEvent.click(screen.getByRole("button", { name: "Filter by Tags" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "vip" }));
    expect(rowNames()).toEqual(["Ana Lima"]);
    const untagged = { ...ana, user: { ...ana.user, tags: ["speaker"] } };
    attendeeList([untagged, bruno]);
    await act(() => client.invalidateQueries());
    await waitFor(() => expect(rowNames()).toEqual(["Ana Lima", "Bruno Costa"]));
    expect(screen.queryByText("No attendees match your search")).toBeNull();
    expect(screen.getByRole("button", { name: "Filter by Tags" }).textContent).toBe("Filter by Tags");
    expect(screen.getByRole("checkbox", { name: "speaker" })).toHaveProperty("checked", false);
    // The tag coming back later does not bring the old filter back with it.
    attendeeList([ana, bruno]);
    await act(() => client.invalidateQueries());
    await waitFor(() => expect(screen.getByRole("checkbox", { name: "vip" })).toHaveProperty("checked", false));
    expect(rowNames()).toEqual(["Ana Lima", "Bruno Costa"]);
  });

  it("counts each group for organisers: ALL, ATTENDING, PENDING, DECLINED and the approval requests", async () => {
    attendeeList(everyone);
    renderTab(asHost);
    await screen.findAllByRole("listitem");
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual([
      "All 8",
      "Attending 2",
      "Pending 2",
      "Declined 3",
      "Approval Requests 1",
    ]);
    fireEvent.click(tab(/^Declined/));
    expect(rowNames()).toEqual(["Dora Eça", "Ed Fox", "Fay Gil"]);
    expect(within(screen.getByRole("list", { name: "Attendees" })).getByText("Declined")).toBeTruthy();
    expect(within(screen.getByRole("list", { name: "Attendees" })).getAllByText("Host Declined")).toHaveLength(2);
  });

  it("labels the list with the selected group's tab and moves between groups with the arrows, Home and End", async () => {
    attendeeList(everyone);
    renderTab(asHost);
    await screen.findAllByRole("listitem");
    expect(screen.getByRole("tabpanel", { name: "All 8" }).getAttribute("aria-labelledby")).toBe(tab(/^All/).id);
    fireEvent.keyDown(tab(/^All/), { key: "ArrowRight" });
    expect(document.activeElement).toBe(tab(/^Attending/));
    expect(screen.getByRole("tabpanel").getAttribute("aria-labelledby")).toBe(tab(/^Attending/).id);
    fireEvent.keyDown(tab(/^Attending/), { key: "End" });
    expect(document.activeElement).toBe(tab(/^Approval Requests/));
    expect(rowNames()).toEqual(["Gil Hart"]);
    fireEvent.keyDown(tab(/^Approval Requests/), { key: "Home" });
    expect(tab(/^All/).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tabpanel", { name: "All 8" })).toBeTruthy();
  });

  it("counts what the search leaves", async () => {
    attendeeList(everyone);
    renderTab(asHost);
    await screen.findAllByRole("listitem");
    search("costa");
    expect(tab(/^All/).textContent).toBe("All 1");
    expect(tab(/^Attending/).textContent).toBe("Attending 1");
    expect(tab(/^Pending/).textContent).toBe("Pending 0");
  });

  it("shows a guest only the list: no groups, no checkboxes, no actions, no Invite Guests", async () => {
    attendeeList([ana, bruno]);
    renderTab(asGuest);
    await screen.findAllByRole("listitem");
    expect(screen.queryByRole("tablist")).toBeNull();
    expect(screen.queryByRole("checkbox")).toBeNull();
    expect(screen.queryByRole("button", { name: "Actions" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Invite Guests" })).toBeNull();
  });

  it("offers organisers no checkboxes in ALL and PENDING", async () => {
    attendeeList(everyone);
    renderTab(asHost);
    await screen.findAllByRole("listitem");
    expect(screen.queryByRole("checkbox")).toBeNull();
    fireEvent.click(tab(/^Pending/));
    expect(screen.queryByRole("checkbox")).toBeNull();
  });

  it("never offers a checkbox on the organiser's own row or the owner's", async () => {
    attendeeList([owner, me, ana]);
    renderTab(asHost);
    await screen.findAllByRole("listitem");
    fireEvent.click(tab(/^Attending/));
    expect(screen.queryByRole("checkbox", { name: "Select Maya Host" })).toBeNull();
    expect(screen.queryByRole("checkbox", { name: "Select Ana Myself" })).toBeNull();
    expect(screen.getByRole("checkbox", { name: "Select Ana Lima" })).toBeTruthy();
  });

  it.each([/^Declined/, /^Approval Requests/])("offers checkboxes in %s", async (group) => {
    attendeeList(everyone);
    renderTab(asHost);
    await screen.findAllByRole("listitem");
    fireEvent.click(tab(group));
    expect(screen.getAllByRole("checkbox", { name: /^Select (?!all)/ }).length).toBeGreaterThan(0);
  });

  it("selects all the rows in view that may be ticked, and clears them again", async () => {
    attendeeList([owner, me, ana, bruno]);
    renderTab(asHost);
    await screen.findAllByRole("listitem");
    fireEvent.click(tab(/^Attending/));
    search("costa");
    fireEvent.click(screen.getByRole("checkbox", { name: "Select all" }));
    expect(screen.getByText("1 selected")).toBeTruthy();
    search("");
    expect((screen.getByRole("checkbox", { name: "Select Bruno Costa" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("checkbox", { name: "Select Ana Lima" }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole("checkbox", { name: "Select all" }));
    expect(screen.getByText("2 selected")).toBeTruthy();
    fireEvent.click(screen.getByRole("checkbox", { name: "Select all" }));
    expect(screen.getByText("Select all")).toBeTruthy();
  });

  it("opens Invite Guests from the toolbar for organisers", async () => {
    attendeeList([]);
    renderTab(asHost);
    await screen.findByText("No Attendees Yet");
    fireEvent.click(screen.getByRole("button", { name: "Invite Guests" }));
    expect(screen.getByRole("dialog", { name: "Invite Guests" })).toBeTruthy();
  });

  it("shows the server's message when the list cannot be loaded", async () => {
    server.use(http.get(LIST, () => refuse(403, "Only participants see the attendees")));
    renderTab(asGuest);
    expect(await screen.findByText("Only participants see the attendees")).toBeTruthy();
  });
});
