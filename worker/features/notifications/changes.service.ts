import type { I18n } from "@lingui/core";
import { and, desc, eq, gt, isNull, max, ne, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { changeLog, changeSeen, rsvps, users } from "@worker/db/schema";
import { readerOf, seesActivity } from "@worker/domain/activity-audience";
import { concernsReader, signupAudiences } from "@worker/domain/activity-signups";
import { describeChangeIn, foldChanges } from "@worker/domain/change-text";
import { isOrganiser } from "@worker/domain/permissions";
import { ORGANISER_ONLY_FIELDS } from "@worker/shared/notify-kinds";
import type { Changes } from "./notifications.schema";
import { requireParticipant } from "./participant-access";

/** How far back 'What changed since you last looked' reaches, and how many lines it gives at most. */
const CHANGES_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
const CHANGES_MAX = 50;

/** The caller's marker: the newest change-log seq they have seen here (null: they never looked). */
async function seenSeqOf(db: Db, eventId: string, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ lastSeq: changeSeen.lastSeq })
    .from(changeSeen)
    .where(and(eq(changeSeen.userId, userId), eq(changeSeen.eventId, eventId)));
  return row?.lastSeq ?? null;
}

/** The experience's newest change-log seq (0: none yet). */
async function lastSeqOf(db: Db, eventId: string): Promise<number> {
  const [last] = await db
    .select({ seq: max(changeLog.seq) })
    .from(changeLog)
    .where(eq(changeLog.eventId, eventId));
  return last?.seq ?? 0;
}

/**
 * 'What changed since you last looked': the changes after `since` (else after the caller's marker; none on a first look,
 * when there is nothing to compare with), of the last 30 days, folded (a change reverted since is not told), newest
 * first, at most 50. Never the caller's own actions; a change for one person (a decision, a comment on their post) only
 * for them; join requests only for the owner and hosts, and only while they still wait for an answer.
 */
export async function listChanges(db: Db, eventId: string, userId: string, since: number | undefined, i18n: I18n): Promise<Changes> {
  const role = await requireParticipant(db, eventId, userId);
  const [seenSeq, lastSeq] = await Promise.all([seenSeqOf(db, eventId, userId), lastSeqOf(db, eventId)]);
  const after = since ?? seenSeq;
  if (after === null) return { changes: [], lastSeq, seenSeq };

  const rows = await db
    .select({ change: changeLog, actorFirst: users.firstName, actorLast: users.lastName })
    .from(changeLog)
    .leftJoin(users, eq(users.id, changeLog.actorId))
    .where(
      and(
        eq(changeLog.eventId, eventId),
        gt(changeLog.seq, after),
        gt(changeLog.createdAt, new Date(Date.now() - CHANGES_MAX_AGE_MS)),
        or(isNull(changeLog.actorId), ne(changeLog.actorId, userId)),
        or(isNull(changeLog.recipientId), eq(changeLog.recipientId, userId)),
        isOrganiser(role) ? undefined : notInArray(changeLog.field, ["requested", "reported"]),
        // Renames, descriptions, pictures and settings are the History panel's alone.
        notInArray(changeLog.field, [...ORGANISER_ONLY_FIELDS]),
        // A join request decided since (approved, declined, withdrawn) no longer asks anything of the organisers.
        or(
          ne(changeLog.field, "requested"),
          sql`exists (select 1 from ${rsvps} where ${rsvps.id} = ${changeLog.subjectId} and ${rsvps.status} = 'HOST_APPROVAL_REQUESTED')`,
        ),
      ),
    )
    .orderBy(desc(changeLog.seq))
    // Folding can only drop rows, so a generous page of raw rows gives the 50 lines.
    .limit(CHANGES_MAX * 4);

  const actorNames = new Map(
    rows.map(({ change, actorFirst, actorLast }) => [change.seq, actorFirst ? `${actorFirst} ${actorLast ?? ""}`.trim() : null]),
  );
  const reader = await readerOf(db, eventId, userId);
  const seen = rows.map(({ change }) => change).filter((change) => seesActivity(reader, change));
  const audiences = await signupAudiences(
    db,
    seen.filter((change) => change.subjectType === "activity").map((change) => change.subjectId),
  );
  const changes = foldChanges(seen.filter((change) => concernsReader(audiences, change, { userId, organiser: reader.organiser })))
    .sort((a, b) => b.seq - a.seq)
    .slice(0, CHANGES_MAX)
    .map((row) => ({
      seq: row.seq,
      kind: row.kind,
      subjectType: row.subjectType,
      subjectId: row.subjectId,
      text: describeChangeIn(i18n, row),
      at: row.createdAt.toISOString(),
      actorName: actorNames.get(row.seq) ?? null,
    }));
  return { changes, lastSeq, seenSeq };
}

/**
 * Moves the caller's marker forward to `seq` (never back: a late Dismiss of an older page changes nothing), and never
 * past the newest change (a marker ahead of the log would hide the changes still to come).
 */
export async function markSeen(db: Db, eventId: string, userId: string, seq: number) {
  await requireParticipant(db, eventId, userId);
  const seen = Math.min(seq, await lastSeqOf(db, eventId));
  const [row] = await db
    .insert(changeSeen)
    .values({ userId, eventId, lastSeq: seen, seenAt: new Date() })
    .onConflictDoUpdate({
      target: [changeSeen.userId, changeSeen.eventId],
      set: { lastSeq: sql`max(${changeSeen.lastSeq}, excluded.last_seq)`, seenAt: sql`excluded.seen_at` },
    })
    .returning({ lastSeq: changeSeen.lastSeq });
  return { seenSeq: row!.lastSeq };
}
