import { and, count, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { events, rsvps, type RsvpStatus } from "@worker/db/schema";
import { requireEventRole } from "@worker/domain/permissions";
import type { Bindings } from "@worker/env";
import { tooManyRequests } from "@worker/lib/errors";
import { mailInvitations, recipientsOf } from "./invitations.service";
import { RSVP_MESSAGES } from "./rsvp.schema";

/** Invitations still waiting for an answer. */
const PENDING_STATUSES: RsvpStatus[] = ["REQUESTED", "ONBOARD_REQUESTED"];
const HOUR_MS = 60 * 60 * 1000;
/** An experience's pending invitations are reminded at most once a day, however often hosts click 'Send reminder'. */
export const REMINDER_INTERVAL_MS = 24 * HOUR_MS;
/** Nobody is reminded of an invitation (or a resent one) less than an hour old: they have barely seen it. */
const REMINDER_GRACE_MS = HOUR_MS;

/**
 * Mails a reminder to every pending invitation of the experience (owner or hosts only) sent more than an hour ago;
 * answers how many were mailed. The experience's day is claimed by one conditional UPDATE, so of clicks landing at
 * once one reminds and the others are told 'Reminders can be sent once a day'; a click with no one to remind does
 * not use the day up.
 */
export async function remindPending(env: Bindings, db: Db, userId: string, eventId: string): Promise<number> {
  const { event } = await requireEventRole(db, eventId, userId, ["owner", "host"]);
  const now = new Date();
  const due = and(
    eq(rsvps.eventId, eventId),
    inArray(rsvps.status, PENDING_STATUSES),
    lt(sql`coalesce(${rsvps.updatedAt}, ${rsvps.createdAt})`, now.getTime() - REMINDER_GRACE_MS),
  );
  const [pending] = await db.select({ n: count() }).from(rsvps).where(due);
  if (!pending?.n) return 0;

  const claimed = await db
    .update(events)
    .set({ remindedAt: now })
    .where(
      and(eq(events.id, eventId), or(isNull(events.remindedAt), lt(events.remindedAt, new Date(now.getTime() - REMINDER_INTERVAL_MS)))),
    )
    .returning({ id: events.id });
  if (claimed.length === 0) throw tooManyRequests(RSVP_MESSAGES.remindedToday);

  const reminded = await db.update(rsvps).set({ remindedAt: now }).where(due).returning({ id: rsvps.id });
  const recipients = await recipientsOf(
    db,
    eventId,
    reminded.map((row) => row.id),
  );
  return mailInvitations(env, db, event, userId, recipients, "reminder");
}
