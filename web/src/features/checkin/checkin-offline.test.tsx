import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { alreadyCheckedIn, INVALID_REASON } from "@worker/shared/checkin-words";
import { renderEventTab } from "@web/test/render-event-tab";
import { CheckinTab } from "./checkin-tab";
import { aCheckin, aResult, aSheet, forgedPassOf, nameGate, passOf, scansAnswer, sheetIs, wedgeScan } from "./checkin.test-support";
import { dropScans, queuedScans, saveSheet } from "./scanning/offline-store";

const OFFLINE = "Offline — scans are kept on this device and sent when the network returns";
const verdictRegion = () => document.querySelector<HTMLElement>('[aria-live="assertive"]')!;

async function openPreparedTab() {
  sheetIs(aSheet());
  renderEventTab(<CheckinTab />);
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
