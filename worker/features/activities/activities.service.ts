import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { activities, activityDocuments, documents } from "@worker/db/schema";
import type { Bindings } from "@worker/env";
import { chunkedInserts, idChunks } from "@worker/lib/batch";
import { badRequest, notFound } from "@worker/lib/errors";
import { imageView, type ImageView } from "@worker/lib/files";
import { writeExperience } from "@worker/domain/experience-write";
import { findDay } from "@worker/domain/find-day";
import { uploadedFileIds, type ImageInput } from "@worker/domain/itinerary-images";
import { eventRole, isParticipant, type EventRow } from "@worker/domain/permissions";
import { toActivityView, type ActivityRow, type ActivityView } from "@worker/domain/itinerary-views";
import { ACTIVITY_MESSAGES, activityTimesError, type CreateActivityInput, type UpdateActivityInput } from "./activities.schema";

interface ActivityPath {
  eventId: string;
  dayId: string;
  activityId: string;
}

function checkTimes(start: Date, end: Date, event: EventRow, day: { date: string }) {
  const error = activityTimesError(start, end, event, day);
  if (error) throw badRequest(error);
}

/** The activity with its document ids, only if it belongs to this event and this day. */
async function findActivity(db: Db, path: ActivityPath): Promise<{ row: ActivityRow; documentIds: string[] }> {
  const [[row], links] = await db.batch([
    db
      .select()
      .from(activities)
      .where(and(eq(activities.id, path.activityId), eq(activities.eventId, path.eventId), eq(activities.programId, path.dayId)))
      .limit(1),
    db
      .select({ documentId: activityDocuments.documentId })
      .from(activityDocuments)
      .where(eq(activityDocuments.activityId, path.activityId)),
  ]);
  if (!row) throw notFound("Activity not found");
  return { row, documentIds: links.map((l) => l.documentId) };
}

async function activityView(env: Bindings, db: Db, path: ActivityPath): Promise<ActivityView> {
  const { row, documentIds } = await findActivity(db, path);
  return toActivityView(env, row, documentIds);
}

export async function createActivity(
  env: Bindings,
  db: Db,
  eventId: string,
  dayId: string,
  userId: string,
  input: Omit<CreateActivityInput, "file" | "external">,
  image: ImageInput | null,
): Promise<ActivityView> {
  const row = await writeExperience(env, db, eventId, userId, async ({ event }, writer) => {
    const day = await findDay(db, eventId, dayId);
    checkTimes(input.startTime, input.endTime, event, day);
    const row: ActivityRow = {
      id: crypto.randomUUID(),
      eventId,
      programId: dayId,
      name: input.name,
      subtitle: input.subtitle,
      description: input.description,
      location: input.location,
      startTime: input.startTime,
      endTime: input.endTime,
      image: image ? await writer.image(image) : null,
      createdAt: new Date(),
    };
    return { statements: [db.insert(activities).values(row)], result: row };
  });
  return toActivityView(env, row, []);
}

/** Anyone who may see the event: its participants, and everyone signed in for a public event. */
export async function getActivity(env: Bindings, db: Db, path: ActivityPath, viewerId: string): Promise<ActivityView> {
  const found = await eventRole(db, path.eventId, viewerId);
  if (!found || (!isParticipant(found.role) && found.event.privacy === "PRIVATE")) throw notFound("Event not found");
  return activityView(env, db, path);
}

export async function updateActivity(
  env: Bindings,
  db: Db,
  path: ActivityPath,
  userId: string,
  input: UpdateActivityInput,
): Promise<ActivityView> {
  const { startIsoTime, endIsoTime, documents: documentIds, ...text } = input;
  const wanted = [...new Set(documentIds ?? [])];
  await writeExperience(env, db, path.eventId, userId, async ({ event }) => {
    const { row } = await findActivity(db, path);
    const startTime = startIsoTime ? new Date(startIsoTime) : row.startTime;
    const endTime = endIsoTime ? new Date(endIsoTime) : row.endTime;
    if (startIsoTime || endIsoTime) checkTimes(startTime, endTime, event, await findDay(db, path.eventId, path.dayId));
    if (wanted.length) {
      let known = 0;
      for (const ids of idChunks(wanted)) {
        const rows = await db
          .select({ id: documents.id })
          .from(documents)
          .where(and(inArray(documents.id, ids), eq(documents.eventId, path.eventId)));
        known += rows.length;
      }
      if (known !== wanted.length) throw badRequest(ACTIVITY_MESSAGES.unknownDocument);
    }

    const change = { ...text, ...(startIsoTime ? { startTime } : {}), ...(endIsoTime ? { endTime } : {}) };
    const hasChange = Object.values(change).some((v) => v !== undefined);
    const relink = documentIds
      ? [
          db.delete(activityDocuments).where(eq(activityDocuments.activityId, row.id)),
          ...chunkedInserts(
            db,
            activityDocuments,
            wanted.map((documentId) => ({ activityId: row.id, documentId })),
          ),
        ]
      : [];
    return {
      statements: [...(hasChange ? [db.update(activities).set(change).where(eq(activities.id, row.id))] : []), ...relink],
      result: undefined,
    };
  });
  return activityView(env, db, path);
}

export async function deleteActivity(env: Bindings, db: Db, path: ActivityPath, userId: string): Promise<void> {
  await writeExperience(env, db, path.eventId, userId, async () => {
    const { row } = await findActivity(db, path);
    return {
      statements: [db.delete(activities).where(eq(activities.id, row.id))],
      freedFileIds: uploadedFileIds([row.image]),
      result: undefined,
    };
  });
}

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
      freedFileIds: uploadedFileIds([row.image]),
      result: ref,
    };
  });
  return { image: (await imageView(env, ref))! };
}
