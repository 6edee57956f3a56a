import { and, asc, eq, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { activities, events, files, programs, users } from "@worker/db/schema";
import type { Bindings } from "@worker/env";
import { chunkedInserts, idChunks } from "@worker/lib/batch";
import { badRequest, notFound } from "@worker/lib/errors";
import { deleteEventFiles, imageView } from "@worker/lib/files";
import { LOST_RACE, retryLostRaces, versionMoved, writeExperience } from "@worker/domain/experience-write";
import { imageCopier, uploadedFileIds, type ImageInput } from "@worker/domain/itinerary-images";
import { variantKeys } from "@worker/lib/picture-variants";
import { GUEST_STATUSES, requireEventRole } from "@worker/domain/permissions";
import { loadItinerary, toPublicItinerary } from "./public-itinerary";
import { personColumns, toPerson } from "@worker/domain/people";
import { activityZone } from "./itinerary-views";
import { addDays, daysBetween, localDate, shiftKeepingWallClock, startOfLocalDay } from "@worker/shared/time-zone";
import { readWhen, wallMs } from "@worker/shared/time-zone.schema";
import { shareImageKey } from "@worker/domain/share-image";
import {
  cloneName,
  isDateTooFarAhead,
  isoDate,
  EXPERIENCE_MESSAGES,
  utcMidnight,
  type CloneExperienceInput,
  type ExperienceDetail,
  type ExperienceListItem,
} from "./experiences.schema";

// ── List ────────────────────────────────────────────────────────────────────

const hostedBy = (userId: string) =>
  sql<number>`exists(select 1 from event_hosts h where h.event_id = ${events.id} and h.user_id = ${userId})`;
const guestOf = (userId: string) =>
  sql<number>`exists(select 1 from rsvps r where r.event_id = ${events.id} and r.user_id = ${userId} and r.status in (${sql.join(
    GUEST_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  )}))`;
// Correlated counts in the list's one query (served by programs_event_idx and rsvps_event_status_idx), not a query per card.
const dayCount = sql<number>`(select count(*) from programs p where p.event_id = ${events.id})`;
const goingCount = sql<number>`(select count(*) from rsvps r where r.event_id = ${events.id} and r.status = 'YES')`;
const participates = (userId: string) => or(eq(events.ownerId, userId), hostedBy(userId), guestOf(userId));

/**
 * The experiences `personId` owns, hosts or is a guest of, with their role in each, their number of days and of guests going. Someone else's list
 * shows only what the viewer may see anyway: public experiences, and private ones the viewer takes part in.
 */
export async function listExperiences(env: Bindings, db: Db, viewerId: string, personId = viewerId): Promise<ExperienceListItem[]> {
  const where: SQL | undefined =
    personId === viewerId ? participates(personId) : and(participates(personId), or(eq(events.privacy, "PUBLIC"), participates(viewerId)));
  const rows = await db
    .select({
      id: events.id,
      name: events.name,
      startTime: events.startTime,
      endTime: events.endTime,
      timeZone: events.timeZone,
      privacy: events.privacy,
      rsvpType: events.rsvpType,
      image: events.image,
      owner: personColumns,
      isHost: hostedBy(personId),
      dayCount,
      goingCount,
    })
    .from(events)
    .innerJoin(users, eq(users.id, events.ownerId))
    .where(where)
    .orderBy(asc(events.startTime), asc(events.id));
  return Promise.all(
    rows.map(async ({ owner, isHost, image, startTime, endTime, ...row }) => ({
      ...row,
      startTime: startTime.toISOString(),
      endTime: endTime.toISOString(),
      image: await imageView(env, image),
      owner: await toPerson(env, owner),
      role: owner.guid === personId ? "owner" : isHost ? "host" : "guest",
    })),
  );
}

// ── Detail ──────────────────────────────────────────────────────────────────

/** The event page: roles are read from the same batch as the itinerary. A stranger to a private event sees no guests. */
export async function experienceDetail(env: Bindings, db: Db, eventId: string, viewerId: string): Promise<ExperienceDetail> {
  const itinerary = await loadItinerary(env, db, eventId);
  if (!itinerary) throw notFound("Event not found");
  const { event, hosts, guests } = itinerary;
  const isOwner = event.ownerId === viewerId;
  const isHost = hosts.some((p) => p.guid === viewerId);
  const isGuest = guests.some((p) => p.guid === viewerId);
  // Issue 9: PRIVATE keeps an experience's people private, not its itinerary: whoever has the link sees the
  // itinerary (and may ask to join), but only participants see the guest list.
  const participant = isOwner || isHost || isGuest;
  const shared = await toPublicItinerary(env, itinerary, { includeGuests: participant || event.privacy === "PUBLIC" });
  return { ...shared, rsvpType: event.rsvpType, capacity: event.capacity, isOwner, isHost, isGuest };
}

// ── Change ──────────────────────────────────────────────────────────────────

/** Points the event at its new cover, then removes the old cover if it was our own upload; answers both. */
export async function setCover(env: Bindings, db: Db, eventId: string, userId: string, image: ImageInput) {
  const { ref, replaced } = await writeExperience(env, db, eventId, userId, async ({ event }, writer) => {
    const ref = await writer.image(image);
    const replaced = uploadedFileIds([event.image]);
    return { event: { image: ref, updatedAt: new Date() }, freedFileIds: replaced, result: { ref, replaced } };
  });
  return { image: (await imageView(env, ref))!, replacedFileIds: replaced };
}

/**
 * Deletes the event's R2 objects first (their rows cascade with the event), then the event and everything
 * under it. A file stored meanwhile has a row that the same batch reads before the delete cascades it, so its
 * object goes too; a write that lands after the delete aborts on its version check and removes its own upload.
 * Answers the uploads that were its cover (read before and at the delete), whose cached copies the caller drops.
 */
export async function deleteExperience(env: Bindings, db: Db, eventId: string, userId: string): Promise<{ coverFileIds: string[] }> {
  const { event } = await requireEventRole(db, eventId, userId, ["owner"]);
  await deleteEventFiles(env, db, eventId);
  const [late, [deleted]] = await db.batch([
    db.select({ key: files.key }).from(files).where(eq(files.eventId, eventId)),
    db.delete(events).where(eq(events.id, eventId)).returning({ image: events.image }),
  ]);
  for (const keys of idChunks(late.flatMap((row) => [row.key, ...variantKeys(row.key)]))) await env.FILES.delete(keys);
  await env.FILES.delete(shareImageKey(eventId));
  return { coverFileIds: [...new Set(uploadedFileIds([event.image, deleted?.image]))] };
}

// ── Clone ───────────────────────────────────────────────────────────────────

/**
 * The clone's first local date, judged in the source's zone (which the clone keeps): today or later there, and at most a
 * year ahead.
 */
function cloneStartDate(input: CloneExperienceInput, zone: string): string {
  const date = isoDate(utcMidnight(wallMs(readWhen(input.startDateTime), zone)));
  if (date < localDate(Date.now(), zone)) throw badRequest(EXPERIENCE_MESSAGES.cloneNotPast);
  if (isDateTooFarAhead(date, zone)) throw badRequest(EXPERIENCE_MESSAGES.atMostOneYear);
  return date;
}

/**
 * A copy of the itinerary owned by the caller, moved to a new start date in the same zone: days, activities and
 * images, but none of the people, posts, documents or forms. Activities keep their wall-clock times (09:00 stays 09:00
 * whatever the clocks do between the two dates). Uploaded images are copied to new R2 objects, so deleting either
 * event never breaks the other.
 */
export async function cloneExperience(env: Bindings, db: Db, eventId: string, userId: string, input: CloneExperienceInput) {
  const { event } = await requireEventRole(db, eventId, userId, ["owner"]);
  const startDate = cloneStartDate(input, event.timeZone);
  return retryLostRaces(async () => {
    // One batch, so the experience's dates and its days are read as one state.
    const [[source], programRows, activityRows] = await db.batch([
      db.select().from(events).where(eq(events.id, eventId)),
      db.select().from(programs).where(eq(programs.eventId, eventId)).orderBy(asc(programs.dayIndex)),
      db.select().from(activities).where(eq(activities.eventId, eventId)),
    ]);
    if (!source) throw notFound("Event not found");

    const id = crypto.randomUUID();
    const zone = source.timeZone;
    // Whole days, so every activity keeps its time of day even if the source did not start at midnight.
    const days = daysBetween(localDate(source.startTime.getTime(), zone), startDate);
    const endDate = addDays(localDate(source.endTime.getTime(), zone), days);
    const shift = (date: Date, activityZone: string) => new Date(shiftKeepingWallClock(date.getTime(), days, activityZone));
    // The copy's last day, like every date of an experience, is at most a year ahead.
    if (isDateTooFarAhead(addDays(endDate, -1), zone)) throw badRequest(EXPERIENCE_MESSAGES.atMostOneYear);

    const copier = await imageCopier(db, id, userId, [
      source.image,
      ...programRows.map((p) => p.image),
      ...activityRows.map((a) => a.image),
    ]);
    const programIds = new Map(programRows.map((p) => [p.id, crypto.randomUUID()]));
    const newPrograms = programRows.map((p) => ({
      ...p,
      id: programIds.get(p.id)!,
      eventId: id,
      date: addDays(p.date, days),
      image: copier.copy(p.image),
      createdAt: undefined,
    }));
    const newActivities = activityRows.map((a) => ({
      ...a,
      id: crypto.randomUUID(),
      eventId: id,
      programId: programIds.get(a.programId)!,
      startTime: shift(a.startTime, activityZone(a, zone)),
      endTime: shift(a.endTime, activityZone(a, zone)),
      image: copier.copy(a.image),
      createdAt: undefined,
    }));
    const clone = {
      id,
      ownerId: userId,
      name: input.name ?? cloneName(source.name),
      subtitle: source.subtitle,
      description: source.description,
      venue: source.venue,
      image: copier.copy(source.image),
      privacy: input.privacy,
      rsvpType: source.rsvpType,
      startTime: new Date(startOfLocalDay(startDate, zone)),
      endTime: new Date(startOfLocalDay(endDate, zone)),
      timeZone: zone,
    };

    let copied: string[];
    try {
      copied = await copier.commit(env);
    } catch (error) {
      // A source picture replaced since the read is gone from R2: copy the experience as it is now.
      if (await versionMoved(db, eventId, source.version)) return LOST_RACE;
      throw error;
    }
    try {
      await db.batch([
        db.insert(events).values(clone),
        ...chunkedInserts(
          db,
          files,
          copier.copies.map((c) => c.row),
        ),
        ...chunkedInserts(db, programs, newPrograms),
        ...chunkedInserts(db, activities, newActivities),
      ]);
    } catch (error) {
      // D1 rolled the batch back; the copied objects would otherwise have no rows.
      if (copied.length > 0) await env.FILES.delete(copied);
      throw error;
    }
    return {
      id,
      name: clone.name,
      startTime: clone.startTime.toISOString(),
      endTime: clone.endTime.toISOString(),
      timeZone: clone.timeZone,
      privacy: clone.privacy,
    };
  });
}
