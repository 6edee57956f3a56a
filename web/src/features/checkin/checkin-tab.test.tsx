import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useExperienceLive } from "@web/hooks/use-live";
import { FakeSocket } from "@web/hooks/use-live.test-support";
import { aDay, anActivity } from "@web/test/fixtures";
import { renderExperienceTab } from "@web/test/render-experience-tab";
import { server } from "@web/test/server";
import type { CheckinList, ListBody } from "@worker/features/checkin/checkin.schema";
import type { Checkin } from "@worker/shared/checkin-view.schema";
import { alreadyCheckedIn, INVALID_REASON } from "@worker/shared/checkin-words";
import { CheckinTab } from "./checkin-tab";
import {
  aCheckin,
  aResult,
  aSheet,
  liveTickets,
  nameGate,
  passOf,
  scansAnswer,
  sheetIs,
  wedgeScan,
  forgedPassOf,
} from "./checkin.test-support";
import { dropScans, queuedScans, saveSheet } from "./scanning/offline-store";

const verdictRegion = () => document.querySelector<HTMLElement>('[aria-live="assertive"]')!;

async function openTab() {
  const view = renderExperienceTab(<CheckinTab />);
  await screen.findByLabelText("Scanner name");
  return view;
}

describe("the Check-in tab", () => {
  it("shows 'Checked in' and the guest's name after a handheld scanner types a pass and Enter", async () => {
    sheetIs(aSheet());
    const uploads = scansAnswer((scan) =>
      aResult(scan.nonce, { checkin: aCheckin({ nonce: scan.nonce, device: "Gate 1", byName: "Ana Lima" }) }),
    );
    await openTab();
    nameGate("Gate 1");
    const token = await passOf("r-bea", "s-bea");
    wedgeScan(token);

    const region = verdictRegion();
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(within(region).getByText("Checked in")).toBeTruthy();
    expect(within(region).getByText("Bea Costa")).toBeTruthy();
    const [scan] = uploads[0]!.scans;
    expect(uploads[0]!.listId).toBe("ev1");
    expect(scan).toMatchObject({ token, device: "Gate 1" });
    expect(scan!.nonce).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect((screen.getByLabelText("Scanner input") as HTMLInputElement).value).toBe("");
    await screen.findByText("Checked in 1 / 2");
  });

  it("says who admitted the guest, when and at which gate, when the server finds the pass already checked in", async () => {
    sheetIs(aSheet());
    const previous = { byName: "Dana", at: "2027-03-12T10:42:00.000Z", device: "Gate 2" };
    scansAnswer((scan) => aResult(scan.nonce, { verdict: "ALREADY_CHECKED_IN", previous }));
    await openTab();
    nameGate();
    wedgeScan(await passOf("r-bea", "s-bea"));

    const words = alreadyCheckedIn({ ...previous, at: Date.parse(previous.at) }, "Europe/Lisbon");
    expect(words).toMatch(/^Already checked in by Dana at 10:42 AM .+, Gate 2$/);
    await within(verdictRegion()).findByText(words);
    expect(within(verdictRegion()).getByText("Already checked in")).toBeTruthy();
  });

  it("asks for the scanner's name before it scans", async () => {
    sheetIs(aSheet());
    await openTab();
    expect(screen.getByText("Name this scanner (e.g. 'Gate 2') to start scanning")).toBeTruthy();
    expect((screen.getByLabelText("Scanner input") as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Start camera" }) as HTMLButtonElement).disabled).toBe(true);
    nameGate("Gate 3");
    expect((screen.getByLabelText("Scanner input") as HTMLInputElement).disabled).toBe(false);
    expect(localStorage.getItem("cp.v1.checkinDevice")).toContain("Gate 3");
  });

  it("finds a guest by e-mail, checks them in by hand by their pass's serial, and shows when and by whom", async () => {
    sheetIs(aSheet());
    const uploads = scansAnswer((scan) =>
      aResult(scan.nonce, {
        attendee: { rsvpId: "r-carl", name: "Carl Dias" },
        checkin: aCheckin({ id: "c5", nonce: scan.nonce, rsvpId: "r-carl", serial: "s-carl" }),
      }),
    );
    await openTab();
    nameGate();
    fireEvent.change(screen.getByLabelText("Search guests"), { target: { value: "carl@" } });
    const match = within(screen.getByRole("list", { name: "Matching guests" }));
    expect(match.getByText("Not checked in yet")).toBeTruthy();
    expect(match.queryByText("Bea Costa")).toBeNull();
    const button = match.getByRole("button", { name: "Check in Carl Dias" });
    button.focus();
    fireEvent.click(button);

    await within(verdictRegion()).findByText("Carl Dias");
    // The same button now undoes it, and keeps the focus.
    const undo = await match.findByRole("button", { name: "Undo Carl Dias's check-in" });
    expect(document.activeElement).toBe(undo);
    expect(match.getByText(/^Checked in at 10:42 AM .+ by Dana, Gate 2$/)).toBeTruthy();
    expect(uploads[0]!.scans[0]).toMatchObject({ serial: "s-carl" });
    expect(uploads[0]!.scans[0]).not.toHaveProperty("token");
  });

  it("undoes a check-in from the recent scans", async () => {
    sheetIs(aSheet());
    scansAnswer((scan) => aResult(scan.nonce, { checkin: aCheckin({ id: "c7", nonce: scan.nonce }) }));
    const undone: string[] = [];
    server.use(
      http.delete<{ checkinId: string }, never, Checkin>("/api/events/ev1/checkins/:checkinId", ({ params }) => {
        undone.push(params.checkinId);
        return HttpResponse.json(aCheckin({ id: params.checkinId, undoneAt: "2027-03-12T10:50:00.000Z" }));
      }),
    );
    await openTab();
    nameGate();
    wedgeScan(await passOf("r-bea", "s-bea"));
    await screen.findByText("Checked in 1 / 2");
    fireEvent.click(within(screen.getByRole("region", { name: "Recent scans" })).getByRole("button", { name: "Undo Bea Costa check-in" }));
    await screen.findByText("Checked in 0 / 2");
    expect(undone).toEqual(["c7"]);
  });

  it("adds a list for one activity, its window typed on the experience's clock, and gives the focus back to 'New list'", async () => {
    sheetIs(aSheet());
    const bodies: ListBody[] = [];
    server.use(
      http.post<PathParams, ListBody, CheckinList>("/api/events/ev1/checkin/lists", async ({ request }) => {
        const body = await request.json();
        bodies.push(body);
        return HttpResponse.json({ ...aSheet().lists[0]!, id: "l2", name: body.name, isDefault: false }, { status: 201 });
      }),
    );
    renderExperienceTab(<CheckinTab />, {
      timeZone: "America/New_York",
      programs: [aDay({ activities: [anActivity({ name: "Harbour dinner" })] })],
    });
    fireEvent.click(await screen.findByRole("button", { name: "New list" }));
    const form = within(screen.getByRole("form", { name: "New list" }));
    fireEvent.change(form.getByLabelText("List name"), { target: { value: "Dinner" } });
    fireEvent.click(form.getByLabelText("One activity"));
    expect(form.getByRole("option", { name: /Harbour dinner/ })).toBeTruthy();
    fireEvent.change(form.getByLabelText(/^Opens/), { target: { value: "2027-03-12T19:00" } });
    fireEvent.click(form.getByLabelText("Re-entry: a guest may be checked in again"));
    fireEvent.click(form.getByRole("button", { name: "Add list" }));

    await screen.findByText("List 'Dinner' added");
    // 7 PM in New York on March 12, 2027 (EST, before the clocks change on the 14th) is midnight UTC.
    expect(bodies).toEqual([
      { name: "Dinner", dayId: null, activityId: "a1", opensAt: "2027-03-13T00:00:00.000Z", closesAt: null, reentry: true },
    ]);
    expect(screen.queryByRole("form", { name: "New list" })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "New list" }));
  });

  it("asks first, naming how many guests 'E-mail passes' mails, then says '2 passes sent'", async () => {
    sheetIs(aSheet());
    let sent = 0;
    server.use(
      http.post<PathParams, never, { queued: number }>("/api/events/ev1/checkin/passes/mail", () => {
        sent++;
        return HttpResponse.json({ queued: 2 });
      }),
    );
    await openTab();
    fireEvent.click(screen.getByRole("button", { name: "E-mail passes" }));
    const dialog = within(screen.getByRole("dialog", { name: "E-mail passes?" }));
    const guests = aSheet().attendees.length;
    expect(dialog.getByText(`Each of the ${guests} attending guests gets an e-mail with their pass.`)).toBeTruthy();
    expect(sent).toBe(0);
    fireEvent.click(dialog.getByRole("button", { name: `E-mail ${guests} guests` }));
    await screen.findByText("2 passes sent");
    expect(sent).toBe(1);
  });

  it("issues a guest a new pass once the organiser confirms, and reads the list again", async () => {
    sheetIs(aSheet());
    const reissued: string[] = [];
    server.use(
      http.post<{ rsvpId: string }, never, { serial: string }>("/api/events/ev1/checkin/passes/:rsvpId/reissue", ({ params }) => {
        reissued.push(params.rsvpId);
        sheetIs(
          aSheet({
            attendees: aSheet().attendees.map((guest) => (guest.rsvpId === params.rsvpId ? { ...guest, serial: "s-new" } : guest)),
          }),
        );
        return HttpResponse.json({ serial: "s-new" });
      }),
    );
    await openTab();
    fireEvent.change(screen.getByLabelText("Search guests"), { target: { value: "bea" } });
    fireEvent.click(screen.getByRole("button", { name: "New pass for Bea Costa" }));
    const dialog = await screen.findByRole("dialog", { name: "A new pass for Bea Costa?" });
    expect(reissued).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Issue a new pass" }));
    await screen.findByText("New pass for Bea Costa: the old one no longer works");
    expect(reissued).toEqual(["r-bea"]);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  describe("with the page's live socket open", () => {
    afterEach(() => vi.unstubAllGlobals());

    it("counts another gate's admission at once, and a later scan of that pass says who admitted it", async () => {
      FakeSocket.instances = [];
      FakeSocket.refuse = false;
      vi.stubGlobal("WebSocket", FakeSocket);
      liveTickets();
      sheetIs(aSheet());
      // The server is slow to answer: what shows is the gate's own verdict, from the sheet the live message updated.
      scansAnswer("no answer");
      function LiveTab() {
        useExperienceLive("ev1");
        return <CheckinTab />;
      }
      renderExperienceTab(<LiveTab />);
      await screen.findByText("Checked in 0 / 2");
      await waitFor(() => expect(FakeSocket.instances.at(-1)?.readyState).toBe(FakeSocket.OPEN));
      const checkin = aCheckin();
      act(() => FakeSocket.instances.at(-1)!.receive(JSON.stringify({ type: "checkin.scanned", eventId: "ev1", checkins: [checkin] })));
      await screen.findByText("Checked in 1 / 2");

      nameGate("Gate 1");
      wedgeScan(await passOf("r-bea", "s-bea"));
      const words = alreadyCheckedIn({ byName: "Dana", at: Date.parse(checkin.scannedAt), device: "Gate 2" }, "Europe/Lisbon");
      await within(verdictRegion()).findByText(words, undefined, { timeout: 1000 });
    });
  });
});

const OFFLINE = "Offline — scans are kept on this device and sent when the network returns";

async function openPreparedTab() {
  sheetIs(aSheet());
  renderExperienceTab(<CheckinTab />);
  await screen.findByLabelText("Scanner name");
  nameGate("Gate 1");
  fireEvent.click(await screen.findByRole("button", { name: "Prepare for offline" }));
  await screen.findByText("Ready for offline: 2 guests on this device");
}

describe("the Check-in tab without a network", () => {
  // This device's copies outlive a test's page (no IndexedDB in jsdom: they are module state): each test starts clean.
  afterEach(async () => {
    await dropScans((await queuedScans("ev1")).map((scan) => scan.nonce));
    await saveSheet(aSheet());
  });

  it("admits a signed pass and refuses a forged one by itself, and keeps the admission to send", async () => {
    scansAnswer("no network");
    await openPreparedTab();
    wedgeScan(await passOf("r-bea", "s-bea"));

    await screen.findByText(OFFLINE);
    await within(verdictRegion()).findByText("Bea Costa");
    expect(within(verdictRegion()).getByText("Checked in")).toBeTruthy();
    await screen.findByText("1 scan waiting to be sent");
    expect(screen.getByText("Checked in 1 / 2")).toBeTruthy();

    wedgeScan(await forgedPassOf("r-carl", "s-carl"));
    await within(verdictRegion()).findByText("Not a valid pass");
    expect(within(verdictRegion()).getByText(INVALID_REASON.notAPass)).toBeTruthy();

    // Admitted offline is admitted: the same pass again is refused on this device too.
    wedgeScan(await passOf("r-bea", "s-bea"));
    await within(verdictRegion()).findByText("Already checked in");
    const [queued] = await queuedScans("ev1");
    const words = alreadyCheckedIn({ byName: "Ana Lima", at: Date.parse(queued!.scan.scannedAt), device: "Gate 1" }, "Europe/Lisbon");
    expect(within(verdictRegion()).getByText(words)).toBeTruthy();
    expect(screen.getByText("1 scan waiting to be sent")).toBeTruthy();
  });

  it("sends the queued scans once when the network returns, then shows the double admissions the server flagged", async () => {
    scansAnswer("no network");
    await openPreparedTab();
    const token = await passOf("r-bea", "s-bea");
    wedgeScan(token);
    await screen.findByText("1 scan waiting to be sent");

    const uploads = scansAnswer((scan) =>
      aResult(scan.nonce, {
        doubleAdmission: true,
        checkin: aCheckin({ id: "c8", nonce: scan.nonce, offline: true, doubleAdmission: true }),
      }),
    );
    act(() => {
      window.dispatchEvent(new Event("online"));
      window.dispatchEvent(new Event("online"));
    });
    await screen.findByText("Admitted twice while offline (another device admitted them too):");
    await waitFor(() => expect(screen.queryByText(OFFLINE)).toBeNull());
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.scans).toEqual([expect.objectContaining({ token, offline: true, device: "Gate 1" })]);
    expect(screen.queryByText(/waiting to be sent/)).toBeNull();
    expect(await queuedScans("ev1")).toEqual([]);
  });

  it("switches to offline by itself when the server gives no answer within 3 seconds", { timeout: 10_000 }, async () => {
    scansAnswer("no answer");
    await openPreparedTab();
    wedgeScan(await passOf("r-carl", "s-carl"));
    // The gate's own verdict shows at once; the server's silence takes the gate offline.
    await within(verdictRegion()).findByText("Carl Dias", undefined, { timeout: 300 });
    expect(screen.queryByText(OFFLINE)).toBeNull();
    await screen.findByText(OFFLINE, undefined, { timeout: 5000 });
    expect(screen.getByText("1 scan waiting to be sent")).toBeTruthy();
  });
});
