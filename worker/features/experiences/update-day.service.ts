import { eq } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { programs } from "@worker/db/schema";
import { editChanges } from "@worker/domain/edit-log";
import { writeExperience } from "@worker/domain/experience-write";
import { uploadedFileIds } from "@worker/domain/itinerary-images";
import type { Bindings } from "@worker/env";
import { dayView } from "./days";
import { type UpdateDayInput } from "./days.schema";
import { findDay } from "./find-day";

export async function updateDay(env: Bindings, db: Db, eventId: string, dayId: string, userId: string, input: UpdateDayInput) {
  const { image, ...text } = input;
  const change = { ...text, ...(image === null ? { image: null } : {}) };
  await writeExperience(env, db, eventId, userId, async () => {
    const day = await findDay(db, eventId, dayId);
    if (!Object.values(change).some((v) => v !== undefined)) return { result: undefined };
    return {
      statements: [db.update(programs).set(change).where(eq(programs.id, dayId))],
      changes: editChanges({ type: "day", id: dayId, label: change.name ?? day.name, programId: dayId }, day, change),
      freedFileIds: image === null ? uploadedFileIds([day.image]) : [],
      result: undefined,
    };
  });
  return dayView(env, db, eventId, dayId);
}
