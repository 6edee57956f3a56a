import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderExperienceTab } from "@web/test/render-experience-tab";
import { INVALID_REASON, REVOKED_REASON } from "@worker/shared/checkin-words";
import { CheckinTab } from "./checkin-tab";
import { aCheckin, aResult, aSheet, nameGate, scansAnswer, sheetIs, wedgeScan } from "./checkin.test-support";
import { dropScans, queuedScans, saveSheet } from "./scanning/offline-store";

// The 'Your pass' e-mail prints the pass's serial ('Pass 3ebc3a708a4ce32b · Bea Costa'): typed into Scanner input it
// checks the guest in as the search does, online and offline.

const BEA = "3ebc3a708a4ce32b";
const OLD = "00ff00ff00ff00ff";
const verdictRegion = () => document.querySelector<HTMLElement>('[aria-live="assertive"]')!;
const sheet = () => {
  const base = aSheet();
  return aSheet({
    attendees: base.attendees.map((attendee) => (attendee.rsvpId === "r-bea" ? { ...attendee, serial: BEA } : attendee)),
    revocations: [{ serial: OLD, rsvpId: "r-carl", reason: "REISSUED", revokedAt: "2027-03-11T09:00:00.000Z" }],
  });
};

async function openTab() {
  sheetIs(sheet());
  renderExperienceTab(<CheckinTab />);
  await screen.findByLabelText("Scanner name");
  nameGate("Gate 1");
}

describe("the pass number from the e-mail, typed into Scanner input", () => {
  afterEach(async () => {
    await dropScans((await queuedScans("ev1")).map((scan) => scan.nonce));
    await saveSheet(aSheet());
  });

  it("sends the guest's serial, not a token, and shows 'Checked in' with their name", async () => {
    const uploads = scansAnswer((scan) => aResult(scan.nonce, { checkin: aCheckin({ nonce: scan.nonce, serial: BEA }) }));
    await openTab();
    wedgeScan(`Pass ${BEA} · Bea Costa`);
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]!.scans[0]).toMatchObject({ serial: BEA, device: "Gate 1" });
    expect(uploads[0]!.scans[0]).not.toHaveProperty("token");
    await within(verdictRegion()).findByText("Bea Costa");
    expect(within(verdictRegion()).getByText("Checked in")).toBeTruthy();
  });

  it("admits the typed number offline, and never calls a replaced or unknown number foreign", async () => {
    scansAnswer("no network");
    await openTab();
    fireEvent.click(await screen.findByRole("button", { name: "Prepare for offline" }));
    await screen.findByText("Ready for offline: 2 guests on this device");
    wedgeScan(BEA.toUpperCase());
    await screen.findByText("1 scan waiting to be sent");
    expect(within(verdictRegion()).getByText("Bea Costa")).toBeTruthy();
    expect((await queuedScans("ev1"))[0]!.scan).toMatchObject({ serial: BEA, offline: true });

    wedgeScan(`Pass ${OLD}`);
    await within(verdictRegion()).findByText(REVOKED_REASON.REISSUED);
    wedgeScan("Pass 0123456789abcdef");
    await within(verdictRegion()).findByText(INVALID_REASON.unknown);
    expect(within(verdictRegion()).queryByText(INVALID_REASON.notAPass)).toBeNull();
  });
});
