import { eq } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { programs } from "@worker/db/schema";
import { editChanges } from "@worker/domain/edit-log";
import { writeExperience } from "@worker/domain/experience-write";
import { uploadedFileIds, type ImageInput } from "@worker/domain/itinerary-images";
import type { Bindings } from "@worker/env";
import { imageView } from "@worker/lib/files";
import { type ImageView } from "@worker/shared/views.schema";
import { findDay } from "./find-day";

/** Shows the new picture on the day, then removes the old one if it was our own upload. */
export async function setDayImage(
  env: Bindings,
  db: Db,
  eventId: string,
  dayId: string,
  userId: string,
  image: ImageInput,
): Promise<{ image: ImageView }> {
  const ref = await writeExperience(env, db, eventId, userId, async (_, writer) => {
    const day = await findDay(db, eventId, dayId);
    const ref = await writer.image(image);
    return {
      statements: [db.update(programs).set({ image: ref }).where(eq(programs.id, dayId))],
      changes: editChanges({ type: "day", id: dayId, label: day.name, programId: dayId }, day, { image: ref }),
      freedFileIds: uploadedFileIds([day.image]),
      result: ref,
    };
  });
  return { image: (await imageView(env, ref))! };
}
