import type { I18n } from "@lingui/core";
import type { Db } from "@worker/db/client";
import type { EventRow } from "@worker/domain/permissions";
import { editConflict, sortEdits, type FieldEdit } from "./edit-conflict";
import type { UpdateExperienceInput } from "./experiences.schema";

type Details = Pick<UpdateExperienceInput, "name" | "subtitle" | "description" | "venue" | "privacy" | "rsvpType" | "capacity">;

const DETAILS = ["name", "subtitle", "description"] as const;

/**
 * The experience's own columns as they should land, judged against the row the write checks (`before`): a name, subtitle
 * or description sent as it was in `base` is left out, and one someone else changed to another value refuses the whole
 * change with 409 and its current value (docs/presence.md). Without a base, the last write wins.
 */
export async function settleDetailsEdit(
  db: Db,
  before: EventRow,
  editorId: string,
  sent: Details,
  base: UpdateExperienceInput["base"],
  i18n: I18n,
): Promise<Details> {
  if (!base) return sent;
  const edits: Partial<Record<(typeof DETAILS)[number], FieldEdit>> = {};
  for (const field of DETAILS)
    if (sent[field] !== undefined && base[field] !== undefined)
      edits[field] = { base: base[field], next: sent[field], current: before[field] };
  const { untouched, conflicts } = sortEdits(edits);
  if (conflicts.length > 0) {
    const current = Object.fromEntries(conflicts.map((field) => [field, before[field]]));
    // The change log keeps the experience's dates and zone, not its texts: the 409 says 'Someone else'.
    throw await editConflict(db, { eventId: before.id, subjectId: before.id, editorId, logged: [] }, current, i18n);
  }
  const settled: Details = { ...sent };
  for (const field of untouched) delete settled[field];
  return settled;
}
