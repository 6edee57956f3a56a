import type { I18n } from "@lingui/core";
import { and, desc, eq, inArray } from "drizzle-orm";
import { HTTPException } from "hono/http-exception";
import type { Db } from "@worker/db/client";
import { changeLog, users } from "@worker/db/schema";
import type { ChangeField } from "@worker/shared/notify-kinds";

/** One field of an edit: the value the editor started from, the one they send, and the one stored now, each comparable. */
export interface FieldEdit {
  base: unknown;
  next: unknown;
  current: unknown;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Sorts the fields of an edit sent with the values it started from (docs/presence.md): a field sent unchanged from its
 * base is left as it is now (someone else may have changed it meanwhile), and a field whose current value differs from
 * both its base and the new one conflicts. Fields without a base are neither: the last write wins, as before.
 */
export function sortEdits<K extends string>(edits: Partial<Record<K, FieldEdit>>): { untouched: K[]; conflicts: K[] } {
  const untouched: K[] = [];
  const conflicts: K[] = [];
  for (const [field, edit] of Object.entries(edits) as [K, FieldEdit | undefined][]) {
    if (!edit) continue;
    if (same(edit.next, edit.base)) untouched.push(field);
    else if (!same(edit.current, edit.base) && !same(edit.current, edit.next)) conflicts.push(field);
  }
  return { untouched, conflicts };
}

/** Whose change an edit met. `logged`: the change-log fields of the conflicting ones (the log keeps times and places, not texts). */
interface ConflictSubject {
  eventId: string;
  subjectId: string;
  editorId: string;
  logged: ChangeField[];
}

/**
 * Who last changed the conflicting fields according to the change log, as the 409 names them: null ('Someone else')
 * when the log does not say (it keeps no texts), or when it was the editor themselves (in another tab).
 */
async function lastEditor(db: Db, { eventId, subjectId, editorId, logged }: ConflictSubject): Promise<string | null> {
  if (logged.length === 0) return null;
  const [row] = await db
    .select({ actorId: changeLog.actorId, firstName: users.firstName, lastName: users.lastName })
    .from(changeLog)
    .leftJoin(users, eq(users.id, changeLog.actorId))
    .where(and(eq(changeLog.eventId, eventId), eq(changeLog.subjectId, subjectId), inArray(changeLog.field, logged)))
    .orderBy(desc(changeLog.seq))
    .limit(1);
  const name = `${row?.firstName ?? ""} ${row?.lastName ?? ""}`.trim();
  return row && row.actorId !== editorId && name ? name : null;
}

/**
 * The 409 of an edit that met someone else's: `{ error: "<who> changed this while you were editing", current }`, in the
 * editor's language (`i18n`: the answer carries `current` too, so the error handler does not word it).
 */
export async function editConflict(db: Db, subject: ConflictSubject, current: Record<string, unknown>, i18n: I18n): Promise<HTTPException> {
  const who = await lastEditor(db, subject);
  const error = who
    ? i18n._(/*i18n*/ "{name} changed this while you were editing", { name: who })
    : i18n._(/*i18n*/ "Someone else changed this while you were editing");
  const body = { error, current };
  return new HTTPException(409, { res: Response.json(body, { status: 409 }) });
}
