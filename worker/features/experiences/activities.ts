import { and, eq } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { activities, activityDocuments, events } from "@worker/db/schema";
import { seesActivity, type ActivityReader } from "@worker/domain/activity-audience";
import { signupQueries, signupViews } from "@worker/domain/activity-signups";
import { type EventRow } from "@worker/domain/permissions";
import type { Bindings } from "@worker/env";
import { badRequest, notFound } from "@worker/lib/errors";
import { type ActivityView } from "@worker/shared/itinerary.schema";
import type { SignupView } from "@worker/shared/signup.schema";
import { resolveWhen, type When } from "@worker/shared/time-zone.schema";
import { activityTimesError } from "./activities.schema";
import { toActivityView, type ActivityRow } from "./itinerary-views";

// What the activity operations share: an activity's path, its time checks, and reading it as the API answers it.

export interface ActivityPath {
  eventId: string;
  dayId: string;
  activityId: string;
}

export function checkTimes(start: Date, end: Date, event: EventRow, day: { date: string }, zone: string) {
  const error = activityTimesError(start, end, event, day, Date.now(), zone);
  if (error) throw badRequest(error);
}

/** The instant a time as sent names in the activity's zone; a wall-clock time the clocks skip is refused with the gap's words. */
export function instantIn(when: When, zone: string): Date {
  const resolved = resolveWhen(when, zone);
  if ("error" in resolved) throw badRequest(resolved.error, resolved.values);
  return new Date(resolved.instant);
}

/** The activity with its document ids and its experience's zone, only if it belongs to this event and this day. */
export async function findActivity(
  db: Db,
  path: ActivityPath,
  readerId: string | null = null,
): Promise<{ row: ActivityRow; documentIds: string[]; experienceZone: string; signup: SignupView | null }> {
  const [countQuery, mineQuery] = signupQueries(db, path, readerId);
  const [[row], links, [event], counts, mine] = await db.batch([
    db
      .select()
      .from(activities)
      .where(and(eq(activities.id, path.activityId), eq(activities.eventId, path.eventId), eq(activities.programId, path.dayId)))
      .limit(1),
    db
      .select({ documentId: activityDocuments.documentId })
      .from(activityDocuments)
      .where(eq(activityDocuments.activityId, path.activityId)),
    db.select({ timeZone: events.timeZone }).from(events).where(eq(events.id, path.eventId)),
    countQuery,
    mineQuery,
  ]);
  if (!row || !event) throw notFound(/*i18n*/ "Activity not found");
  return { row, documentIds: links.map((l) => l.documentId), experienceZone: event.timeZone, signup: signupViews(counts, mine)(row) };
}

/**
 * The activity as `reader` sees it (404 for one limited to groups they are not in, as for one that does not exist),
 * with the places `readerId` holds.
 */
export async function activityView(
  env: Bindings,
  db: Db,
  path: ActivityPath,
  reader: ActivityReader & { id: string },
): Promise<ActivityView> {
  const { row, documentIds, experienceZone, signup } = await findActivity(db, path, reader.id);
  if (!seesActivity(reader, row)) throw notFound(/*i18n*/ "Activity not found");
  return toActivityView(env, row, documentIds, experienceZone, { signupOf: () => signup, organiser: reader.organiser });
}
