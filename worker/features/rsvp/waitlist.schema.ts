import { z } from "zod";
import { pathId } from "@worker/shared/views.schema";

// The organisers' hand on the waitlist (docs/waitlist.md). Shared with the Attendees tab: only zod and constants here.

export const WAITLIST_MESSAGES = {
  position: "Position must be a whole number from 1",
  notWaiting: "This person is not on the waitlist any more",
  overCapacity: (capacity: number) =>
    `The experience is full (capacity ${capacity.toLocaleString("en-US")}): promoting this guest goes over its capacity`,
  confirmOver: (capacity: number) =>
    `The experience is full (capacity ${capacity.toLocaleString("en-US")}). Promote this guest anyway? They will go over its capacity.`,
} as const;

export const waitlistParamsSchema = z.object({ eventId: pathId, rsvpId: pathId });

export const moveBodySchema = z.object({
  position: z.number({ error: WAITLIST_MESSAGES.position }).int(WAITLIST_MESSAGES.position).min(1, WAITLIST_MESSAGES.position),
});

export const promoteBodySchema = z.object({
  overCapacity: z
    .boolean({ error: "overCapacity must be true or false" })
    .default(false)
    .meta({ description: "True to promote even though the experience is full (its YES then exceed the capacity)." }),
});

/** The queue after the change, first in line first, each with their place from 1. */
export const waitlistSchema = z
  .object({ waitlist: z.array(z.object({ id: z.string(), position: z.number().int() })) })
  .meta({ id: "Waitlist" });

export type Waitlist = z.infer<typeof waitlistSchema>;
