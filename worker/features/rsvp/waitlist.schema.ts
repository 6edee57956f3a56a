import { z } from "zod";
import { fillMessage } from "@worker/shared/fill-message";
import { pathId } from "@worker/shared/views.schema";

// The organisers' hand on the waitlist (docs/waitlist.md). Shared with the Attendees tab: only zod and constants here.

/** The 409 of a promotion past the experience's `capacity`. */
export const OVER_CAPACITY = /*i18n*/ "The experience is full (capacity {capacity, number}): promoting this guest goes over its capacity";
/** The confirmation of a promotion past the experience's `capacity`. */
export const CONFIRM_OVER =
  /*i18n*/ "The experience is full (capacity {capacity, number}). Promote this guest anyway? They will go over its capacity.";

export const WAITLIST_MESSAGES = {
  position: /*i18n*/ "Position must be a whole number from 1",
  notWaiting: /*i18n*/ "This person is not on the waitlist any more",
  overCapacity: (capacity: number) => fillMessage(OVER_CAPACITY, { capacity }),
  confirmOver: (capacity: number) => fillMessage(CONFIRM_OVER, { capacity }),
} as const;

export const waitlistParamsSchema = z.object({ eventId: pathId, rsvpId: pathId });

export const moveBodySchema = z.object({
  position: z.number({ error: WAITLIST_MESSAGES.position }).int(WAITLIST_MESSAGES.position).min(1, WAITLIST_MESSAGES.position),
});

export const promoteBodySchema = z.object({
  overCapacity: z
    .boolean({ error: /*i18n*/ "overCapacity must be true or false" })
    .default(false)
    .meta({ description: "True to promote even though the experience is full (its YES then exceed the capacity)." }),
});

/** The queue after the change, first in line first, each with their place from 1. */
export const waitlistSchema = z
  .object({ waitlist: z.array(z.object({ id: z.string(), position: z.number().int() })) })
  .meta({ id: "Waitlist" });

export type Waitlist = z.infer<typeof waitlistSchema>;
