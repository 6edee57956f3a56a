import type { ScanVerdict } from "./checkin-view.schema";
import { formatTimeInZone } from "./time-zone";

// What a scan says, online (from the Worker's answer) and offline (from the scanner's own check): one set of words,
// so a gate reads the same whether or not the network is there. Times are on the experience's clock.

/** The name of every experience's whole-experience list. */
export const DEFAULT_LIST_NAME = "Whole experience";

export const REVOKED_REASON = {
  REISSUED: "This pass was replaced by a newer one",
  LEFT: "This guest is no longer attending",
} as const;

export const INVALID_REASON = {
  notAPass: "Not a pass for this experience",
  unknown: "This pass is not on the list",
} as const;

export const listNotOpen = (opensAt: number, zone: string) => `This list opens at ${formatTimeInZone(opensAt, zone)}`;
export const listClosed = (closesAt: number, zone: string) => `This list closed at ${formatTimeInZone(closesAt, zone)}`;

/** 'Already checked in by Dana at 10:42 AM Lisbon time, Gate 2'. */
export const alreadyCheckedIn = (previous: { byName: string; at: number; device: string }, zone: string) =>
  `Already checked in by ${previous.byName} at ${formatTimeInZone(previous.at, zone)}, ${previous.device}`;

/** The big word of a verdict. */
export const VERDICT_TITLE: Record<ScanVerdict, string> = {
  CHECKED_IN: "Checked in",
  ALREADY_CHECKED_IN: "Already checked in",
  REVOKED: "Pass revoked",
  NOT_ATTENDING: "Not attending",
  INVALID: "Not a valid pass",
};
