import { onlineManager } from "@tanstack/react-query";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { renderExperienceTab } from "@web/test/render-experience-tab";
import { server } from "@web/test/server";
import type { CheckinSheet } from "@worker/features/checkin/checkin.schema";
import { CheckinTab } from "./checkin-tab";
import { aCheckin, aResult, aSheet, nameGate, passOf, scansAnswer, wedgeScan } from "./checkin.test-support";
import { dropScans, queuedScans, saveSheet } from "./scanning/offline-store";

// A sheet read sent before the gate's upload landed may answer after it: its older count must not take back what the
// gate learned since (an offline queue sent, an online answer, a live message).

/** The sheet the server answers: the first read at once, later reads held until `release` (answering what was read then). */
function heldSheetReads(first: CheckinSheet) {
  let reads = 0;
  let answered = 0;
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.get<PathParams, never, CheckinSheet>("/api/events/ev1/checkin/list", async () => {
      if (++reads > 1) await held;
      answered += 1;
      return HttpResponse.json(first);
    }),
  );
  return { release, reads: () => reads, answered: () => answered };
}

describe("the Check-in counts", () => {
  afterEach(async () => {
    onlineManager.setOnline(true);
    await dropScans((await queuedScans("ev1")).map((scan) => scan.nonce));
    await saveSheet(aSheet());
  });

  it("never go back when a sheet read sent before an offline queue's upload answers after it", async () => {
    const reads = heldSheetReads(aSheet());
    renderExperienceTab(<CheckinTab />);
    await screen.findByLabelText("Scanner name");
    nameGate("Gate 1");
    fireEvent.click(await screen.findByRole("button", { name: "Prepare for offline" }));
    await screen.findByText("Ready for offline: 2 guests on this device");
    scansAnswer("no network");
    act(() => onlineManager.setOnline(false));
    wedgeScan(await passOf("r-bea", "s-bea"));
    await screen.findByText("1 scan waiting to be sent");
    expect(screen.getByText("Checked in 1 / 2")).toBeTruthy();

    const uploads = scansAnswer((scan) => aResult(scan.nonce, { checkin: aCheckin({ id: "c9", nonce: scan.nonce, offline: true }) }));
    // The network returns: the queue goes up while the page reads the sheet again (TanStack's refetch on reconnect).
    act(() => {
      onlineManager.setOnline(true);
      window.dispatchEvent(new Event("online"));
    });
    await waitFor(() => expect(uploads).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText(/waiting to be sent/)).toBeNull());
    await waitFor(() => expect(reads.reads()).toBeGreaterThan(1));
    expect(screen.getByText("Checked in 1 / 2")).toBeTruthy();

    // The read that left before the upload landed answers now, without Bea's admission.
    await act(async () => reads.release());
    await waitFor(() => expect(reads.answered()).toBe(reads.reads()));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByText("Checked in 1 / 2")).toBeTruthy();
  });
});
