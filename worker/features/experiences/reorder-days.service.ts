import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "@worker/db/client";
import { activities, programs } from "@worker/db/schema";
import { dayMoves, movedActivities, MOVED_ACTIVITIES_LOGGED } from "@worker/domain/change-log";
import { writeExperience } from "@worker/domain/experience-write";
import type { Bindings } from "@worker/env";
import { badRequest } from "@worker/lib/errors";
import { type DayView } from "@worker/shared/itinerary.schema";
import { addDays, daysBetween, localDate } from "@worker/shared/time-zone";
import { ACTIVITY_MESSAGES } from "./activities.schema";
import { activityMoveStatements, wallClockMove, type ActivityMove } from "./activity-moves";
import { dayViews, endCovering, experienceWords, nameAt } from "./days";
import { DAY_MESSAGES } from "./days.schema";
import { plannedColumns } from "./itinerary-plan";
import { activityZone } from "./itinerary-views";

/**
 * Puts the days in the given order and gives day i the experience's i-th date; a day that changes date takes its
 * activities along by as many days on their zone's wall clock, so every activity stays on its day at its time of day
 * (a 09:00 session stays 09:00 when its day moves past a clock change).
 */
export async function reorderDays(env: Bindings, db: Db, eventId: string, userId: string, programIds: string[]): Promise<DayView[]> {
  await writeExperience(env, db, eventId, userId, async ({ event }) => {
    const [days, acts] = await db.batch([
      db.select().from(programs).where(eq(programs.eventId, eventId)),
      db.select(plannedColumns).from(activities).where(eq(activities.eventId, eventId)),
    ]);
    const byId = new Map(days.map((d) => [d.id, d]));
    if (programIds.length !== days.length || new Set(programIds).size !== days.length || !programIds.every((id) => byId.has(id))) {
      throw badRequest(DAY_MESSAGES.reorder);
    }
    const firstDate = localDate(event.startTime.getTime(), event.timeZone);
    const endTime = endCovering(event, addDays(firstDate, days.length - 1));
    const statements: BatchItem<"sqlite">[] = [];
    const moves: ActivityMove[] = [];
    const movedDays: { day: (typeof days)[number]; from: string }[] = [];
    programIds.forEach((id, i) => {
      const day = byId.get(id)!;
      const date = addDays(firstDate, i);
      const shift = daysBetween(day.date, date);
      const name = nameAt(day.name, i, experienceWords(event));
      if (day.dayIndex !== i || shift !== 0 || name !== day.name)
        statements.push(db.update(programs).set({ dayIndex: i, date, name }).where(eq(programs.id, id)));
      if (shift === 0) return;
      movedDays.push({ day: { ...day, date }, from: day.date });
      for (const activity of acts.filter((a) => a.programId === id)) {
        const move = { id: activity.id, programId: id, ...wallClockMove(activity, shift, activityZone(activity, event.timeZone)) };
        // An activity moved by an edit to another date than its day's could otherwise leave the experience.
        if (
          activity.startTime.getTime() + move.startBy < event.startTime.getTime() ||
          activity.endTime.getTime() + move.endBy > endTime.getTime()
        ) {
          throw badRequest(ACTIVITY_MESSAGES.withinExperience);
        }
        moves.push(move);
      }
    });
    // Each moved activity is told with its new times; when too many moved to name each, each moved day with its new date.
    const now = Date.now();
    const byActivity = new Map(acts.map((a) => [a.id, a]));
    const movedOnes = moves.map((move) => {
      const before = byActivity.get(move.id)!;
      const after = {
        ...before,
        startTime: before.startTime.getTime() + move.startBy,
        endTime: before.endTime.getTime() + move.endBy,
      };
      return { before, after };
    });
    const told =
      movedOnes.length > MOVED_ACTIVITIES_LOGGED
        ? dayMoves(movedDays, event.timeZone, now)
        : movedActivities(movedOnes, event.timeZone, now);
    return {
      statements: [...statements, ...activityMoveStatements(db, moves)],
      changes: told,
      event: { endTime },
      result: undefined,
    };
  });
  return dayViews(env, db, eventId);
}
