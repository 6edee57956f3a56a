import type { JWK } from "jose";
import { i18n } from "@web/lib/i18n";
import type { CheckinSheet } from "@worker/features/checkin/checkin.schema";
import type { ScanResult } from "@worker/shared/checkin-view.schema";
import { alreadyCheckedIn, invalidReason, listClosed, listNotOpen, revokedReason } from "@worker/shared/checkin-words";
import { readPass } from "@worker/shared/pass-token";
import { admissions, guestOf } from "./sheet-updates";

/** What a gate read: a pass's token (camera, keyboard scanner), or a guest's serial picked from the search. */
export type ScanInput = { token: string } | { serial: string };

/** A verdict as the gate shows it, online or offline: the words are the server's own (checkin-words.ts), in the page's language. */
export type Verdict = Pick<ScanResult, "verdict" | "attendee" | "reason"> & { serial: string | null };

const verdictOf = (verdict: Verdict["verdict"], reason: string | null, serial: string | null = null): Verdict => ({
  verdict,
  attendee: null,
  reason,
  serial,
});

/**
 * The scanner's own check, from the cached sheet (the server's answer follows online; offline it is the answer): the
 * signature, the revocations, the attendee's current serial, the list's window and the admissions so far on this
 * list (the gate's own offline ones included, since they are in the cached sheet).
 */
export async function localVerdict(sheet: CheckinSheet, listId: string, input: ScanInput, now = Date.now()): Promise<Verdict> {
  let serial: string;
  let rsvpId: string | null;
  if ("token" in input) {
    const claims = await readPass(input.token, sheet.publicJwk as JWK, sheet.eventId);
    if (!claims) return verdictOf("INVALID", invalidReason("notAPass", i18n));
    ({ serial, rsvpId } = claims);
  } else {
    serial = input.serial;
    rsvpId = sheet.attendees.find((attendee) => attendee.serial === serial)?.rsvpId ?? null;
  }
  const revoked = sheet.revocations.find((revocation) => revocation.serial === serial);
  if (revoked) return verdictOf("REVOKED", revokedReason(revoked.reason, i18n), serial);
  const attendee = sheet.attendees.find((guest) => guest.rsvpId === rsvpId);
  if (!attendee)
    return rsvpId === null
      ? verdictOf("INVALID", invalidReason("unknown", i18n))
      : verdictOf("NOT_ATTENDING", revokedReason("LEFT", i18n), serial);
  if (attendee.serial !== serial) return verdictOf("REVOKED", revokedReason("REISSUED", i18n), serial);
  const found = { ...verdictOf("CHECKED_IN", null, serial), attendee: { rsvpId: attendee.rsvpId, name: attendee.name } };

  const list = sheet.lists.find((candidate) => candidate.id === listId);
  if (list?.opensAt && Date.parse(list.opensAt) > now)
    return { ...found, verdict: "INVALID", reason: listNotOpen(Date.parse(list.opensAt), sheet.timeZone, i18n) };
  if (list?.closesAt && Date.parse(list.closesAt) < now)
    return { ...found, verdict: "INVALID", reason: listClosed(Date.parse(list.closesAt), sheet.timeZone, i18n) };
  if (list?.reentry) return found;
  const previous = admissions(sheet, listId).find((checkin) => guestOf(checkin) === attendee.rsvpId);
  if (!previous) return found;
  const reason = alreadyCheckedIn(
    { byName: previous.byName, at: Date.parse(previous.scannedAt), device: previous.device },
    sheet.timeZone,
    i18n,
  );
  return { ...found, verdict: "ALREADY_CHECKED_IN", reason };
}

/** The words a server's answer says, as the gate shows them (ALREADY_CHECKED_IN names who, when and where). */
export function serverVerdict(result: ScanResult, timeZone: string, serial: string | null): Verdict {
  const { verdict, attendee, previous } = result;
  const reason = previous ? alreadyCheckedIn({ ...previous, at: Date.parse(previous.at) }, timeZone, i18n) : result.reason;
  return { verdict, attendee, reason, serial };
}
