import type { Db } from "@worker/db/client";
import { checkinLists } from "@worker/db/schema";
import { requireCheckinOrganiser } from "./checkin-access";
import type { CheckinList, ListBody } from "./checkin.schema";
import { checkListShape, timeOf } from "./list-rules";
import { listView } from "./list-views";

/** A new check-in list for the experience, a day or an activity (owner and hosts). */
export async function createList(db: Db, eventId: string, userId: string, body: ListBody): Promise<CheckinList> {
  await requireCheckinOrganiser(db, eventId, userId);
  const shape = {
    dayId: body.dayId ?? null,
    activityId: body.activityId ?? null,
    opensAt: timeOf(body.opensAt),
    closesAt: timeOf(body.closesAt),
  };
  await checkListShape(db, eventId, shape);
  const [list] = await db
    .insert(checkinLists)
    .values({ id: crypto.randomUUID(), eventId, name: body.name, reentry: body.reentry ?? false, ...shape })
    .returning();
  return listView({ list: list!, checkedIn: 0 });
}
