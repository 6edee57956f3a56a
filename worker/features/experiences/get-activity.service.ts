import type { Db } from "@worker/db/client";
import { readerOf } from "@worker/domain/activity-audience";
import { eventRole, isParticipant } from "@worker/domain/permissions";
import type { Bindings } from "@worker/env";
import { notFound } from "@worker/lib/errors";
import { type ActivityView } from "@worker/shared/itinerary.schema";
import { ActivityPath, activityView } from "./activities";

/** Anyone who may see the event: its participants, and everyone signed in for a public event. */
export async function getActivity(env: Bindings, db: Db, path: ActivityPath, viewerId: string): Promise<ActivityView> {
  const found = await eventRole(db, path.eventId, viewerId);
  if (!found || (!isParticipant(found.role) && found.event.privacy === "PRIVATE")) throw notFound(/*i18n*/ "Event not found");
  return activityView(env, db, path, { id: viewerId, ...(await readerOf(db, path.eventId, viewerId)) });
}
