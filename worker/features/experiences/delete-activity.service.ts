import { eq } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { activities } from "@worker/db/schema";
import { activityRemoved } from "@worker/domain/change-log";
import { writeExperience } from "@worker/domain/experience-write";
import { uploadedFileIds } from "@worker/domain/itinerary-images";
import type { Bindings } from "@worker/env";
import { ActivityPath, findActivity } from "./activities";

export async function deleteActivity(env: Bindings, db: Db, path: ActivityPath, userId: string): Promise<void> {
  await writeExperience(env, db, path.eventId, userId, async ({ event }) => {
    const { row } = await findActivity(db, path);
    return {
      statements: [db.delete(activities).where(eq(activities.id, row.id))],
      changes: [activityRemoved(row, event.timeZone, Date.now())],
      freedFileIds: uploadedFileIds([row.image]),
      result: undefined,
    };
  });
}
