import type { I18n } from "@lingui/core";
import type { Db } from "@worker/db/client";
import type { ChangeField } from "@worker/shared/notify-kinds";
import { readWhen, resolveWhen } from "@worker/shared/time-zone.schema";
import type { UpdateActivityInput } from "./activities.schema";
import type { AttendanceInput } from "./activity-attendance";
import { editConflict, sortEdits, type FieldEdit } from "./edit-conflict";
import type { ActivityRow } from "./itinerary-views";

type Sent = Omit<UpdateActivityInput, "base" | "documents" | keyof AttendanceInput>;
type Field = keyof NonNullable<UpdateActivityInput["base"]>;

const TEXTS = ["name", "subtitle", "description"] as const;
const LOGGED: Partial<Record<Field, ChangeField>> = { location: "location", startIsoTime: "start", endIsoTime: "end" };

/** The instant a time as sent names in the zone, or undefined when it names none (then it is not compared). */
function instant(value: string | undefined, zone: string): number | undefined {
  if (value === undefined) return undefined;
  const resolved = resolveWhen(readWhen(value), zone);
  return "error" in resolved ? undefined : resolved.instant;
}

/**
 * The edit as it should land, judged against the activity as stored (`row`, read at the version the write checks): fields
 * sent as they were in `base` are left out (someone else's change to them stays), and a field someone else changed to
 * another value refuses the whole edit with 409 and its current value. Times are compared as instants read in `zone`;
 * sent with a new zone, times are written as sent (the zone reads them).
 */
export async function settleActivityEdit(
  db: Db,
  { row, zone, editorId }: { row: ActivityRow; zone: string; editorId: string },
  sent: Sent,
  base: UpdateActivityInput["base"],
  i18n: I18n,
): Promise<Sent> {
  if (!base) return sent;
  const edits: Partial<Record<Field, FieldEdit>> = {};
  for (const field of TEXTS)
    if (sent[field] !== undefined && base[field] !== undefined)
      edits[field] = { base: base[field], next: sent[field], current: row[field] };
  if (sent.location !== undefined && base.location !== undefined)
    edits.location = { base: base.location || null, next: sent.location, current: row.location };
  if (sent.timeZone === undefined) {
    const times = [
      ["startIsoTime", row.startTime],
      ["endIsoTime", row.endTime],
    ] as const;
    for (const [field, stored] of times) {
      const [from, to] = [instant(base[field], zone), instant(sent[field], zone)];
      if (from !== undefined && to !== undefined) edits[field] = { base: from, next: to, current: stored.getTime() };
    }
  }
  const { untouched, conflicts } = sortEdits(edits);
  if (conflicts.length > 0) {
    const current: Record<string, unknown> = {};
    for (const field of conflicts)
      current[field] =
        field === "startIsoTime" || field === "endIsoTime"
          ? new Date(edits[field]!.current as number).toISOString()
          : edits[field]!.current;
    const logged = conflicts.flatMap((field) => LOGGED[field] ?? []);
    throw await editConflict(db, { eventId: row.eventId, subjectId: row.id, editorId, logged }, current, i18n);
  }
  const settled: Sent = { ...sent };
  for (const field of untouched) delete settled[field];
  return settled;
}
