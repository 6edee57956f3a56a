import { inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "@worker/db/client";
import { activities } from "@worker/db/schema";
import { idChunks } from "@worker/lib/batch";
import { shiftKeepingWallClock } from "@worker/shared/time-zone";

/** An activity's new place: its day, and how far (ms) its start and its end move. */
export interface ActivityMove {
  id: string;
  programId: string;
  startBy: number;
  endBy: number;
}

/** How far an activity's start and end move when it moves `days` days on its zone's wall clock (09:00 stays 09:00 across a clock change). */
export function wallClockMove(activity: { startTime: Date; endTime: Date }, days: number, zone: string) {
  const start = activity.startTime.getTime();
  const end = activity.endTime.getTime();
  return { startBy: shiftKeepingWallClock(start, days, zone) - start, endBy: shiftKeepingWallClock(end, days, zone) - end };
}

/**
 * The statements that move activities: one per group of activities that go to the same day by the same amounts (at
 * most 100 ids each), so a whole itinerary moving across a clock change is a handful of statements, not one per row.
 */
export function activityMoveStatements(db: Db, moves: ActivityMove[]): BatchItem<"sqlite">[] {
  const groups = new Map<string, { move: ActivityMove; ids: string[] }>();
  for (const move of moves) {
    const key = `${move.programId}|${move.startBy}|${move.endBy}`;
    const group = groups.get(key);
    if (group) group.ids.push(move.id);
    else groups.set(key, { move, ids: [move.id] });
  }
  return [...groups.values()].flatMap(({ move, ids }) =>
    idChunks(ids).map((chunk) =>
      db
        .update(activities)
        .set({
          programId: move.programId,
          startTime: sql`${activities.startTime} + ${move.startBy}`,
          endTime: sql`${activities.endTime} + ${move.endBy}`,
        })
        .where(inArray(activities.id, chunk)),
    ),
  );
}
