import type { ScanVerdict } from "./checkin-view.schema";
import { formatTimeInZone } from "./time-zone";
import { wordsOf, type Lang } from "./words";

// What a scan says, online (from the Worker's answer) and offline (from the scanner's own check): one set of words,
// so a gate reads the same whether or not the network is there. Times are on the experience's clock.

/** The name of every experience's whole-experience list. */
export const DEFAULT_LIST_NAME = /*i18n*/ "Whole experience";

export const REVOKED_REASON = {
  REISSUED: /*i18n*/ "This pass was replaced by a newer one",
  LEFT: /*i18n*/ "This guest is no longer attending",
} as const;

export const INVALID_REASON = {
  notAPass: /*i18n*/ "Not a pass for this experience",
  unknown: /*i18n*/ "This pass is not on the list",
  notSignedUp: /*i18n*/ "Not signed up for this activity",
  notInvited: /*i18n*/ "This activity is not for this guest's groups",
} as const;

// Each reason below is worded in `lang` (the desk's caller's translator, the page's), its time in the reader's format;
// English (the spec's '10:42 AM Lisbon time') without one.

/** Why a pass was revoked. */
export const revokedReason = (reason: keyof typeof REVOKED_REASON, lang?: Lang) => wordsOf(lang)._(REVOKED_REASON[reason]);
/** Why a scan is no pass of the list. */
export const invalidReason = (reason: keyof typeof INVALID_REASON, lang?: Lang) => wordsOf(lang)._(INVALID_REASON[reason]);

export const listNotOpen = (opensAt: number, zone: string, lang?: Lang) => {
  const words = wordsOf(lang);
  return words._(/*i18n*/ "This list opens at {time}", { time: formatTimeInZone(opensAt, zone, words) });
};
export const listClosed = (closesAt: number, zone: string, lang?: Lang) => {
  const words = wordsOf(lang);
  return words._(/*i18n*/ "This list closed at {time}", { time: formatTimeInZone(closesAt, zone, words) });
};

/** 'Already checked in by Dana at 10:42 AM Lisbon time, Gate 2'. */
export const alreadyCheckedIn = (previous: { byName: string; at: number; device: string }, zone: string, lang?: Lang) => {
  const words = wordsOf(lang);
  return words._(/*i18n*/ "Already checked in by {name} at {time}, {device}", {
    name: previous.byName,
    time: formatTimeInZone(previous.at, zone, words),
    device: previous.device,
  });
};

/** The big word of a verdict. */
export const VERDICT_TITLE: Record<ScanVerdict, string> = {
  CHECKED_IN: /*i18n*/ "Checked in",
  ALREADY_CHECKED_IN: /*i18n*/ "Already checked in",
  REVOKED: /*i18n*/ "Pass revoked",
  NOT_ATTENDING: /*i18n*/ "Not attending",
  INVALID: /*i18n*/ "Not a valid pass",
};
