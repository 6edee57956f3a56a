import { describe, expect, it } from "vitest";
import { readIn } from "@web/test/words";
import { INVALID_REASON, listClosed, listNotOpen, REVOKED_REASON } from "@worker/shared/checkin-words";
import { aCheckin, aSheet, forgedPassOf, passOf } from "../checkin.test-support";
import { localVerdict } from "./local-verdict";

const NOON = Date.parse("2027-03-12T12:00:00.000Z");
const whole = aSheet().lists[0]!;

describe("a gate's own verdict from the cached sheet", () => {
  it("admits a pass signed by the experience's key, naming the guest", async () => {
    expect(await localVerdict(aSheet(), "ev1", { token: await passOf("r-bea", "s-bea") }, NOON)).toEqual({
      verdict: "CHECKED_IN",
      attendee: { rsvpId: "r-bea", name: "Bea Costa" },
      reason: null,
      serial: "s-bea",
    });
  });

  it("refuses a pass signed by another key, text that is no pass, and a pass of another experience", async () => {
    const other = await passOf("r-bea", "s-bea");
    const sheet = aSheet({ eventId: "ev2" });
    for (const [checked, token] of [
      [aSheet(), await forgedPassOf("r-bea", "s-bea")],
      [aSheet(), "https://example.com/not-a-pass"],
      [sheet, other],
    ] as const)
      expect(await localVerdict(checked, "ev1", { token }, NOON)).toMatchObject({ verdict: "INVALID", reason: INVALID_REASON.notAPass });
  });

  it("says a revoked pass is revoked and why, and a replaced serial is a reissued pass", async () => {
    const revoked = aSheet({ revocations: [{ serial: "s-bea", rsvpId: "r-bea", reason: "LEFT", revokedAt: "2027-03-11T09:00:00.000Z" }] });
    expect(await localVerdict(revoked, "ev1", { token: await passOf("r-bea", "s-bea") }, NOON)).toMatchObject({
      verdict: "REVOKED",
      reason: REVOKED_REASON.LEFT,
    });
    expect(await localVerdict(aSheet(), "ev1", { token: await passOf("r-bea", "s-old") }, NOON)).toMatchObject({
      verdict: "REVOKED",
      reason: REVOKED_REASON.REISSUED,
    });
    expect(await localVerdict(aSheet(), "ev1", { token: await passOf("r-gone", "s-gone") }, NOON)).toMatchObject({
      verdict: "NOT_ATTENDING",
    });
  });

  it("refuses a scan outside the list's window, in the experience's time", async () => {
    const opensAt = "2027-03-12T18:00:00.000Z";
    const closesAt = "2027-03-12T11:00:00.000Z";
    const later = aSheet({ lists: [{ ...whole, opensAt }] });
    expect(await localVerdict(later, "ev1", { serial: "s-bea" }, NOON)).toMatchObject({
      verdict: "INVALID",
      reason: listNotOpen(Date.parse(opensAt), "Europe/Lisbon"),
    });
    const over = aSheet({ lists: [{ ...whole, closesAt }] });
    expect(await localVerdict(over, "ev1", { serial: "s-bea" }, NOON)).toMatchObject({
      verdict: "INVALID",
      reason: listClosed(Date.parse(closesAt), "Europe/Lisbon"),
    });
  });

  it("finds an earlier admission on the list, unless it was undone or the list allows re-entry", async () => {
    const admitted = aSheet({ checkins: [aCheckin()] });
    expect(await localVerdict(admitted, "ev1", { serial: "s-bea" }, NOON)).toMatchObject({ verdict: "ALREADY_CHECKED_IN" });
    const undone = aSheet({ checkins: [aCheckin({ undoneAt: "2027-03-12T11:00:00.000Z" })] });
    expect(await localVerdict(undone, "ev1", { serial: "s-bea" }, NOON)).toMatchObject({ verdict: "CHECKED_IN" });
    const reentry = aSheet({ lists: [{ ...whole, reentry: true }], checkins: [aCheckin()] });
    expect(await localVerdict(reentry, "ev1", { serial: "s-bea" }, NOON)).toMatchObject({ verdict: "CHECKED_IN" });
  });

  it("answers 'Already checked in' to a guest's new pass when their earlier pass was admitted on the list (a reissue, or attending again)", async () => {
    const revocations = [{ serial: "s-old", rsvpId: "r-bea", reason: "REISSUED" as const, revokedAt: "2027-03-12T11:00:00.000Z" }];
    const admittedWithOld = aSheet({ revocations, checkins: [aCheckin({ serial: "s-old" })] });
    const byToken = await localVerdict(admittedWithOld, "ev1", { token: await passOf("r-bea", "s-bea") }, NOON);
    expect(byToken).toMatchObject({ verdict: "ALREADY_CHECKED_IN", reason: "Already checked in by Dana at 10:42 AM Lisbon time, Gate 2" });
    expect(await localVerdict(admittedWithOld, "ev1", { serial: "s-bea" }, NOON)).toMatchObject({ verdict: "ALREADY_CHECKED_IN" });
    const reentry = aSheet({ revocations, lists: [{ ...whole, reentry: true }], checkins: [aCheckin({ serial: "s-old" })] });
    expect(await localVerdict(reentry, "ev1", { serial: "s-bea" }, NOON)).toMatchObject({ verdict: "CHECKED_IN" });
  });

  it("words its reasons in the page's language: German, on a 24-hour clock", async () => {
    await readIn("de");
    const revocations = [{ serial: "s-old", rsvpId: "r-bea", reason: "REISSUED" as const, revokedAt: "2027-03-12T11:00:00.000Z" }];
    const admitted = aSheet({ revocations, checkins: [aCheckin()] });
    const verdicts = await Promise.all([
      localVerdict(aSheet(), "ev1", { token: "https://example.com/not-a-pass" }, NOON),
      localVerdict(aSheet(), "ev1", { serial: "s-nobody" }, NOON),
      localVerdict(admitted, "ev1", { serial: "s-old" }, NOON),
      localVerdict(aSheet({ lists: [{ ...whole, closesAt: "2027-03-12T11:00:00.000Z" }] }), "ev1", { serial: "s-bea" }, NOON),
      localVerdict(admitted, "ev1", { serial: "s-bea" }, NOON),
    ]);
    expect(verdicts.map((verdict) => verdict.reason)).toEqual([
      "Kein Pass für dieses Erlebnis",
      "Dieser Pass steht nicht auf der Liste",
      "Dieser Pass wurde durch einen neueren ersetzt",
      "Diese Liste wurde um 11:00 WEZ geschlossen",
      "Bereits eingecheckt von Dana um 10:42 WEZ, Gate 2",
    ]);
  });
});
