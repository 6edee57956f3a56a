import type { I18n } from "@lingui/core";
import { and, asc, desc, eq, isNotNull, lt, ne } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { changeLog, programs, users } from "@worker/db/schema";
import { movedWithStart, type LoggedChange } from "@worker/domain/change-text";
import { personColumns, toPerson } from "@worker/domain/people";
import { requireEventRole } from "@worker/domain/permissions";
import type { Bindings } from "@worker/env";
import { i18nFor } from "@worker/lib/i18n";
import { SOURCE_LOCALE } from "@worker/shared/locales";
import { historyText, historyValues } from "./history-text";
import { HISTORY_PAGE_SIZE, type History, type HistoryQuery } from "./history.schema";

/** A comment on someone's post is the feed's, not a change an organiser made to the experience: the panel leaves it out. */
const inHistory = (eventId: string) => and(eq(changeLog.eventId, eventId), ne(changeLog.field, "commented"));

const sameWrite = (row: LoggedChange) => (other: LoggedChange) => other.createdAt.getTime() === row.createdAt.getTime();

/**
 * The History panel (owner and hosts): every change-log row of the experience, newest first, a page at a time (rows
 * older than `cursor`), filtered by the day it was on and by who made it; with the days and the people to filter by.
 * Its lines are worded in `i18n`'s language (the request's).
 */
export async function listHistory(
  env: Bindings,
  db: Db,
  eventId: string,
  userId: string,
  query: HistoryQuery,
  i18n: I18n = i18nFor(SOURCE_LOCALE),
): Promise<History> {
  await requireEventRole(db, eventId, userId, ["owner", "host"]);
  const [rows, days, actors] = await Promise.all([
    db
      .select({ change: changeLog, person: personColumns })
      .from(changeLog)
      .leftJoin(users, eq(users.id, changeLog.actorId))
      .where(
        and(
          inHistory(eventId),
          query.day ? eq(changeLog.programId, query.day) : undefined,
          query.person ? eq(changeLog.actorId, query.person) : undefined,
          query.cursor ? lt(changeLog.seq, query.cursor) : undefined,
        ),
      )
      .orderBy(desc(changeLog.seq))
      .limit(HISTORY_PAGE_SIZE + 1),
    db
      .select({ id: programs.id, name: programs.name, date: programs.date })
      .from(programs)
      .where(eq(programs.eventId, eventId))
      .orderBy(asc(programs.dayIndex)),
    db
      .selectDistinct(personColumns)
      .from(changeLog)
      .innerJoin(users, eq(users.id, changeLog.actorId))
      .where(and(inHistory(eventId), isNotNull(changeLog.actorId)))
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id)),
  ]);
  // An end that moved with its start in the same write is told once, by the start's line (as the digests tell it).
  const logged = rows.map((row) => row.change);
  const page = rows.slice(0, HISTORY_PAGE_SIZE);
  const shown = page.filter(({ change }) => !(change.field === "end" && movedWithStart(change, logged.filter(sameWrite(change)))));
  const changes = await Promise.all(
    shown.map(async ({ change, person }) => ({
      seq: change.seq,
      at: change.createdAt.toISOString(),
      person: person ? await toPerson(env, person) : null,
      subjectType: change.subjectType,
      field: change.field,
      label: change.label,
      dayId: change.programId,
      text: historyText(change, i18n),
      ...historyValues(change, i18n),
    })),
  );
  return {
    changes,
    nextCursor: rows.length > HISTORY_PAGE_SIZE ? page.at(-1)!.change.seq : null,
    days,
    people: await Promise.all(actors.map((actor) => toPerson(env, actor))),
  };
}
