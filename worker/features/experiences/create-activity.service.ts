import type { Db } from "@worker/db/client";
import { activities } from "@worker/db/schema";
import { activityAdded } from "@worker/domain/change-log";
import { writeExperience } from "@worker/domain/experience-write";
import { type ImageInput } from "@worker/domain/itinerary-images";
import type { Bindings } from "@worker/env";
import { type ActivityView } from "@worker/shared/itinerary.schema";
import { checkTimes, instantIn } from "./activities";
import { type CreateActivityInput } from "./activities.schema";
import { findDay } from "./find-day";
import { toActivityView, type ActivityRow } from "./itinerary-views";

export async function createActivity(
  env: Bindings,
  db: Db,
  eventId: string,
  dayId: string,
  userId: string,
  input: Omit<CreateActivityInput, "file" | "external">,
  image: ImageInput | null,
): Promise<ActivityView> {
  const { row, experienceZone } = await writeExperience(env, db, eventId, userId, async ({ event }, writer) => {
    const day = await findDay(db, eventId, dayId);
    const zone = input.timeZone ?? event.timeZone;
    const startTime = instantIn(input.start, zone);
    const endTime = instantIn(input.end, zone);
    checkTimes(startTime, endTime, event, day, zone);
    const row: ActivityRow = {
      id: crypto.randomUUID(),
      eventId,
      programId: dayId,
      name: input.name,
      subtitle: input.subtitle,
      description: input.description,
      location: input.location,
      startTime,
      endTime,
      timeZone: input.timeZone,
      image: image ? await writer.image(image) : null,
      attendance: "EVERYONE",
      capacity: null,
      signupOpensAt: null,
      signupClosesAt: null,
      groups: [],
      createdAt: new Date(),
    };
    return {
      statements: [db.insert(activities).values(row)],
      changes: [activityAdded(row, event.timeZone, Date.now())],
      result: { row, experienceZone: event.timeZone },
    };
  });
  return toActivityView(env, row, [], experienceZone, { signupOf: () => null, organiser: true });
}
