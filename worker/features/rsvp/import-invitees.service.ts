import type { z } from "zod";
import type { Db } from "@worker/db/client";
import { requireEventRole } from "@worker/domain/permissions";
import type { Bindings } from "@worker/env";
import { cleanTags, MAX_TAG_LENGTH, MAX_TAGS } from "@worker/features/profile/profile.schema";
import { AppError, badRequest } from "@worker/lib/errors";
import { XlsxError } from "@worker/lib/xlsx/limits";
import { ENGLISH, fillMessage, type Say } from "@worker/shared/fill-message";
import { readGuestSheet, type GuestRow } from "./guest-sheet";
import { type Invitee, inviteMany } from "./invitations.service";
import { type importReportSchema, INVITE_FILE_MAX_BYTES, isEmailAddress, RSVP_MESSAGES, UNREACHABLE_REASONS } from "./rsvp.schema";

type ImportReport = z.infer<typeof importReportSchema>;
type ReportRow = ImportReport["rows"][number];

const NAME_MAX = 100;

/** An address the sheet already had, on an earlier `row`. */
const REPEATED = /*i18n*/ "Same email address as row {row}";

/** An invitee not e-mailed, by why (UNREACHABLE_REASONS): one sentence each. */
const NOT_MAILED: Record<string, string> = {
  [UNREACHABLE_REASONS.unsubscribedHere]: /*i18n*/ "Invited, but not e-mailed: unsubscribed from this experience's invitations",
  [UNREACHABLE_REASONS.unsubscribedAll]: /*i18n*/ "Invited, but not e-mailed: unsubscribed from all invitations",
  [UNREACHABLE_REASONS.dailyCap]: /*i18n*/ "Invited, but not e-mailed: already received 3 invitation e-mails today",
};

export const IMPORT_REASONS = {
  missingEmail: /*i18n*/ "Missing email address",
  invalidEmail: /*i18n*/ "Not a valid email address",
  longFirstName: /*i18n*/ "First name is longer than 100 characters",
  longLastName: /*i18n*/ "Last name is longer than 100 characters",
  tooManyTags: /*i18n*/ "More than 30 tags",
  longTag: /*i18n*/ "A tag is longer than 40 characters",
  repeated: (row: number) => fillMessage(REPEATED, { row }),
  alreadyInvited: /*i18n*/ "Already invited to this experience",
  notMailed: (why: string) => NOT_MAILED[why] ?? `Invited, but not e-mailed: ${why.charAt(0).toLowerCase()}${why.slice(1)}`,
} as const;

/** Why a row cannot be invited, or its invitee. */
function toInvitee(guest: GuestRow): Invitee | string {
  if (!guest.email) return IMPORT_REASONS.missingEmail;
  if (!isEmailAddress(guest.email)) return IMPORT_REASONS.invalidEmail;
  if (guest.firstName.length > NAME_MAX) return IMPORT_REASONS.longFirstName;
  if (guest.lastName.length > NAME_MAX) return IMPORT_REASONS.longLastName;
  const tags = cleanTags(guest.tags.split(/[,;]/));
  if (tags.length > MAX_TAGS) return IMPORT_REASONS.tooManyTags;
  if (tags.some((tag) => tag.length > MAX_TAG_LENGTH)) return IMPORT_REASONS.longTag;
  return { email: guest.email.toLowerCase(), firstName: guest.firstName, lastName: guest.lastName, tags };
}

function readGuests(bytes: Uint8Array): GuestRow[] {
  try {
    return readGuestSheet(bytes);
  } catch (error) {
    if (error instanceof XlsxError) throw badRequest(error.kind === "not-xlsx" ? RSVP_MESSAGES.notExcel : error.source, error.values);
    throw error;
  }
}

/**
 * Invites the guests of an .xlsx guest list (owner or hosts only, checked before the file is read) and
 * reports every data row: INVITED, DUPLICATE (repeated in the sheet, or already invited) or INVALID.
 */
export async function importInvitees(
  env: Bindings,
  db: Db,
  inviterId: string,
  eventId: string,
  file: File,
  i18n: Say = ENGLISH,
): Promise<ImportReport> {
  await requireEventRole(db, eventId, inviterId, ["owner", "host"]);
  // 'Less than 5MB', as the web says it: a file of exactly 5 MB is refused on both sides.
  if (file.size >= INVITE_FILE_MAX_BYTES) throw new AppError(413, RSVP_MESSAGES.fileTooLarge);
  const guests = readGuests(new Uint8Array(await file.arrayBuffer()));

  const rows: ReportRow[] = [];
  const firstRowOf = new Map<string, number>();
  const invitees: Invitee[] = [];
  for (const guest of guests) {
    const invitee = toInvitee(guest);
    const report = { row: guest.row, email: guest.email };
    if (typeof invitee === "string") rows.push({ ...report, outcome: "INVALID", reason: i18n._(invitee) });
    else if (firstRowOf.has(invitee.email))
      rows.push({ ...report, outcome: "DUPLICATE", reason: i18n._(REPEATED, { row: firstRowOf.get(invitee.email)! }) });
    else {
      firstRowOf.set(invitee.email, guest.row);
      invitees.push(invitee);
      rows.push({ ...report, outcome: "INVITED", reason: null });
    }
  }

  const { alreadyInvited, unreachable } = await inviteMany(env, db, inviterId, eventId, invitees);
  const already = new Set(alreadyInvited);
  const notMailed = new Map(unreachable.map(({ email, reason }) => [email, reason]));
  for (const row of rows) {
    if (row.outcome !== "INVITED") continue;
    const email = row.email.toLowerCase();
    if (already.has(email)) Object.assign(row, { outcome: "DUPLICATE", reason: i18n._(IMPORT_REASONS.alreadyInvited) });
    else if (notMailed.has(email)) {
      const why = notMailed.get(email)!;
      row.reason = NOT_MAILED[why] ? i18n._(NOT_MAILED[why]) : IMPORT_REASONS.notMailed(why);
    }
  }
  const count = (outcome: ReportRow["outcome"]) => rows.filter((row) => row.outcome === outcome).length;
  return { invited: count("INVITED"), duplicates: count("DUPLICATE"), invalid: count("INVALID"), rows };
}
