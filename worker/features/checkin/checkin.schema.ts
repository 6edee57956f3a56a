import { z } from "zod";
import { checkinSchema, scanResultSchema } from "@worker/shared/checkin-view.schema";
import { pathId } from "@worker/shared/views.schema";

// Check-in at the venue (docs/checkin.md): each attending guest's signed pass, the organisers' check-in sheet (the
// public key, attendees, check-ins and revocations a scanner needs to work offline), scans online or uploaded in a
// batch after an offline spell, and check-in lists per experience, day or activity.

export const CHECKIN_MESSAGES = {
  organisersOnly: /*i18n*/ "Only the owner and hosts can check guests in.",
  noPass: /*i18n*/ "You have a pass once you're attending this experience.",
  listNotFound: /*i18n*/ "That check-in list does not exist.",
  checkinNotFound: /*i18n*/ "That check-in does not exist.",
  attendeeNotFound: /*i18n*/ "That guest is not attending this experience.",
  defaultListFixed: /*i18n*/ "The whole-experience list cannot be deleted.",
  badWindow: /*i18n*/ "A list must close after it opens.",
  badDay: /*i18n*/ "That day is not part of this experience.",
  badActivity: /*i18n*/ "That activity is not part of this experience.",
  dayOrActivity: /*i18n*/ "A list is for a day or an activity, not both.",
} as const;

/** Scans one upload may carry: a scanner back from an hour offline at a busy gate. */
export const MAX_SCANS_PER_UPLOAD = 500;

export const eventParamSchema = z.object({ eventId: pathId });
export const listParamSchema = z.object({ eventId: pathId, listId: pathId });
export const checkinParamSchema = z.object({ eventId: pathId, checkinId: pathId });
export const attendeeParamSchema = z.object({ eventId: pathId, rsvpId: pathId });

/** The caller's own pass: its token (what the QR code holds) and the QR code as SVG. */
export const passSchema = z
  .object({
    eventId: z.string(),
    rsvpId: z.string(),
    serial: z.string(),
    token: z.string(),
    /** An SVG image of the QR code, black on white, with its quiet zone. */
    qrSvg: z.string(),
    issuedAt: z.iso.datetime(),
    /** The name on the pass: the guest's. */
    name: z.string(),
    /** When the guest was last admitted (any list), or null. */
    checkedInAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "Pass" });
export type Pass = z.infer<typeof passSchema>;

export const checkinListSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** The whole-experience list: every experience has it (its id is the experience's); it cannot be deleted. */
    isDefault: z.boolean(),
    dayId: z.string().nullable(),
    activityId: z.string().nullable(),
    opensAt: z.iso.datetime().nullable(),
    closesAt: z.iso.datetime().nullable(),
    reentry: z.boolean(),
    /** Guests admitted on this list (each counted once, undone ones not). */
    checkedIn: z.number().int(),
  })
  .meta({ id: "CheckinList" });
export type CheckinList = z.infer<typeof checkinListSchema>;

const checkinAttendeeSchema = z
  .object({
    rsvpId: z.string(),
    userId: z.string().nullable(),
    name: z.string(),
    email: z.string(),
    avatar: z.string().nullable(),
    tags: z.array(z.string()),
    /** The serial of the guest's current pass. */
    serial: z.string(),
  })
  .meta({ id: "CheckinAttendee" });
export type CheckinAttendee = z.infer<typeof checkinAttendeeSchema>;

const revocationSchema = z
  .object({ serial: z.string(), rsvpId: z.string().nullable(), reason: z.enum(["REISSUED", "LEFT"]), revokedAt: z.iso.datetime() })
  .meta({ id: "PassRevocation" });

/**
 * Everything a scanner needs to work without a network: the experience's public key, its attending guests with their
 * pass serials, the check-ins so far (undone ones included, marked), and the revoked passes.
 */
