import { z } from "zod";

/** What a scan comes to. The scanner says each out loud; the words are in worker/shared/checkin-words.ts. */
const SCAN_VERDICTS = ["CHECKED_IN", "ALREADY_CHECKED_IN", "REVOKED", "NOT_ATTENDING", "INVALID"] as const;
export type ScanVerdict = (typeof SCAN_VERDICTS)[number];

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

/** One scan's answer, as the room's check-in desk (worker/features/checkin/checkin.desk.ts) makes it and the API returns it. */
const scanAttendeeSchema = z.object({ rsvpId: z.string(), name: z.string() });
const previousCheckinSchema = z.object({ byName: z.string(), at: z.iso.datetime(), device: z.string() });

export const scanResultSchema = z
  .object({
    nonce: z.string(),
    verdict: z.enum(SCAN_VERDICTS),
    /** Whose pass it was, when it was one of this experience's. */
    attendee: scanAttendeeSchema.nullable(),
    /** ALREADY_CHECKED_IN: the earlier admission on this list. */
    previous: previousCheckinSchema.nullable(),
    /** An offline admission of a pass another device had admitted too: both are kept, this one flagged. */
    doubleAdmission: z.boolean(),
    /** INVALID and REVOKED: why, in words for the person at the gate. */
    reason: z.string().nullable(),
    /** The check-in this scan recorded (CHECKED_IN, or a flagged double admission), or null. */
    checkin: checkinSchema.nullable(),
  })
  .meta({ id: "ScanResult" });

export type Checkin = z.infer<typeof checkinSchema>;
export type ScanResult = z.infer<typeof scanResultSchema>;
