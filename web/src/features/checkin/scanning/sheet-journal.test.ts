import { describe, expect, it } from "vitest";
import type { CheckinSheet } from "@worker/features/checkin/checkin.schema";
import { aCheckin, aSheet } from "../checkin.test-support";
import { learned, readingSheet, settled, sheetAnswered } from "./sheet-journal";
import { checkedInCount } from "./sheet-updates";

/** A sheet read whose answer the test gives when it likes, stored as TanStack stores it (through sheetAnswered). */
function aRead(eventId: string) {
  let answer: (sheet: CheckinSheet) => void = () => {};
  const read = readingSheet(eventId, () => new Promise<CheckinSheet>((resolve) => (answer = resolve)));
  return {
    answers: async (sheet: CheckinSheet, stored: CheckinSheet | undefined) => {
      answer(sheet);
      return sheetAnswered(stored, await read) as CheckinSheet;
    },
  };
}

describe("sheet reads answering out of order", () => {
  it("never take back an admission or an undo learned after they were sent, and forget them once every read is in", async () => {
    const admitted = aCheckin({ id: "c1", nonce: "n-1" });
    const undone = { ...admitted, undoneAt: "2027-03-12T11:00:00.000Z" };
    const first = aRead("ev-order");
    learned("ev-order", [admitted]);
    const second = aRead("ev-order");
    learned("ev-order", [undone]);

    // The second read saw the admission but not its undo; the first saw neither and answers last.
    let stored = await second.answers(aSheet({ checkins: [admitted] }), undefined);
    expect(stored.checkins).toEqual([undone]);
    stored = await first.answers(aSheet(), stored);
    expect(stored.checkins).toEqual([undone]);
    expect(checkedInCount(stored, "ev1")).toBe(0);

    // Every read is in: a new one is the server's word.
    stored = await aRead("ev-order").answers(aSheet(), stored);
    expect(stored.checkins).toEqual([]);
  });

  it("keeps an offline admission not sent yet over every read until it is sent, then the server's row", async () => {
    const queued = aCheckin({ id: "n-2", nonce: "n-2", offline: true });
    learned("ev-queue", [queued], { unsent: true });
    let stored = await aRead("ev-queue").answers(aSheet(), undefined);
    expect(checkedInCount(stored, "ev1")).toBe(1);
    const late = aRead("ev-queue");
    const server = { ...queued, id: "c2" };
    learned("ev-queue", [server]);
    settled(["n-2"]);
    stored = await late.answers(aSheet(), stored);
    expect(stored.checkins).toEqual([server]);
  });
});
