import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "@worker/db/client";
import { checkinLists } from "@worker/db/schema";
import { notFound } from "@worker/lib/errors";
import { recipientI18n } from "@worker/lib/mail/recipient-language";
import { DEFAULT_LIST_NAME } from "@worker/shared/checkin-words";
import { requireCheckinOrganiser } from "./checkin-access";
import { ensureDefaultList } from "./checkin.desk";
import { CHECKIN_MESSAGES, type CheckinList, type listPatchSchema } from "./checkin.schema";
import { checkListShape, timeOf } from "./list-rules";
import { listOf, listView } from "./list-views";

const defaultList = (eventId: string, name: string): typeof checkinLists.$inferSelect => ({
  id: eventId,
  eventId,
  name,
  dayId: null,
  activityId: null,
  opensAt: null,
  closesAt: null,
  reentry: false,
  createdAt: new Date(),
});

/** Changes a list's name, day or activity, window or re-entry (the whole-experience list's too). */
export async function updateList(
  db: Db,
  eventId: string,
  listId: string,
  userId: string,
  patch: z.infer<typeof listPatchSchema>,
): Promise<CheckinList> {
  const event = await requireCheckinOrganiser(db, eventId, userId);
  const [found] = await listOf(db, eventId, listId);
  // The whole-experience list exists from its first use; until then it stands as made, and is made with the change.
  const list =
    found?.list ?? (listId === eventId ? defaultList(eventId, recipientI18n({ experience: event.language })._(DEFAULT_LIST_NAME)) : null);
  if (!list) throw notFound(CHECKIN_MESSAGES.listNotFound);
  const shape = {
    dayId: patch.dayId === undefined ? list.dayId : patch.dayId,
    activityId: patch.activityId === undefined ? list.activityId : patch.activityId,
    opensAt: patch.opensAt === undefined ? list.opensAt : timeOf(patch.opensAt),
    closesAt: patch.closesAt === undefined ? list.closesAt : timeOf(patch.closesAt),
  };
  await checkListShape(db, eventId, shape);
  const [, , [updated]] = await db.batch([
    ensureDefaultList(db, eventId),
    db
      .update(checkinLists)
      .set({ ...shape, name: patch.name ?? list.name, reentry: patch.reentry ?? list.reentry })
      .where(and(eq(checkinLists.id, listId), eq(checkinLists.eventId, eventId))),
    listOf(db, eventId, listId),
  ]);
  if (!updated) throw notFound(CHECKIN_MESSAGES.listNotFound);
  return listView(updated);
}
