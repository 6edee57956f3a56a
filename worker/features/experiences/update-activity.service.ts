import type { I18n } from "@lingui/core";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { activities, activityDocuments, documents } from "@worker/db/schema";
import { unseenSignupsDeleted } from "@worker/domain/activity-signups";
import { activityChanges } from "@worker/domain/change-log";
import { editChanges } from "@worker/domain/edit-log";
import { writeExperience } from "@worker/domain/experience-write";
import type { Bindings } from "@worker/env";
import { chunkedInserts, idChunks } from "@worker/lib/batch";
import { badRequest } from "@worker/lib/errors";
import { type ActivityView } from "@worker/shared/itinerary.schema";
import { readWhen } from "@worker/shared/time-zone.schema";
import { ActivityPath, checkTimes, instantIn, findActivity, activityView } from "./activities";
import { ACTIVITY_MESSAGES, type UpdateActivityInput } from "./activities.schema";
import { attendanceChange, attendanceLogged } from "./activity-attendance";
import { settleActivityEdit } from "./activity-conflicts";
import { findDay } from "./find-day";
import { activityZone } from "./itinerary-views";

export async function updateActivity(
  env: Bindings,
  db: Db,
  path: ActivityPath,
  userId: string,
  input: UpdateActivityInput,
  i18n: I18n,
): Promise<ActivityView> {
  const { base, documents: documentIds, attendance, capacity, signupOpensAt, signupClosesAt, groups, ...sent } = input;
  const wanted = [...new Set(documentIds ?? [])];
  await writeExperience(env, db, path.eventId, userId, async ({ event }) => {
    const { row } = await findActivity(db, path);
    const settled = await settleActivityEdit(db, { row, zone: activityZone(row, event.timeZone), editorId: userId }, sent, base, i18n);
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

    const places = attendanceChange(row, { attendance, capacity, signupOpensAt, signupClosesAt, groups }, startTime);
    const change = {
      ...text,
      ...places,
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
      groups: places.groups ?? row.groups,
    };
    return {
      statements: [
        ...(hasChange ? [db.update(activities).set(change).where(eq(activities.id, row.id))] : []),
        ...relink,
        ...(places.groups ? await unseenSignupsDeleted(db, { eventId: path.eventId, activityId: row.id, groups: places.groups }) : []),
      ],
      changes: [
        ...activityChanges(row, after, event.timeZone, Date.now()),
        ...editChanges(
          { type: "activity", id: row.id, label: after.name, programId: row.programId },
          { ...row, ...attendanceLogged(row, row.timeZone ?? event.timeZone) },
          { ...text, ...attendanceLogged(places, after.timeZone ?? event.timeZone) },
        ),
      ],
      result: undefined,
    };
  });
  return activityView(env, db, path, { id: userId, organiser: true, groups: [] });
}
