import type { RsvpStatus } from "@worker/db/schema";
import { badRequest, forbidden } from "@worker/lib/errors";
import type { RSVP_TYPE_VALUES } from "@worker/shared/views.schema";
import { RSVP_MESSAGES, type HostAction } from "./rsvp.schema";

type RsvpType = (typeof RSVP_TYPE_VALUES)[number];
type Answer = "YES" | "NO";

/**
 * The status a guest's own answer leads to (spec 2 §4), or the refusal. A declined (NO) or expired RSVP
 * counts as none: joining again follows the rsvpType, and only a host's 'Resend Invite' reopens an
 * invitation-only experience.
 */
export function responseStatus(rsvpType: RsvpType, current: RsvpStatus | null, answer: Answer): RsvpStatus {
  switch (current) {
    case "HOST_REMOVED":
    case "HOST_APPROVAL_DENIED":
      throw forbidden(RSVP_MESSAGES.hostDeclined);
    case "REQUESTED":
    case "ONBOARD_REQUESTED":
    case "YES":
    case "MAYBE":
      return answer;
    case "HOST_APPROVAL_REQUESTED":
      // Asking again changes nothing; declining withdraws the request.
      return answer === "YES" ? "HOST_APPROVAL_REQUESTED" : "NO";
    case "WAITLISTED":
      // Joining again keeps the place in the queue; declining leaves the waitlist.
      return answer === "YES" ? "WAITLISTED" : "NO";
    case null:
    case "NO":
    case "EXPIRED":
      if (rsvpType === "INVITE_ONLY") {
        if (current === "NO" && answer === "NO") return "NO";
        throw forbidden(RSVP_MESSAGES.inviteOnly);
      }
      if (answer === "NO") return "NO";
      return rsvpType === "OPEN" ? "YES" : "HOST_APPROVAL_REQUESTED";
  }
}

interface HostTransition {
  from: RsvpStatus[];
  to: RsvpStatus;
  refusal: string;
}

/** The only bulk actions a host may take (spec 2 §4): approve or reject approval requests, or invite the declined again. */
const HOST_TRANSITIONS: Record<HostAction, HostTransition> = {
  YES: { from: ["HOST_APPROVAL_REQUESTED"], to: "YES", refusal: RSVP_MESSAGES.onlyRequests },
  NO: { from: ["HOST_APPROVAL_REQUESTED"], to: "HOST_APPROVAL_DENIED", refusal: RSVP_MESSAGES.onlyRequests },
  REQUESTED: { from: ["NO", "HOST_REMOVED", "HOST_APPROVAL_DENIED"], to: "REQUESTED", refusal: RSVP_MESSAGES.onlyDeclined },
};

/** The host transition for these RSVPs, refused as a whole (400) when any of them is not in a status it applies to. */
export function hostTransition(action: HostAction, statuses: RsvpStatus[]): HostTransition {
  const transition = HOST_TRANSITIONS[action];
  if (statuses.some((status) => !transition.from.includes(status))) throw badRequest(transition.refusal);
  return transition;
}

/** A write's answer, and the people whose place it changed (null: nothing changed), for the route to announce. */
export interface PeopleChange<T> {
  answer: T;
  changed: string[] | null;
  /** True when the experience's hosts changed, which the share page shows too. */
  hostsChanged?: boolean;
}
