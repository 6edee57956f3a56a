import { and, eq } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { checkinLists } from "@worker/db/schema";
import { badRequest, notFound } from "@worker/lib/errors";
import { requireCheckinOrganiser } from "./checkin-access";
import { CHECKIN_MESSAGES } from "./checkin.schema";

/** Deletes a list and its check-ins; never the whole-experience list. */
export async function deleteList(db: Db, eventId: string, listId: string, userId: string): Promise<void> {
  await requireCheckinOrganiser(db, eventId, userId);
  if (listId === eventId) throw badRequest(CHECKIN_MESSAGES.defaultListFixed);
  const deleted = await db
    .delete(checkinLists)
    .where(and(eq(checkinLists.id, listId), eq(checkinLists.eventId, eventId)))
    .returning({ id: checkinLists.id });
  if (deleted.length === 0) throw notFound(CHECKIN_MESSAGES.listNotFound);
}
