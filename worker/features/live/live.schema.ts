import { z } from "zod";
import { pathId } from "@worker/shared/views.schema";

// Shared with the web: only zod here, nothing worker-only.

const TICKET_REQUIRED = "A live ticket is required";

export const liveParamsSchema = z.object({ eventId: pathId.min(1) });

export const liveSocketQuerySchema = z.object({
  ticket: z.string({ error: TICKET_REQUIRED }).min(1, TICKET_REQUIRED).max(2000, TICKET_REQUIRED),
});

/** A single-use pass to open the event's live socket within a minute (`?ticket=`), for the viewer who asked for it. */
export const liveTicketSchema = z
  .object({
    ticket: z.string(),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: "LiveTicket" });

export type LiveTicket = z.infer<typeof liveTicketSchema>;
