import { describe, expect, it } from "vitest";
import { INVALID_REASON, REVOKED_REASON } from "@worker/shared/checkin-words";
import { checkinCrew, readSheet, reissue, scanned, scanOf } from "./checkin.test-support";

/** The serial the 'Your pass' e-mail prints for the guest ('Pass 3ebc3a708a4ce32b · Gus Silva'). */
async function printedSerial(ownerToken: string, eventId: string, rsvpId: string) {
  const { attendees } = await (await readSheet(ownerToken, eventId)).json();
  return attendees.find((attendee) => attendee.rsvpId === rsvpId)!.serial;
}

describe("the pass number the e-mail prints, typed into Scanner input", () => {
  it("checks the guest in, typed as the mail prints it, alone, or in capitals with spaces", async () => {
    const { owner, event, guestRsvp, otherRsvp, host } = await checkinCrew();
    const gus = await printedSerial(owner.token, event.id, guestRsvp);
    const ada = await printedSerial(owner.token, event.id, otherRsvp);
    const [first, second] = await scanned(owner.token, event.id, [scanOf(`Pass ${gus} · Gus Silva`), scanOf(ada)]);
    expect(first).toMatchObject({ verdict: "CHECKED_IN", attendee: { rsvpId: guestRsvp }, checkin: { serial: gus } });
    expect(second).toMatchObject({ verdict: "CHECKED_IN", attendee: { rsvpId: otherRsvp }, checkin: { serial: ada } });
    const spaced = `PASS ${gus.toUpperCase().replace(/(.{4})/g, "$1 ")}`;
    const [again] = await scanned(host.token, event.id, [scanOf(spaced)]);
    expect(again).toMatchObject({ verdict: "ALREADY_CHECKED_IN", previous: { byName: "Olga Silva" } });
  });

  it("never calls a real pass's number foreign: a replaced one is 'replaced by a newer one', an unknown one 'not on the list'", async () => {
    const { owner, event, guestRsvp } = await checkinCrew();
    const old = await printedSerial(owner.token, event.id, guestRsvp);
    await reissue(owner.token, event.id, guestRsvp);
    const [replaced, unknown] = await scanned(owner.token, event.id, [scanOf(`Pass ${old}`), scanOf("Pass 0123456789abcdef")]);
    expect(replaced).toMatchObject({ verdict: "REVOKED", reason: REVOKED_REASON.REISSUED });
    expect(unknown).toMatchObject({ verdict: "INVALID", reason: INVALID_REASON.unknown });
    for (const result of [replaced, unknown]) expect(result!.reason).not.toBe(INVALID_REASON.notAPass);
  });
});
