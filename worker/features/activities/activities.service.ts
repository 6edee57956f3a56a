import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { activities, activityDocuments, documents, type ImageRef } from "../../db/schema";
import type { Bindings } from "../../env";
import { chunkedInserts, idChunks } from "../../lib/batch";
import { badRequest, notFound } from "../../lib/errors";
import { deleteFiles, imageView, type ImageView } from "../../lib/files";
import { eventRole, isParticipant, type EventRow } from "../../lib/permissions";
import { toActivityView, type ActivityRow, type ActivityView } from "../itinerary/itinerary.views";
import { bumpVersion, imageRefOf, uploadedFileIds, type ImageInput } from "../programs/itinerary-write";
import { findDay, requireOrganiser } from "../programs/programs.service";
import { ACTIVITY_MESSAGES, activityTimesError, type CreateActivityInput, type UpdateActivityInput } from "./activities.schema";

interface ActivityPath {
  eventId: string;
  dayId: string;
  activityId: string;
}

function checkTimes(start: Date, end: Date, event: EventRow) {
  const error = activityTimesError(start, end, event);
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
    db.select({ documentId: activityDocuments.documentId }).from(activityDocuments).where(eq(activityDocuments.activityId, path.activityId)),
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
  const { event } = await requireOrganiser(db, eventId, userId);
  await findDay(db, eventId, dayId);
  checkTimes(input.startTime, input.endTime, event);
  const ref: ImageRef | null = image ? await imageRefOf(env, db, eventId, userId, image) : null;
  const [[row]] = await db.batch([
    db
      .insert(activities)
      .values({
        id: crypto.randomUUID(),
        eventId,
        programId: dayId,
        name: input.name,
        subtitle: input.subtitle,
        description: input.description,
        location: input.location,
        startTime: input.startTime,
        endTime: input.endTime,
        image: ref,
      })
      .returning(),
    bumpVersion(db, eventId),
  ]);
  return toActivityView(env, row!, []);
}

/** Anyone who may see the event: its participants, and everyone signed in for a public event. */
export async function getActivity(env: Bindings, db: Db, path: ActivityPath, viewerId: string): Promise<ActivityView> {
  const found = await eventRole(db, path.eventId, viewerId);
  if (!found || (!isParticipant(found.role) && found.event.privacy === "PRIVATE")) throw notFound("Event not found");
  return activityView(env, db, path);
}

export async function updateActivity(env: Bindings, db: Db, path: ActivityPath, userId: string, input: UpdateActivityInput): Promise<ActivityView> {
  const { event } = await requireOrganiser(db, path.eventId, userId);
  const { row } = await findActivity(db, path);
  const { startIsoTime, endIsoTime, documents: documentIds, ...text } = input;
  const startTime = startIsoTime ? new Date(startIsoTime) : row.startTime;
  const endTime = endIsoTime ? new Date(endIsoTime) : row.endTime;
  if (startIsoTime || endIsoTime) checkTimes(startTime, endTime, event);

  const wanted = [...new Set(documentIds ?? [])];
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
  if (hasChange || documentIds) {
    await db.batch([
      bumpVersion(db, path.eventId),
      ...(hasChange ? [db.update(activities).set(change).where(eq(activities.id, row.id))] : []),
      ...relink,
    ]);
  }
  return activityView(env, db, path);
}

export async function deleteActivity(env: Bindings, db: Db, path: ActivityPath, userId: string): Promise<void> {
  await requireOrganiser(db, path.eventId, userId);
  const { row } = await findActivity(db, path);
  await db.batch([db.delete(activities).where(eq(activities.id, row.id)), bumpVersion(db, path.eventId)]);
  await deleteFiles(env, db, uploadedFileIds([row.image]));
}

/** Shows the new picture on the activity, then removes the old one if it was our own upload. */
export async function setActivityImage(env: Bindings, db: Db, path: ActivityPath, userId: string, image: ImageInput): Promise<{ image: ImageView }> {
  await requireOrganiser(db, path.eventId, userId);
  const { row } = await findActivity(db, path);
  const ref = await imageRefOf(env, db, path.eventId, userId, image);
  await db.batch([db.update(activities).set({ image: ref }).where(eq(activities.id, row.id)), bumpVersion(db, path.eventId)]);
  await deleteFiles(env, db, uploadedFileIds([row.image]));
  return { image: (await imageView(env, ref))! };
}
