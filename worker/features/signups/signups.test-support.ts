import { eq } from "drizzle-orm";
import { activitySignups, rsvps, users } from "@worker/db/schema";
import { apiAs } from "@worker/test/client";
import { db, makeUser } from "@worker/test/helpers";
import { addActivity, experience } from "@worker/test/itinerary";
import { HOUR } from "@worker/test/time";

// What the sign-up tests share: an experience with a sign-up activity, its calls, and what D1 holds of it.

const activityOf = (token: string) => apiAs(token).api.events[":eventId"].programs[":dayId"].activity[":activityId"];
export type Target = { eventId: string; dayId: string; activityId: string };

export const signUpAs = (token: string, path: Target) => activityOf(token).signup.$post({ param: path });
export const leaveAs = (token: string, path: Target) => activityOf(token).signup.$delete({ param: path });
export const editAs = (token: string, path: Target, json: { capacity?: number; signupClosesAt?: string; groups?: string[] }) =>
  activityOf(token).$put({ param: path, json });
export const listAs = (token: string, path: Target) => activityOf(token).signups.$get({ param: path });
export const addAs = (token: string, path: Target, userId: string, allowOverlap?: boolean) =>
  activityOf(token).signups.$post({ param: path, json: { userId, allowOverlap } });
export const removeAs = (token: string, path: Target, userId: string) =>
  activityOf(token).signups[":userId"].$delete({ param: { ...path, userId } });
export const promoteAs = (token: string, path: Target, userId: string) =>
  activityOf(token).signups[":userId"].promote.$post({ param: { ...path, userId } });
export const moveAs = (token: string, path: Target, userId: string, position: number) =>
  activityOf(token).signups[":userId"].position.$put({ param: { ...path, userId }, json: { position } });

/** An experience whose first day holds a SIGNUP activity of `capacity` places at 10:00, and its owner. */
export async function signupExperience(capacity: number | null, fields: Parameters<typeof addActivity>[3] = {}) {
  const owner = await makeUser();
  const { event, start, days } = await experience(owner.id, 2);
  const activity = await addActivity(event.id, days[0]!.id, start + 10 * HOUR, {
    name: "Workshop",
    attendance: "SIGNUP",
    capacity,
    ...fields,
  });
  return { owner, event, start, days, activity, path: { eventId: event.id, dayId: days[0]!.id, activityId: activity.id } };
}

/** `count` people going to the experience, written in a few batches (no sessions: for the service-level tests). */
export async function goingPeople(eventId: string, count: number, tags: string[] = []) {
  const people = Array.from({ length: count }, (_, i) => ({
    id: crypto.randomUUID(),
    email: `many-${i}-${crypto.randomUUID()}@example.com`,
  }));
  for (let i = 0; i < people.length; i += 10) {
    const chunk = people.slice(i, i + 10);
    await db().batch([
      db()
        .insert(users)
        .values(chunk.map((p) => ({ ...p, firstName: "Many", lastName: "Guests" }))),
      db()
        .insert(rsvps)
        .values(chunk.map((p) => ({ id: crypto.randomUUID(), eventId, userId: p.id, email: p.email, status: "YES" as const, tags }))),
    ]);
  }
  return people;
}

/** The activity's sign-ups as stored, in the order they were written. */
export const storedSignups = (activityId: string) =>
  db().select().from(activitySignups).where(eq(activitySignups.activityId, activityId)).orderBy(activitySignups.createdAt);
