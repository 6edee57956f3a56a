import { asc, eq } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { activities, events, files, programs } from "@worker/db/schema";
import { LOST_RACE, retryLostRaces, versionMoved } from "@worker/domain/experience-write";
import { imageCopier } from "@worker/domain/itinerary-images";
import { requireEventRole } from "@worker/domain/permissions";
import type { Bindings } from "@worker/env";
import { chunkedInserts } from "@worker/lib/batch";
import { badRequest, notFound } from "@worker/lib/errors";
import { addDays, daysBetween, localDate, shiftKeepingWallClock, startOfLocalDay } from "@worker/shared/time-zone";
import { readWhen, wallMs } from "@worker/shared/time-zone.schema";
import { cloneName, isDateTooFarAhead, isoDate, EXPERIENCE_MESSAGES, utcMidnight, type CloneExperienceInput } from "./experiences.schema";
import { activityZone } from "./itinerary-views";

// ── Clone ───────────────────────────────────────────────────────────────────

/**
 * The clone's first local date, judged in the source's zone (which the clone keeps): today or later there, and at most a
 * year ahead.
 */
function cloneStartDate(input: CloneExperienceInput, zone: string): string {
  const date = isoDate(utcMidnight(wallMs(readWhen(input.startDateTime), zone)));
  if (date < localDate(Date.now(), zone)) throw badRequest(EXPERIENCE_MESSAGES.cloneNotPast);
  if (isDateTooFarAhead(date, zone)) throw badRequest(EXPERIENCE_MESSAGES.atMostOneYear);
  return date;
}

/**
 * A copy of the itinerary owned by the caller, moved to a new start date in the same zone: days, activities and
 * images, but none of the people, posts, documents or forms. Activities keep their wall-clock times (09:00 stays 09:00
 * whatever the clocks do between the two dates). Uploaded images are copied to new R2 objects, so deleting either
 * event never breaks the other.
 */
export async function cloneExperience(env: Bindings, db: Db, eventId: string, userId: string, input: CloneExperienceInput) {
  const { event } = await requireEventRole(db, eventId, userId, ["owner"]);
  const startDate = cloneStartDate(input, event.timeZone);
  return retryLostRaces(async () => {
    // One batch, so the experience's dates and its days are read as one state.
    const [[source], programRows, activityRows] = await db.batch([
      db.select().from(events).where(eq(events.id, eventId)),
      db.select().from(programs).where(eq(programs.eventId, eventId)).orderBy(asc(programs.dayIndex)),
      db.select().from(activities).where(eq(activities.eventId, eventId)),
    ]);
    if (!source) throw notFound(/*i18n*/ "Event not found");

    const id = crypto.randomUUID();
    const zone = source.timeZone;
    // Whole days, so every activity keeps its time of day even if the source did not start at midnight.
    const days = daysBetween(localDate(source.startTime.getTime(), zone), startDate);
    const endDate = addDays(localDate(source.endTime.getTime(), zone), days);
    const shift = (date: Date, activityZone: string) => new Date(shiftKeepingWallClock(date.getTime(), days, activityZone));
    // The copy's last day, like every date of an experience, is at most a year ahead.
    if (isDateTooFarAhead(addDays(endDate, -1), zone)) throw badRequest(EXPERIENCE_MESSAGES.atMostOneYear);

    const copier = await imageCopier(db, id, userId, [
      source.image,
      ...programRows.map((p) => p.image),
      ...activityRows.map((a) => a.image),
    ]);
    const programIds = new Map(programRows.map((p) => [p.id, crypto.randomUUID()]));
    const newPrograms = programRows.map((p) => ({
      ...p,
      id: programIds.get(p.id)!,
      eventId: id,
      date: addDays(p.date, days),
      image: copier.copy(p.image),
      createdAt: undefined,
    }));
    const newActivities = activityRows.map((a) => ({
      ...a,
      id: crypto.randomUUID(),
      eventId: id,
      programId: programIds.get(a.programId)!,
      startTime: shift(a.startTime, activityZone(a, zone)),
      endTime: shift(a.endTime, activityZone(a, zone)),
      image: copier.copy(a.image),
      createdAt: undefined,
    }));
    const clone = {
      id,
      ownerId: userId,
      name: input.name ?? cloneName(source.name),
      subtitle: source.subtitle,
      description: source.description,
      venue: source.venue,
      image: copier.copy(source.image),
      privacy: input.privacy,
      rsvpType: source.rsvpType,
      startTime: new Date(startOfLocalDay(startDate, zone)),
      endTime: new Date(startOfLocalDay(endDate, zone)),
      timeZone: zone,
      language: source.language,
    };

    let copied: string[];
    try {
      copied = await copier.commit(env);
    } catch (error) {
      // A source picture replaced since the read is gone from R2: copy the experience as it is now.
      if (await versionMoved(db, eventId, source.version)) return LOST_RACE;
      throw error;
    }
    try {
      await db.batch([
        db.insert(events).values(clone),
        ...chunkedInserts(
          db,
          files,
          copier.copies.map((c) => c.row),
        ),
        ...chunkedInserts(db, programs, newPrograms),
        ...chunkedInserts(db, activities, newActivities),
      ]);
    } catch (error) {
      // D1 rolled the batch back; the copied objects would otherwise have no rows.
      if (copied.length > 0) await env.FILES.delete(copied);
      throw error;
    }
    return {
      id,
      name: clone.name,
      startTime: clone.startTime.toISOString(),
      endTime: clone.endTime.toISOString(),
      timeZone: clone.timeZone,
      privacy: clone.privacy,
    };
  });
}
