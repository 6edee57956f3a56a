import type { ScanVerdict } from "./checkin-view.schema";
import { ENGLISH, type Say } from "./fill-message";
import { formatTimeInZone } from "./time-zone";

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
} as const;

export const listNotOpen = (opensAt: number, zone: string, i18n: Say = ENGLISH) =>
  i18n._(/*i18n*/ "This list opens at {time}", { time: formatTimeInZone(opensAt, zone) });
export const listClosed = (closesAt: number, zone: string, i18n: Say = ENGLISH) =>
  i18n._(/*i18n*/ "This list closed at {time}", { time: formatTimeInZone(closesAt, zone) });

/** 'Already checked in by Dana at 10:42 AM Lisbon time, Gate 2'. */
export const alreadyCheckedIn = (previous: { byName: string; at: number; device: string }, zone: string, i18n: Say = ENGLISH) =>
  i18n._(/*i18n*/ "Already checked in by {name} at {time}, {device}", {
    name: previous.byName,
    time: formatTimeInZone(previous.at, zone),
    device: previous.device,
  });

/** The big word of a verdict. */
export const VERDICT_TITLE: Record<ScanVerdict, string> = {
  CHECKED_IN: /*i18n*/ "Checked in",
  ALREADY_CHECKED_IN: /*i18n*/ "Already checked in",
  REVOKED: /*i18n*/ "Pass revoked",
  NOT_ATTENDING: /*i18n*/ "Not attending",
  INVALID: /*i18n*/ "Not a valid pass",
};
