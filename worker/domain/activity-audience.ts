import { and, eq } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { eventHosts, events, rsvps } from "@worker/db/schema";
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
export function seesActivity(reader: ActivityReader, activity: { groups: readonly string[] }): boolean {
  if (activity.groups.length === 0 || reader.organiser) return true;
  const theirs = new Set(reader.groups.map(tagKey));
  return activity.groups.some((group) => theirs.has(tagKey(group)));
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
