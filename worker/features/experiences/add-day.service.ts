import { eq } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { programs } from "@worker/db/schema";
import { dayAdded } from "@worker/domain/change-log";
import { writeExperience } from "@worker/domain/experience-write";
import type { Bindings } from "@worker/env";
import { type DayView } from "@worker/shared/itinerary.schema";
import { dayName, dayView, endCovering, experienceWords, nextDayDate } from "./days";

/** Appends an empty day after the last one, named after its place ('Day 4'); the experience grows by that day. */
export async function addDay(env: Bindings, db: Db, eventId: string, userId: string): Promise<DayView> {
  const id = await writeExperience(env, db, eventId, userId, async ({ event }) => {
    const days = await db.select({ date: programs.date }).from(programs).where(eq(programs.eventId, eventId));
    const date = nextDayDate(days, event);
    const id = crypto.randomUUID();
    const day = { id, eventId, date, dayIndex: days.length, name: dayName(days.length, experienceWords(event)) };
    return {
      statements: [db.insert(programs).values(day)],
      changes: [dayAdded(day, event.timeZone, Date.now())],
      event: { endTime: endCovering(event, date) },
      result: id,
    };
  });
  return dayView(env, db, eventId, id);
}
