import { and, eq } from "drizzle-orm";
import { rsvps } from "@worker/db/schema";
import { apiAs } from "./client";
import { db } from "./helpers";

export const attendees = (eventId: string, token: string, query: { as?: string } = {}) =>
  // `as` stays a plain string so that tests can send values the schema refuses.
  apiAs(token).api.rsvp.event[":eventId"].$get({ param: { eventId }, query: query as { as?: "guest" } });
export const ownRsvp = (eventId: string, token: string) => apiAs(token).api.rsvp.event.self[":eventId"].$get({ param: { eventId } });
export const respond = (eventId: string, token: string, status: "YES" | "NO") =>
  apiAs(token).api.rsvp.respond[":eventId"].$put({ param: { eventId }, json: { status } });
export const hostAction = (token: string, eventId: string, status: "YES" | "NO" | "REQUESTED", ids: string[]) =>
  apiAs(token).api.rsvp.$put({ json: { eventId, status, rsvps: ids } });
export const invite = (token: string, eventId: string, invitees: string[]) => apiAs(token).api.rsvp.$post({ json: { eventId, invitees } });
export const remind = (token: string, eventId: string) => apiAs(token).api.rsvp.request[":eventId"].$post({ param: { eventId } });

/** The stored RSVP of this user for this event, or null. */
export async function storedRsvp(eventId: string, userId: string) {
  const [row] = await db()
    .select()
    .from(rsvps)
    .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, userId)));
  return row ?? null;
}
