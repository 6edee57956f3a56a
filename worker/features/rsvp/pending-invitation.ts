import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { rsvps } from "@worker/db/schema";
import { requireEventRole } from "@worker/domain/permissions";
import { notFound } from "@worker/lib/errors";
import { PENDING_STATUSES } from "./reminders.service";
import { NOT_PENDING } from "./rsvp.schema";

/** The condition that an RSVP of the experience is still a pending invitation: what resend and withdraw act on. */
export const stillPending = (eventId: string, rsvpId: string) =>
  and(eq(rsvps.id, rsvpId), eq(rsvps.eventId, eventId), inArray(rsvps.status, PENDING_STATUSES));

/** The organiser's experience and its pending invitation `rsvpId`; 404 when it was answered, withdrawn or never was. */
export async function requirePendingInvitation(db: Db, eventId: string, userId: string, rsvpId: string) {
  const { event } = await requireEventRole(db, eventId, userId, ["owner", "host"]);
  const [rsvp] = await db.select({ id: rsvps.id }).from(rsvps).where(stillPending(eventId, rsvpId)).limit(1);
  if (!rsvp) throw notFound(NOT_PENDING);
  return event;
}
