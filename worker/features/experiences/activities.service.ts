import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { activities, activityDocuments, documents, events } from "@worker/db/schema";
import type { Bindings } from "@worker/env";
import { chunkedInserts, idChunks } from "@worker/lib/batch";
import { badRequest, notFound } from "@worker/lib/errors";
import { imageView, type ImageView } from "@worker/lib/files";
import { activityAdded, activityChanges, activityRemoved } from "@worker/domain/change-log";
import { writeExperience } from "@worker/domain/experience-write";
import { findDay } from "./find-day";
import { uploadedFileIds, type ImageInput } from "@worker/domain/itinerary-images";
import { eventRole, isParticipant, type EventRow } from "@worker/domain/permissions";
import { activityZone, toActivityView, type ActivityRow, type ActivityView } from "./itinerary-views";
import { readWhen, resolveWhen, type When } from "@worker/shared/time-zone.schema";
import { settleActivityEdit } from "./activity-conflicts";
import { ACTIVITY_MESSAGES, activityTimesError, type CreateActivityInput, type UpdateActivityInput } from "./activities.schema";

interface ActivityPath {
  eventId: string;
  dayId: string;
  activityId: string;
}

function checkTimes(start: Date, end: Date, event: EventRow, day: { date: string }, zone: string) {
  const error = activityTimesError(start, end, event, day, Date.now(), zone);
  if (error) throw badRequest(error);
}

/** The instant a time as sent names in the activity's zone; a wall-clock time the clocks skip is refused with the gap's words. */
function instantIn(when: When, zone: string): Date {
  const resolved = resolveWhen(when, zone);
  if ("error" in resolved) throw badRequest(resolved.error);
  return new Date(resolved.instant);
}

/** The activity with its document ids and its experience's zone, only if it belongs to this event and this day. */
async function findActivity(db: Db, path: ActivityPath): Promise<{ row: ActivityRow; documentIds: string[]; experienceZone: string }> {
  const [[row], links, [event]] = await db.batch([
    db
      .select()
      .from(activities)
      .where(and(eq(activities.id, path.activityId), eq(activities.eventId, path.eventId), eq(activities.programId, path.dayId)))
      .limit(1),
    db
      .select({ documentId: activityDocuments.documentId })
      .from(activityDocuments)
      .where(eq(activityDocuments.activityId, path.activityId)),
    db.select({ timeZone: events.timeZone }).from(events).where(eq(events.id, path.eventId)),
  ]);
  if (!row || !event) throw notFound("Activity not found");
  return { row, documentIds: links.map((l) => l.documentId), experienceZone: event.timeZone };
}

async function activityView(env: Bindings, db: Db, path: ActivityPath): Promise<ActivityView> {
  const { row, documentIds, experienceZone } = await findActivity(db, path);
  return toActivityView(env, row, documentIds, experienceZone);
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
      createdAt: new Date(),
    };
    return {
      statements: [db.insert(activities).values(row)],
      changes: [activityAdded(row, event.timeZone, Date.now())],
      result: { row, experienceZone: event.timeZone },
    };
  });
  return toActivityView(env, row, [], experienceZone);
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
  const { base, documents: documentIds, ...sent } = input;
  const wanted = [...new Set(documentIds ?? [])];
  await writeExperience(env, db, path.eventId, userId, async ({ event }) => {
    const { row } = await findActivity(db, path);
    const settled = await settleActivityEdit(db, { row, zone: activityZone(row, event.timeZone), editorId: userId }, sent, base);
    const { startIsoTime, endIsoTime, timeZone, ...text } = settled;
    // A new zone reads the times sent with it; sent alone, it keeps the activity's moments and shows them on its clock.
    const zone = timeZone !== undefined ? (timeZone ?? event.timeZone) : activityZone(row, event.timeZone);
    const startTime = startIsoTime ? instantIn(readWhen(startIsoTime), zone) : row.startTime;
    const endTime = endIsoTime ? instantIn(readWhen(endIsoTime), zone) : row.endTime;
    if (startIsoTime || endIsoTime || timeZone !== undefined)
      checkTimes(startTime, endTime, event, await findDay(db, path.eventId, path.dayId), zone);
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

    const change = {
      ...text,
      ...(startIsoTime ? { startTime } : {}),
      ...(endIsoTime ? { endTime } : {}),
      ...(timeZone !== undefined ? { timeZone } : {}),
    };
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
    const after = {
      ...row,
      name: text.name ?? row.name,
      location: text.location !== undefined ? text.location : row.location,
      startTime,
      endTime,
      timeZone: timeZone !== undefined ? timeZone : row.timeZone,
    };
    return {
      statements: [...(hasChange ? [db.update(activities).set(change).where(eq(activities.id, row.id))] : []), ...relink],
      changes: activityChanges(row, after, event.timeZone, Date.now()),
      result: undefined,
    };
  });
  return activityView(env, db, path);
}

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
