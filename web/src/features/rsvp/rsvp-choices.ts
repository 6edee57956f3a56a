import type { RsvpStatus } from "@web/components/rsvp-badge/rsvp-badge";
import { i18n } from "@web/lib/i18n";
import type { RSVP_TYPE_VALUES } from "@worker/shared/views.schema";
import type { RsvpAnswer } from "./api/respond";

type RsvpType = (typeof RSVP_TYPE_VALUES)[number];

export interface RsvpChoices {
  /** The status shown as a badge (spec 2 §4 names four), or none. */
  badge: RsvpStatus | null;
  /** The answers offered: Join or Going (YES), Decline or Can't go (NO). */
  answers: RsvpAnswer[];
  /**
   * What the row says beside them. `status`: the caller has answered, and the buttons change that answer
   * ('Can't go', 'Going'); `declined`: they said no, and may say yes again; `waitlist`: the experience was full, they
   * wait for a place and may leave the queue.
   */
  prompt: "invited" | "open" | "inviteOnly" | "status" | "declined" | "waitlist";
}

const BOTH: RsvpAnswer[] = ["YES", "NO"];

/**
 * What a person who is not an organiser may do from the RSVP header (spec 2 §4): Join and Decline when
 * invited, or on an OPEN or OPEN_INVITE experience with no RSVP. An attending guest may say they can't go.
 * Their own earlier NO or an expired RSVP counts as none (the server lets them join again, through the
 * hosts' approval on OPEN_INVITE), so a declined guest is offered Going once more, except on an
 * invitation-only experience, where only a host's 'Resend Invite' brings them back.
 */
export function rsvpChoices(rsvpType: RsvpType, status: RsvpStatus | null): RsvpChoices {
  const open = rsvpType !== "INVITE_ONLY";
  switch (status) {
    case "REQUESTED":
    case "ONBOARD_REQUESTED":
    case "MAYBE":
      return { badge: null, answers: BOTH, prompt: "invited" };
    case null:
    case "EXPIRED":
      return open ? { badge: null, answers: BOTH, prompt: "open" } : { badge: null, answers: [], prompt: "inviteOnly" };
    case "NO":
      return { badge: "NO", answers: open ? ["YES"] : [], prompt: open ? "declined" : "status" };
    case "YES":
      return { badge: "YES", answers: ["NO"], prompt: "status" };
    case "WAITLISTED":
      return { badge: null, answers: ["NO"], prompt: "waitlist" };
    case "HOST_APPROVAL_REQUESTED":
    case "HOST_REMOVED":
    case "HOST_APPROVAL_DENIED":
      return { badge: status, answers: [], prompt: "status" };
  }
}

/** What saying 'Can't go' does, told before it is done: whether and how the guest can come back follows the rsvpType. */
export const CANT_GO_CONSEQUENCE: Record<RsvpType, string> = {
  OPEN: /*i18n*/ "You will leave the guest list. You can choose Going again at any time.",
  OPEN_INVITE: /*i18n*/ "You will leave the guest list. Coming back will need a host's approval again.",
  INVITE_ONLY: /*i18n*/ "You will leave the guest list. This experience is by invitation only: only a host can invite you again.",
};

/** A waiting guest's line: their place in the queue, as the server counts it (docs/waitlist.md). */
export const waitlistLine = (position: number | null | undefined) =>
  position ? i18n._("You're #{position} on the waitlist", { position }) : i18n._("You're on the waitlist");

/** Leaving the queue, told before it is done: the place in it is not kept (English sources, shown through `i18n._`). */
export const LEAVE_WAITLIST = {
  title: /*i18n*/ "Leave the waitlist?",
  message: /*i18n*/ "You will lose your place on the waitlist. Joining again puts you at its end.",
  confirmLabel: /*i18n*/ "Leave waitlist",
} as const;

/** Join's words when the experience is full (the English source: shown through `i18n._`): the answer puts the person on the waitlist, told before the click. */
export const FULL_JOIN = /*i18n*/ "Full — join the waitlist";

/**
 * Whether a Yes from the caller goes straight to the waitlist: the experience is full (`full`, from the server) and the
 * answer joins without a host's approval (an invitation, or an OPEN experience). A request on OPEN_INVITE still asks.
 */
export const joinsWaitlist = (full: boolean, rsvpType: RsvpType, prompt: RsvpChoices["prompt"]) =>
  full && (prompt === "invited" || (rsvpType === "OPEN" && (prompt === "open" || prompt === "declined")));
