import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { activities, eventHosts, events, rsvps } from "@worker/db/schema";
import { tagKey } from "@worker/shared/attendee-groups";

// Who may see an activity (docs/programme.md): one rule, read on every path that shows activities (the event page and
// its offline copy, the share page and its JSON, .ics files and calendar feeds, search, digests and 'What changed').
// An activity limited to groups is shown to organisers and to guests whose labels (their RSVP's tags, set by organisers
// only) hold one of its groups; a visitor, who is in no group, never reads it.

/** What the rule reads of a person: whether they organise the experience, and their attendee groups. */
export interface ActivityReader {
  organiser: boolean;
  groups: readonly string[];
}

/** Someone with no role (a share link's visitor, a crawler): sees only the activities for everyone. */
const VISITOR: ActivityReader = { organiser: false, groups: [] };

/** Whether this reader may see this activity at all. */
export function seesActivity(reader: ActivityReader, activity: { groups?: readonly string[] }): boolean {
  const groups = activity.groups ?? [];
  if (groups.length === 0 || reader.organiser) return true;
  const theirs = new Set(reader.groups.map(tagKey));
  return groups.some((group) => theirs.has(tagKey(group)));
}

/** A person's reader for one experience, read from D1: the owner and hosts organise; a guest's groups are their RSVP's tags. */
export async function readerOf(db: Db, eventId: string, userId: string | null): Promise<ActivityReader> {
  if (!userId) return VISITOR;
  const [[event], [host], [rsvp]] = await db.batch([
    db.select({ ownerId: events.ownerId }).from(events).where(eq(events.id, eventId)),
    db
      .select({ userId: eventHosts.userId })
      .from(eventHosts)
      .where(and(eq(eventHosts.eventId, eventId), eq(eventHosts.userId, userId))),
    db
      .select({ tags: rsvps.tags })
      .from(rsvps)
      .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, userId))),
  ]);
  return { organiser: event?.ownerId === userId || host !== undefined, groups: rsvp?.tags ?? [] };
}

/**
 * Whether an activity is in a person's own agenda (My agenda, their calendar feed): one they may see that everyone
 * attends, or a sign-up activity where they hold a place; organisers' agendas hold every activity.
 */
export function inAgenda(
  reader: ActivityReader,
  activity: { groups: readonly string[]; attendance: string },
  holdsPlace: boolean,
): boolean {
  if (!seesActivity(reader, activity)) return false;
  return reader.organiser || activity.attendance === "EVERYONE" || holdsPlace;
}

/**
 * The rule as SQL where a query pages through activities of many experiences (search): an activity for every guest, or
 * one of an experience `userId` organises. Stricter than seesActivity for a guest in the groups, never looser.
 */
export const openToSql = (userId: string): SQL =>
  sql`(${activities.groups} = '[]' or exists(select 1 from events o where o.id = ${activities.eventId} and o.owner_id = ${userId})
    or exists(select 1 from event_hosts h where h.event_id = ${activities.eventId} and h.user_id = ${userId}))`;
