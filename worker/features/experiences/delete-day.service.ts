import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { activities, programs } from "@worker/db/schema";
import { activityRemoved, dayRemoved } from "@worker/domain/change-log";
import { writeExperience } from "@worker/domain/experience-write";
import { uploadedFileIds } from "@worker/domain/itinerary-images";
import type { Bindings } from "@worker/env";
import { badRequest, notFound } from "@worker/lib/errors";
import { addDays, startOfLocalDay } from "@worker/shared/time-zone";
import { experienceWords, nameAt } from "./days";
import { DAY_MESSAGES } from "./days.schema";

/**
 * Deletes the day (its activities cascade), closes the gap in dayIndex and fits the experience's dates to the days left;
 * the uploads it showed go too. Its activities are logged as cancelled with it, so calendar feeds cancel them; guests are
 * told the day's line alone (foldChanges).
 */
export async function deleteDay(env: Bindings, db: Db, eventId: string, dayId: string, userId: string): Promise<void> {
  await writeExperience(env, db, eventId, userId, async ({ event }) => {
    const [days, dayActivities] = await db.batch([
      db.select().from(programs).where(eq(programs.eventId, eventId)).orderBy(asc(programs.dayIndex)),
      db
        .select({
          id: activities.id,
          name: activities.name,
          startTime: activities.startTime,
          endTime: activities.endTime,
          timeZone: activities.timeZone,
          groups: activities.groups,
          image: activities.image,
        })
        .from(activities)
        .where(and(eq(activities.programId, dayId), eq(activities.eventId, eventId))),
    ]);
    const day = days.find((d) => d.id === dayId);
    if (!day) throw notFound(/*i18n*/ "Day not found");
    if (days.length === 1) throw badRequest(DAY_MESSAGES.atLeastOneDay);
    const left = days.filter((d) => d.id !== dayId);
    const renumber = left.flatMap((d, i) =>
      d.dayIndex === i
        ? []
        : [
            db
              .update(programs)
              .set({ dayIndex: i, name: nameAt(d.name, i, experienceWords(event)) })
              .where(eq(programs.id, d.id)),
          ],
    );
    // The experience now spans its remaining days, so its date range never shows a day that is gone.
    const remaining = left.map((d) => d.date).sort();
    const zone = event.timeZone;
    return {
      statements: [db.delete(programs).where(eq(programs.id, dayId)), ...renumber],
      changes: [
        dayRemoved(day, zone, Date.now()),
        ...dayActivities.map((activity) => activityRemoved({ ...activity, programId: dayId }, zone, Date.now())),
      ],
      event: {
        startTime: new Date(startOfLocalDay(remaining[0]!, zone)),
        endTime: new Date(startOfLocalDay(addDays(remaining.at(-1)!, 1), zone)),
      },
      freedFileIds: uploadedFileIds([day.image, ...dayActivities.map((a) => a.image)]),
      result: undefined,
    };
  });
}
