import { activities, programs } from "@worker/db/schema";
import type { Bindings } from "@worker/env";
import { imageView } from "@worker/lib/files";
import type { ActivityView, DayView } from "@worker/shared/itinerary.schema";
import type { SignupView } from "@worker/shared/signup.schema";

export type ActivityRow = typeof activities.$inferSelect;
export type DayRow = typeof programs.$inferSelect;

/** The zone an activity's times are read in: its own, or the experience's. */
export const activityZone = (row: { timeZone: string | null }, experienceZone: string) => row.timeZone ?? experienceZone;

/** What a reader's view of an activity adds to its row: its places (and theirs), and its groups for organisers. */
export interface ActivityFacts {
  signupOf: (row: ActivityRow) => SignupView | null;
  organiser: boolean;
}

export async function toActivityView(
  env: Bindings,
  row: ActivityRow,
  documentIds: string[],
  experienceZone: string,
  facts: ActivityFacts,
): Promise<ActivityView> {
  return {
    id: row.id,
    eventId: row.eventId,
    programId: row.programId,
    name: row.name,
    subtitle: row.subtitle,
    description: row.description,
    location: row.location ?? null,
    startDateTime: row.startTime.toISOString(),
    endDateTime: row.endTime.toISOString(),
    timeZone: activityZone(row, experienceZone),
    hasOwnTimeZone: row.timeZone !== null,
    image: await imageView(env, row.image),
    documents: documentIds,
    attendance: row.attendance,
    groups: facts.organiser ? row.groups : [],
    signup: facts.signupOf(row),
  };
}

async function toProgramView(env: Bindings, row: DayRow, activityViews: ActivityView[]): Promise<DayView> {
  return {
    id: row.id,
    eventId: row.eventId,
    date: row.date,
    dayIndex: row.dayIndex,
    name: row.name,
    subtitle: row.subtitle,
    description: row.description,
    image: await imageView(env, row.image),
    activities: activityViews,
  };
}

/**
 * Days with their activities from flat rows: programs in the order given (by dayIndex), each day's
 * activities in the order given (by start time), each activity with its document ids.
 */
export async function toDayViews(
  env: Bindings,
  programRows: DayRow[],
  activityRows: ActivityRow[],
  documentLinks: { activityId: string; documentId: string }[],
  experienceZone: string,
  facts: ActivityFacts,
): Promise<DayView[]> {
  const documentsOf = groupBy(documentLinks, (link) => link.activityId);
  const activitiesOf = groupBy(
    await Promise.all(
      activityRows.map((row) =>
        toActivityView(
          env,
          row,
          (documentsOf.get(row.id) ?? []).map((d) => d.documentId),
          experienceZone,
          facts,
        ),
      ),
    ),
    (view) => view.programId,
  );
  return Promise.all(programRows.map((row) => toProgramView(env, row, activitiesOf.get(row.id) ?? [])));
}

// Map.groupBy is ES2024, beyond the Worker's configured lib.
function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}
