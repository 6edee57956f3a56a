import { describe, expect, it } from "vitest";
import { listClosed, listNotOpen } from "@worker/shared/checkin-words";
import { addList, checkinCrew, scanned, scanOf, tokenOf } from "./checkin.test-support";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const iso = (ms: number) => new Date(ms).toISOString();

/** A crew with a list 'Gala dinner' that opened 5 hours ago and closed 2 hours ago, and Gus's pass. */
async function closedDinner() {
  const crew = await checkinCrew();
  const opensAt = Date.now() - 5 * HOUR;
  const closesAt = Date.now() - 2 * HOUR;
  const list = await (
    await addList(crew.owner.token, crew.event.id, { name: "Gala dinner", opensAt: iso(opensAt), closesAt: iso(closesAt) })
  ).json();
  return { ...crew, list, opensAt, closesAt, token: await tokenOf(crew.event.id, crew.guestRsvp) };
}

describe("a scan's time", () => {
  it("judges an online scan by the server's clock: one back-dated into a closed list's window answers 'This list closed at …'", async () => {
    const { owner, event, list, closesAt, token } = await closedDinner();
    const [backDated] = await scanned(owner.token, event.id, [scanOf(token, { scannedAt: iso(closesAt - HOUR) })], list.id);
    expect(backDated).toMatchObject({ verdict: "INVALID", reason: listClosed(closesAt, "Europe/Lisbon"), checkin: null });
  });

  it("records an online scan at the server's time, whatever the scanner's clock says (1970 or 2099)", async () => {
    const { owner, event, guestRsvp, otherRsvp } = await checkinCrew();
    const before = Date.now();
    const results = await scanned(owner.token, event.id, [
      scanOf(await tokenOf(event.id, guestRsvp), { scannedAt: "1970-01-01T00:00:00.000Z" }),
      scanOf(await tokenOf(event.id, otherRsvp), { scannedAt: "2099-12-31T23:59:00.000Z" }),
    ]);
    for (const result of results) {
      expect(result.verdict).toBe("CHECKED_IN");
      const at = Date.parse(result.checkin!.scannedAt);
      expect(at).toBeGreaterThanOrEqual(before);
      expect(at).toBeLessThanOrEqual(Date.now());
    }
  });

  it("believes an offline scan's time within the last 48 hours: admitted within the closed list's window, refused before it", async () => {
    const { owner, event, list, opensAt, closesAt, token } = await closedDinner();
    const [within] = await scanned(owner.token, event.id, [scanOf(token, { offline: true, scannedAt: iso(closesAt - HOUR) })], list.id);
    expect(within).toMatchObject({ verdict: "CHECKED_IN", checkin: { scannedAt: iso(closesAt - HOUR), offline: true } });
    const [early] = await scanned(owner.token, event.id, [scanOf(token, { offline: true, scannedAt: iso(opensAt - MINUTE) })], list.id);
    expect(early).toMatchObject({ verdict: "INVALID", reason: listNotOpen(opensAt, "Europe/Lisbon") });
  });

  it("judges at the server's time an offline scan dated more than 2 minutes ahead, or more than 48 hours ago", async () => {
    const { owner, event, list, closesAt, token } = await closedDinner();
    const results = await scanned(
      owner.token,
      event.id,
      [
        scanOf(token, { offline: true, scannedAt: iso(Date.now() + 3 * MINUTE) }),
        scanOf(token, { offline: true, scannedAt: iso(Date.now() - 49 * HOUR) }),
        scanOf(token, { offline: true, scannedAt: "2099-01-01T00:00:00.000Z" }),
      ],
      list.id,
    );
    expect(results.map((r) => [r.verdict, r.reason])).toEqual(Array(3).fill(["INVALID", listClosed(closesAt, "Europe/Lisbon")]));
  });

  it("accepts an offline scan dated up to 2 minutes ahead of the server (a scanner's clock a little fast)", async () => {
    const { owner, event, guestRsvp } = await checkinCrew();
    const ahead = iso(Date.now() + MINUTE);
    const [result] = await scanned(owner.token, event.id, [
      scanOf(await tokenOf(event.id, guestRsvp), { offline: true, scannedAt: ahead }),
    ]);
    expect(result).toMatchObject({ verdict: "CHECKED_IN", checkin: { scannedAt: ahead } });
  });
});
