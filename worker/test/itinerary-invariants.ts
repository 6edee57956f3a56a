import { env } from "cloudflare:workers";
import { asc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { activities, documents, events, files, programs } from "@worker/db/schema";
import { uploadedFileIds } from "@worker/domain/itinerary-images";
import { addDays, localDate, startOfLocalDay } from "@worker/shared/time-zone";
import type { Answer } from "./client";
import { db } from "./helpers";

/** Everything stored for the experience, read after the requests have finished. */
async function storedExperience(eventId: string) {
  const [[event], days, acts, fileRows, docs] = await db().batch([
    db().select().from(events).where(eq(events.id, eventId)),
    db().select().from(programs).where(eq(programs.eventId, eventId)).orderBy(asc(programs.dayIndex)),
    db().select().from(activities).where(eq(activities.eventId, eventId)),
    db().select().from(files).where(eq(files.eventId, eventId)),
    db().select({ fileId: documents.fileId }).from(documents).where(eq(documents.eventId, eventId)),
  ]);
  const objects = (await env.FILES.list({ prefix: `events/${eventId}/` })).objects.map((o) => o.key);
  return { event: event!, days, activities: acts, files: fileRows, documents: docs, objects };
}

/**
 * The itinerary's invariants: at least one day, one day per date, dayIndex 0..n-1, every day and activity
 * within the experience's dates, every activity on its day's local date (in its own zone, else the experience's)
 * with its end after its start, and no orphaned file (every R2 object under the event has a row, every row an
 * object and a referrer).
 */
export async function expectItineraryInvariants(eventId: string) {
  const stored = await storedExperience(eventId);
  const { event, days } = stored;
  expect(days.length).toBeGreaterThanOrEqual(1);
  expect(days.map((d) => d.dayIndex)).toEqual(days.map((_, i) => i));
  expect(new Set(days.map((d) => d.date)).size).toBe(days.length);
  const dayOf = new Map(days.map((d) => [d.id, d]));
  for (const day of days) {
    expect(startOfLocalDay(day.date, event.timeZone)).toBeGreaterThanOrEqual(event.startTime.getTime());
    expect(startOfLocalDay(addDays(day.date, 1), event.timeZone)).toBeLessThanOrEqual(event.endTime.getTime());
  }
  for (const activity of stored.activities) {
    expect(activity.endTime.getTime()).toBeGreaterThan(activity.startTime.getTime());
    expect(activity.startTime.getTime()).toBeGreaterThanOrEqual(event.startTime.getTime());
    expect(activity.endTime.getTime()).toBeLessThanOrEqual(event.endTime.getTime());
    expect(localDate(activity.startTime.getTime(), activity.timeZone ?? event.timeZone)).toBe(dayOf.get(activity.programId)?.date);
  }
  const referenced = new Set([
    ...uploadedFileIds([event.image, ...days.map((d) => d.image), ...stored.activities.map((a) => a.image)]),
    ...stored.documents.map((d) => d.fileId),
  ]);
  expect(stored.files.map((f) => f.id).sort()).toEqual([...referenced].sort());
  expect(stored.files.map((f) => f.key).sort()).toEqual([...stored.objects].sort());
  return stored;
}

/** Each answer of a burst of concurrent writes: the success status, 409 with the conflict message, or one of the `allowed` 400 messages. */
export async function outcomes(responses: Answer[], success: 200 | 201, allowed: string[] = []) {
  const seen: (number | string)[] = [];
  for (const response of responses) {
    const body = (await response.json()) as { error?: string };
    if (response.status === success) seen.push(success);
    else {
      expect([409, 400], JSON.stringify(body)).toContain(response.status);
      expect(response.status === 409 ? ["This experience was changed by someone else. Please try again."] : allowed).toContain(body.error);
      seen.push(response.status === 409 ? 409 : body.error!);
    }
  }
  expect(seen, "at least one request lands").toContain(success);
  return seen;
}
