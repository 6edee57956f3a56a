import type { RSVP_TYPE_VALUES } from "@worker/shared/views.schema";
import type { RsvpStatus } from "@web/components/ui/rsvp-badge";
import type { RsvpAnswer } from "./api/respond";

type RsvpType = (typeof RSVP_TYPE_VALUES)[number];

export interface RsvpChoices {
  /** The status shown as a badge (spec 2 §4 names four), or none. */
  badge: RsvpStatus | null;
  /** The answers offered: Join (YES) and Decline (NO). */
  answers: RsvpAnswer[];
  /** What the row says beside them. */
  prompt: "invited" | "open" | "inviteOnly" | "status";
}

const BOTH: RsvpAnswer[] = ["YES", "NO"];

/**
 * What a person who is not an organiser may do from the RSVP header (spec 2 §4): Join and Decline when
 * invited, or on an OPEN or OPEN_INVITE experience with no RSVP. Their own earlier NO or an expired RSVP
 * counts as none (the server lets them join again), so a declined guest is offered Join once more.
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
      return { badge: "NO", answers: open ? ["YES"] : [], prompt: "status" };
    case "YES":
    case "HOST_APPROVAL_REQUESTED":
    case "HOST_REMOVED":
    case "HOST_APPROVAL_DENIED":
      return { badge: status, answers: [], prompt: "status" };
  }
}
