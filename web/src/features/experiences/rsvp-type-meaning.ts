import type { RSVP_TYPE_VALUES } from "../../../../worker/lib/views.schema";

export type RsvpType = (typeof RSVP_TYPE_VALUES)[number];

/** What each way of joining means, as the forms explain it. */
export const RSVP_TYPE_MEANING: Record<RsvpType, string> = {
  OPEN: "Anyone with the link can join without approval",
  OPEN_INVITE: "Anyone can request, host approval required",
  INVITE_ONLY: "Only invited guests",
};