export const checkinSheetSchema = z
  .object({
    eventId: z.string(),
    /** The experience's IANA zone: every time a scanner shows. */
    timeZone: z.string(),
    /** The ES256 public key (JWK, with its kid) that signs this experience's passes. */
    publicJwk: z.record(z.string(), z.unknown()),
    lists: z.array(checkinListSchema),
    attendees: z.array(checkinAttendeeSchema),
    checkins: z.array(checkinSchema),
    revocations: z.array(revocationSchema),
    generatedAt: z.iso.datetime(),
  })
  .meta({ id: "CheckinSheet" });
export type CheckinSheet = z.infer<typeof checkinSheetSchema>;

const scanSchema = z
  .object({
    /** What the QR code (or a keyboard-wedge scanner) read. */
    token: z
      .string({ error: /*i18n*/ "token must be the text of a pass" })
      .max(2000, /*i18n*/ "That code is too long to be a pass")
      .optional(),
    /** Instead of a token: an organiser checking a guest in by hand from the list, by their pass's serial. */
    serial: z.string({ error: /*i18n*/ "serial must be text" }).max(64, /*i18n*/ "That serial is too long").optional(),
    /** Made by the scanner for each scan: the same scan uploaded twice counts once. */
    nonce: z
      .string({ error: /*i18n*/ "nonce must be text" })
      .min(8, /*i18n*/ "nonce must be 8 to 64 characters")
      .max(64, /*i18n*/ "nonce must be 8 to 64 characters")
      .regex(/^[A-Za-z0-9_-]+$/, /*i18n*/ "nonce may hold only letters, digits, - and _"),
    /** When the scanner read it. Only an offline upload's is believed (at most 48 hours old, 2 minutes ahead); online, the server's clock. */
    scannedAt: z.iso.datetime({ error: /*i18n*/ "scannedAt must be an ISO 8601 time" }),
    /** The scanner's name ('Gate 2'). */
    device: z
      .string({ error: /*i18n*/ "device must be text" })
      .trim()
      .min(1, /*i18n*/ "Name this scanner (e.g. 'Gate 2')")
      .max(40, /*i18n*/ "A scanner's name is at most 40 characters"),
    /** True when the scanner admitted the guest itself while offline: the admission is recorded whatever it finds now. */
    offline: z.boolean({ error: /*i18n*/ "offline must be true or false" }).optional(),
  })
  .refine((scan) => (scan.token === undefined) !== (scan.serial === undefined), {
    error: /*i18n*/ "A scan has either a pass's token or, checked in by hand, its serial",
  });
export type Scan = z.infer<typeof scanSchema>;

export const scansBodySchema = z.object({
  listId: pathId,
  scans: z
    .array(scanSchema, { error: /*i18n*/ "scans must be a list" })
    .min(1, /*i18n*/ "Send at least one scan")
    .max(MAX_SCANS_PER_UPLOAD, /*i18n*/ "Send at most {maximum} scans at a time"),
});

export const scanResultsSchema = z.object({ results: z.array(scanResultSchema) }).meta({ id: "ScanResults" });

const listTime = z.iso.datetime({ offset: true, error: /*i18n*/ "Times must be ISO 8601 with a zone" }).nullable().optional();

/** A new list; a list's changes (every field optional). */
export const listBodySchema = z.object({
  name: z
    .string({ error: /*i18n*/ "name must be text" })
    .trim()
    .min(1, /*i18n*/ "Name the list")
    .max(80, /*i18n*/ "A list's name is at most 80 characters"),
  dayId: pathId.nullable().optional(),
  activityId: pathId.nullable().optional(),
  opensAt: listTime,
  closesAt: listTime,
  reentry: z.boolean({ error: /*i18n*/ "reentry must be true or false" }).optional(),
});
export type ListBody = z.infer<typeof listBodySchema>;
export const listPatchSchema = listBodySchema.partial();

/** An organiser's reissue: the guest's pass is revoked and a new one made (a screenshot that went round). */
export const reissuedSchema = z.object({ serial: z.string() }).meta({ id: "PassReissued" });

/** 'E-mail passes': how many 'Your pass' e-mails were queued (guests already sent theirs, or who stopped mail, are skipped). */
export const passMailsSchema = z.object({ queued: z.number().int() }).meta({ id: "PassMails" });
