import { eq } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { activities } from "@worker/db/schema";
import { editChanges } from "@worker/domain/edit-log";
import { writeExperience } from "@worker/domain/experience-write";
import { uploadedFileIds, type ImageInput } from "@worker/domain/itinerary-images";
import type { Bindings } from "@worker/env";
import { imageView } from "@worker/lib/files";
import { type ImageView } from "@worker/shared/views.schema";
import { ActivityPath, findActivity } from "./activities";

/** Shows the new picture on the activity, then removes the old one if it was our own upload. */
export async function setActivityImage(
  env: Bindings,
  db: Db,
  path: ActivityPath,
  userId: string,
  image: ImageInput,
): Promise<{ image: ImageView }> {
  const ref = await writeExperience(env, db, path.eventId, userId, async (_, writer) => {
    const { row } = await findActivity(db, path);
    const ref = await writer.image(image);
    return {
      statements: [db.update(activities).set({ image: ref }).where(eq(activities.id, row.id))],
      changes: editChanges({ type: "activity", id: row.id, label: row.name, programId: row.programId }, row, { image: ref }),
      freedFileIds: uploadedFileIds([row.image]),
      result: ref,
    };
  });
  return { image: (await imageView(env, ref))! };
}
