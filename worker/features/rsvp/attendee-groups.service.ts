import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { rsvps } from "@worker/db/schema";
import { unseenSignupsDeleted } from "@worker/domain/activity-signups";
import { requireEventRole } from "@worker/domain/permissions";
import { idChunks } from "@worker/lib/batch";
import type { PeopleChange } from "./rsvp-transitions";

// Attendee groups (docs/programme.md): the organisers' labels of the people they invited ('VIP', 'Speaker'), which decide
// who sees an activity limited to groups. Set here and by the spreadsheet import, never from a guest's own profile.

const sameGroup = (group: string) => sql`lower(trim(t.value)) = lower(trim(${group}))`;

/**
 * Owner and hosts add groups to, or remove them from, the ticked RSVPs of the experience. Each group is one statement
 * per chunk of RSVPs that reads the tags it changes (no write in between can be lost), all in one batch; the case of a
 * group already carried is kept. Sign-ups in activities the people may no longer see go, and their places pass on.
 */
export async function setAttendeeGroups(
  db: Db,
  callerId: string,
  eventId: string,
  { rsvps: ids, add, remove }: { rsvps: string[]; add: string[]; remove: string[] },
): Promise<PeopleChange<{ changed: number }>> {
  await requireEventRole(db, eventId, callerId, ["owner", "host"]);
  const statements = idChunks(ids).flatMap((chunk) => {
    const named = and(eq(rsvps.eventId, eventId), inArray(rsvps.id, chunk));
    return [
      ...remove.map((group) =>
        db
          .update(rsvps)
          .set({ tags: sql`(select json_group_array(t.value) from json_each(${rsvps.tags}) t where not ${sameGroup(group)})` })
          .where(and(named, sql`exists (select 1 from json_each(${rsvps.tags}) t where ${sameGroup(group)})`)),
      ),
      ...add.map((group) =>
        db
          .update(rsvps)
          .set({ tags: sql`json_insert(${rsvps.tags}, '$[#]', ${group})` })
          .where(and(named, sql`not exists (select 1 from json_each(${rsvps.tags}) t where ${sameGroup(group)})`)),
      ),
    ];
  });
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
  const people = (
    await Promise.all(
      idChunks(ids).map((chunk) =>
        db
          .select({ userId: rsvps.userId })
          .from(rsvps)
          .where(and(eq(rsvps.eventId, eventId), inArray(rsvps.id, chunk), isNotNull(rsvps.userId))),
      ),
    )
  )
    .flat()
    .map((row) => row.userId!);
  if (remove.length > 0) {
    const [drop, ...more] = await unseenSignupsDeleted(db, { eventId, userIds: people });
    if (drop) await db.batch([drop, ...more]);
  }
  return { answer: { changed: ids.length }, changed: people, hostsChanged: false };
}
