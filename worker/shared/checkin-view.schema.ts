import { z } from "zod";

/**
 * One admission as the check-in sheet lists it and the live `checkin.scanned` message carries it to the other
 * scanners (worker/live/protocol.ts), which is why it lives here rather than in features/checkin.
 */
export const checkinSchema = z
  .object({
    id: z.string(),
    listId: z.string(),
    rsvpId: z.string().nullable(),
    serial: z.string(),
    nonce: z.string(),
    scannedAt: z.iso.datetime(),
    device: z.string(),
    byUserId: z.string().nullable(),
    byName: z.string(),
    offline: z.boolean(),
    doubleAdmission: z.boolean(),
    undoneAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "Checkin" });

export type Checkin = z.infer<typeof checkinSchema>;
