import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { activities, activityDocuments, eventHosts, events, programs, rsvps, users } from "@worker/db/schema";
import { seesActivity, type ActivityReader } from "@worker/domain/activity-audience";
import { signupQueries, signupViews } from "@worker/domain/activity-signups";
import { personColumns, toPerson } from "@worker/domain/people";
import { GUEST_STATUSES, type EventRow } from "@worker/domain/permissions";
import type { Bindings } from "@worker/env";
import { notFound } from "@worker/lib/errors";
import { imageView } from "@worker/lib/files";
import type { PublicItinerary, DayView } from "@worker/shared/itinerary.schema";
import { asLocale } from "@worker/shared/locales";
import type { Person } from "@worker/shared/views.schema";
import { toDayViews } from "./itinerary-views";

export interface Itinerary {
  event: EventRow;
  owner: Person;
  hosts: Person[];
  guests: Person[];
  /** How many of the guests are going (YES; the others said MAYBE). */
  goingCount: number;
  programs: DayView[];
  /** Who read it: whether they organise it and their groups (docs/programme.md); the share link's visitor for null. */
  reader: ActivityReader;
}

/**
 * The event with its people and its days and activities as `readerId` may see them (null: a visitor, who is in no
 * group), read in one D1 round trip. Null when there is no such event.
 */
export async function loadItinerary(env: Bindings, db: Db, eventId: string, readerId: string | null): Promise<Itinerary | null> {
  const [countQuery, mineQuery] = signupQueries(db, { eventId }, readerId);
  // In a D1 batch drizzle maps rows by column name, so no statement may select two columns of the same name.
  const [[event], [ownerRow], hostRows, guestRows, programRows, activityRows, documentLinks, readerRows, counts, mine] = await db.batch([
    db.select().from(events).where(eq(events.id, eventId)).limit(1),
    db.select(personColumns).from(users).innerJoin(events, eq(events.ownerId, users.id)).where(eq(events.id, eventId)).limit(1),
    db
      .select(personColumns)
      .from(eventHosts)
      .innerJoin(users, eq(users.id, eventHosts.userId))
      .where(eq(eventHosts.eventId, eventId))
      .orderBy(asc(eventHosts.createdAt)),
    db
      .select({ ...personColumns, status: rsvps.status })
      .from(rsvps)
      .innerJoin(users, eq(users.id, rsvps.userId))
      .where(and(eq(rsvps.eventId, eventId), inArray(rsvps.status, GUEST_STATUSES)))
      .orderBy(asc(rsvps.createdAt)),
    db.select().from(programs).where(eq(programs.eventId, eventId)).orderBy(asc(programs.dayIndex)),
    db.select().from(activities).where(eq(activities.eventId, eventId)).orderBy(asc(activities.startTime), asc(activities.endTime)),
    db
      .select({ activityId: activityDocuments.activityId, documentId: activityDocuments.documentId })
      .from(activityDocuments)
      .innerJoin(activities, eq(activities.id, activityDocuments.activityId))
      .where(eq(activities.eventId, eventId)),
    db
      .select({ tags: rsvps.tags })
      .from(rsvps)
      .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, readerId ?? ""))),
    countQuery,
    mineQuery,
  ]);
  if (!event || !ownerRow) return null;
  const organiser = readerId !== null && (event.ownerId === readerId || hostRows.some((row) => row.guid === readerId));
  const reader: ActivityReader = { organiser, groups: readerRows[0]?.tags ?? [] };
  const seen = activityRows.filter((row) => seesActivity(reader, row));
  const facts = { signupOf: signupViews(counts, mine), organiser };
  const [owner, hosts, guests, dayViews] = await Promise.all([
    toPerson(env, ownerRow),
    Promise.all(hostRows.map((row) => toPerson(env, row))),
    Promise.all(guestRows.map((row) => toPerson(env, row))),
    toDayViews(env, programRows, seen, documentLinks, event.timeZone, facts),
  ]);
  const goingCount = guestRows.filter((row) => row.status === "YES").length;
  return { event, owner, hosts, guests, goingCount, programs: dayViews, reader };
}

/**
 * The itinerary as the share link shows it. `includeGuests` is false where the guest list must stay private;
 * the event page extends this shape with the caller's roles.
 */
export async function toPublicItinerary(
  env: Bindings,
  itinerary: Itinerary,
  { includeGuests }: { includeGuests: boolean },
): Promise<PublicItinerary> {
  const { event } = itinerary;
  return {
    id: event.id,
    name: event.name,
    subtitle: event.subtitle,
    description: event.description,
    image: await imageView(env, event.image),
    privacy: event.privacy,
    rsvpType: event.rsvpType,
    startTime: event.startTime.toISOString(),
    endTime: event.endTime.toISOString(),
    timeZone: event.timeZone,
    language: asLocale(event.language),
    venue: event.venue,
    owner: itinerary.owner,
    hosts: itinerary.hosts,
    guests: includeGuests ? itinerary.guests : [],
    goingCount: includeGuests ? itinerary.goingCount : null,
    full: event.capacity !== null && itinerary.goingCount >= event.capacity,
    programs: itinerary.programs,
  };
}

/**
 * The share link's itinerary, for anyone holding the link, private events included (the link is the
 * capability). The guest list of a private event stays private: it is shown only to participants in the app.
 */
export async function publicItinerary(env: Bindings, db: Db, eventId: string): Promise<PublicItinerary> {
  const itinerary = await loadItinerary(env, db, eventId, null);
  if (!itinerary) throw notFound(/*i18n*/ "Event not found");
  return toPublicItinerary(env, itinerary, { includeGuests: itinerary.event.privacy === "PUBLIC" });
}
