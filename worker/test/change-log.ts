import { asc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { changeLog } from "@worker/db/schema";
import { HISTORY_ONLY_DIGEST } from "@worker/domain/change-log";
import { describeChange } from "@worker/domain/change-text";
import { db } from "./helpers";

/** The experience's change-log rows, oldest first. */
export const loggedChanges = (eventId: string) =>
  db().select().from(changeLog).where(eq(changeLog.eventId, eventId)).orderBy(asc(changeLog.seq));

/** The one row the experience's change log holds (the test fails when it holds none or more). */
export async function onlyChange(eventId: string) {
  const rows = await loggedChanges(eventId);
  expect(rows, "exactly one change logged").toHaveLength(1);
  return rows[0]!;
}

/** The experience's changes as a digest words them, oldest first: the organisers' History-only edits are never told. */
export const toldChanges = async (eventId: string) =>
  (await loggedChanges(eventId)).filter((row) => row.digestId !== HISTORY_ONLY_DIGEST).map(describeChange);
