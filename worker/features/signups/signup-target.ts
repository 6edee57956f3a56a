import { and, eq } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { activities, activitySignups, eventHosts, events, rsvps, users } from "@worker/db/schema";
import { seesActivity } from "@worker/domain/activity-audience";
import { signupQueries, signupViews } from "@worker/domain/activity-signups";
import { forbidden, notFound } from "@worker/lib/errors";
import type { SignupView } from "@worker/shared/signup.schema";

// What a sign-up, a leave and the organisers' list read first: the activity, and what the caller is to it.

export interface SignupPath {
  eventId: string;
  dayId: string;
  activityId: string;
}

export type TargetActivity = typeof activities.$inferSelect;

/**
 * The activity and the caller's standing, in one D1 round trip: 404 for an activity that is not on this day, or that
 * the caller may not see (limited to groups they are not in), as for a private experience they have no part in.
 */
export async function signupTarget(db: Db, path: SignupPath, callerId: string) {
  const [[activity], [event], [host], [rsvp]] = await db.batch([
    db
      .select()
      .from(activities)
      .where(and(eq(activities.id, path.activityId), eq(activities.eventId, path.eventId), eq(activities.programId, path.dayId))),
    db.select({ ownerId: events.ownerId, privacy: events.privacy }).from(events).where(eq(events.id, path.eventId)),
    db
      .select({ userId: eventHosts.userId })
      .from(eventHosts)
      .where(and(eq(eventHosts.eventId, path.eventId), eq(eventHosts.userId, callerId))),
    db
      .select({ status: rsvps.status, tags: rsvps.tags })
      .from(rsvps)
      .where(and(eq(rsvps.eventId, path.eventId), eq(rsvps.userId, callerId))),
  ]);
  const organiser = event?.ownerId === callerId || host !== undefined;
  const participant = organiser || rsvp?.status === "YES" || rsvp?.status === "MAYBE";
  if (
    !activity ||
    !event ||
    (!participant && event.privacy === "PRIVATE") ||
    !seesActivity({ organiser, groups: rsvp?.tags ?? [] }, activity)
  )
    throw notFound(/*i18n*/ "Activity not found");
  return { activity, organiser, going: rsvp?.status === "YES" };
}

/** signupTarget for the owner and hosts, who manage the list: 403 for anyone else. */
export async function organiserTarget(db: Db, path: SignupPath, callerId: string) {
  const target = await signupTarget(db, path, callerId);
  if (!target.organiser) throw forbidden();
  return target.activity;
}

/** The activity's places as `readerId` sees them once a write has landed. */
export async function placesNow(db: Db, activity: TargetActivity, readerId: string): Promise<SignupView> {
  const [counts, mine] = await db.batch(signupQueries(db, { eventId: activity.eventId, activityId: activity.id }, readerId));
  return signupViews(counts, mine)(activity)!;
}

/** A person's sign-up for this activity, if any. */
export async function ownSignup(db: Db, activityId: string, userId: string) {
  const [row] = await db
    .select({ id: activitySignups.id, status: activitySignups.status })
    .from(activitySignups)
    .where(and(eq(activitySignups.activityId, activityId), eq(activitySignups.userId, userId)));
  return row;
}

/** A person of the experience as the organisers' list acts on them: their name and whether they are going (none: not invited). */
export async function guestOf(db: Db, eventId: string, userId: string) {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, status: rsvps.status })
    .from(rsvps)
    .innerJoin(users, eq(users.id, rsvps.userId))
    .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, userId)));
  return row && { name: `${row.firstName} ${row.lastName}`.trim(), going: row.status === "YES" };
}
