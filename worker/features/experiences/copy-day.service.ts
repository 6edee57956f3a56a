import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { activities, activityDocuments, programs } from "@worker/db/schema";
import { dayAdded } from "@worker/domain/change-log";
import { writeExperience } from "@worker/domain/experience-write";
import type { Bindings } from "@worker/env";
import { chunkedInserts } from "@worker/lib/batch";
import { notFound } from "@worker/lib/errors";
import { copyName } from "@worker/shared/copy-name";
import { type DayView } from "@worker/shared/itinerary.schema";
import { daysBetween, shiftKeepingWallClock } from "@worker/shared/time-zone";
import { dayName, nameAt, dayView, endCovering, experienceWords, nextDayDate } from "./days";
import { DAY_NAME_MAX } from "./days.schema";
import { activityZone } from "./itinerary-views";

/**
 * Appends a copy of the day after the last day (the experience grows by that day); its activities move by the same
 * whole number of days on their zone's wall clock, so they keep their times of day across a clock change. Uploaded
 * images get their own copies.
 */
export async function copyDay(env: Bindings, db: Db, eventId: string, dayId: string, userId: string): Promise<DayView> {
  const id = await writeExperience(env, db, eventId, userId, async ({ event }, writer) => {
    const [days, sourceActivities, links] = await db.batch([
      db.select().from(programs).where(eq(programs.eventId, eventId)).orderBy(asc(programs.dayIndex)),
      db
        .select()
        .from(activities)
        .where(and(eq(activities.programId, dayId), eq(activities.eventId, eventId))),
      db
        .select({ activityId: activityDocuments.activityId, documentId: activityDocuments.documentId })
        .from(activityDocuments)
        .innerJoin(activities, eq(activities.id, activityDocuments.activityId))
        .where(and(eq(activities.programId, dayId), eq(activities.eventId, eventId))),
    ]);
    const source = days.find((d) => d.id === dayId);
    if (!source) throw notFound(/*i18n*/ "Day not found");
    const newDate = nextDayDate(days, event);
    const shift = daysBetween(source.date, newDate);
    const copier = await writer.copier([source.image, ...sourceActivities.map((a) => a.image)]);
    const id = crypto.randomUUID();
    const activityIds = new Map(sourceActivities.map((a) => [a.id, crypto.randomUUID()]));
    const newDay = {
      id,
      eventId,
      date: newDate,
      dayIndex: days.length,
      name:
        nameAt(source.name, days.length, experienceWords(event)) === source.name
          ? copyName(source.name, DAY_NAME_MAX)
          : dayName(days.length, experienceWords(event)),
      subtitle: source.subtitle,
      description: source.description,
      image: copier.copy(source.image),
    };
    const newActivities = sourceActivities.map((a) => ({
      ...a,
      id: activityIds.get(a.id)!,
      programId: id,
      startTime: new Date(shiftKeepingWallClock(a.startTime.getTime(), shift, activityZone(a, event.timeZone))),
      endTime: new Date(shiftKeepingWallClock(a.endTime.getTime(), shift, activityZone(a, event.timeZone))),
      image: copier.copy(a.image),
      createdAt: undefined,
    }));
    const newLinks = links.map((l) => ({ activityId: activityIds.get(l.activityId)!, documentId: l.documentId }));
    return {
      statements: [
        db.insert(programs).values(newDay),
        ...chunkedInserts(db, activities, newActivities),
        ...chunkedInserts(db, activityDocuments, newLinks),
      ],
      changes: [dayAdded(newDay, event.timeZone, Date.now())],
      event: { endTime: endCovering(event, newDate) },
      result: id,
    };
  });
  return dayView(env, db, eventId, id);
}
