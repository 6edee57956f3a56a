import type { CheckinSheet } from "@worker/features/checkin/checkin.schema";
import type { Checkin } from "@worker/shared/checkin-view.schema";

/**
 * The sheet with these check-ins in it: a known one (same id, or the same scan by its nonce, as a gate's own
 * provisional entry is confirmed) is replaced, a new one added. Live `checkin.scanned` messages, the gate's own
 * answers, undo and offline admissions all go through here.
 */
export function withCheckins(sheet: CheckinSheet, checkins: Checkin[]): CheckinSheet {
  if (checkins.length === 0) return sheet;
  const incoming = new Set(checkins.flatMap((checkin) => [checkin.id, checkin.nonce]));
  const kept = sheet.checkins.filter((checkin) => !incoming.has(checkin.id) && !incoming.has(checkin.nonce));
  return { ...sheet, checkins: [...kept, ...checkins] };
}

/** The sheet without the check-in of this scan (an offline admission undone before it was sent). */
export const withoutScan = (sheet: CheckinSheet, nonce: string): CheckinSheet => ({
  ...sheet,
  checkins: sheet.checkins.filter((checkin) => checkin.nonce !== nonce),
});

/** Who counts as one guest: the RSVP (a reissued pass is still the same guest), else the pass. */
export const guestOf = (checkin: Pick<Checkin, "rsvpId" | "serial">) => checkin.rsvpId ?? checkin.serial;

/** The standing admissions on a list, oldest first. */
export const admissions = (sheet: CheckinSheet, listId: string) =>
  sheet.checkins
    .filter((checkin) => checkin.listId === listId && checkin.undoneAt === null)
    .sort((a, b) => a.scannedAt.localeCompare(b.scannedAt));

/** 'Checked in 42 / 120': the guests admitted on a list, each once. */
export const checkedInCount = (sheet: CheckinSheet, listId: string) => new Set(admissions(sheet, listId).map(guestOf)).size;
