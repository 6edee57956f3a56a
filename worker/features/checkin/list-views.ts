import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { checkinLists } from "@worker/db/schema";
import type { CheckinList } from "./checkin.schema";

/**
 * A list's columns and how many guests it admitted: each pass (or RSVP) once, undone check-ins not. drizzle leaves
 * columns unqualified in a one-table select, so the subquery names its table.
 */
const listColumns = {
  list: checkinLists,
  checkedIn: sql<number>`(select count(distinct coalesce(c.rsvp_id, c.pass_serial)) from checkins c
    where c.list_id = checkin_lists.id and c.undone_at is null)`,
};

/** The experience's lists, the whole-experience one first: a statement for a batch. */
export const listsOf = (db: Db, eventId: string) =>
  db
    .select(listColumns)
    .from(checkinLists)
    .where(eq(checkinLists.eventId, eventId))
    .orderBy(sql`${checkinLists.id} = ${eventId} desc`, asc(checkinLists.createdAt), asc(checkinLists.id));

/** One list of the experience, or none. */
export const listOf = (db: Db, eventId: string, listId: string) =>
  db
    .select(listColumns)
    .from(checkinLists)
    .where(and(eq(checkinLists.eventId, eventId), eq(checkinLists.id, listId)));

export const listView = ({ list, checkedIn }: { list: typeof checkinLists.$inferSelect; checkedIn: number }): CheckinList => ({
  id: list.id,
  name: list.name,
  isDefault: list.id === list.eventId,
  dayId: list.dayId,
  activityId: list.activityId,
  opensAt: list.opensAt?.toISOString() ?? null,
  closesAt: list.closesAt?.toISOString() ?? null,
  reentry: list.reentry,
  checkedIn,
});
