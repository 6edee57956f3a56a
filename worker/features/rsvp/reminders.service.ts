import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { events, rsvps, type RsvpStatus } from "@worker/db/schema";
import { requireEventRole } from "@worker/domain/permissions";
import type { Bindings } from "@worker/env";
import { tooManyRequests } from "@worker/lib/errors";
import { sendWithinLimits } from "./invitation-limits";
import { mailInvitations, recipientsOf } from "./invitations.service";
import { RSVP_MESSAGES, type Reminders } from "./rsvp.schema";

/** Invitations still waiting for an answer. */
export const PENDING_STATUSES: RsvpStatus[] = ["REQUESTED", "ONBOARD_REQUESTED"];
const HOUR_MS = 60 * 60 * 1000;
/** An experience's pending invitations are reminded at most once a day, however often hosts click 'Send reminder'. */
export const REMINDER_INTERVAL_MS = 24 * HOUR_MS;
/** Nobody is reminded of an invitation (or a resent one) less than an hour old: they have barely seen it. */
const REMINDER_GRACE_MS = HOUR_MS;

/**
 * Mails a reminder to every pending invitation of the experience (owner or hosts only) sent more than an hour ago,
 * within the mail limits (invitation-limits.ts); answers how many were mailed and who could not be. The experience's
 * day is claimed by one conditional UPDATE, so of clicks landing at once one reminds and the others are told
 * 'Reminders were already sent today'; a click with no one to remind does not use the day up, and its answer says why
 * (`nobody`).
 */
export async function remindPending(env: Bindings, db: Db, userId: string, eventId: string): Promise<Reminders> {
  const { event } = await requireEventRole(db, eventId, userId, ["owner", "host"]);
  const now = new Date();
  const due = and(
    eq(rsvps.eventId, eventId),
    inArray(rsvps.status, PENDING_STATUSES),
    lt(sql`coalesce(${rsvps.updatedAt}, ${rsvps.createdAt})`, now.getTime() - REMINDER_GRACE_MS),
  );
  const waiting = await db
    .select({ id: rsvps.id, since: sql<number>`coalesce(${rsvps.updatedAt}, ${rsvps.createdAt})` })
    .from(rsvps)
    .where(and(eq(rsvps.eventId, eventId), inArray(rsvps.status, PENDING_STATUSES)));
  const pending = waiting.filter((row) => row.since < now.getTime() - REMINDER_GRACE_MS);
  if (pending.length === 0) return { reminded: 0, unreachable: [], nobody: waiting.length ? "TOO_RECENT" : "NONE_PENDING" };
  const candidates = await recipientsOf(
    db,
    eventId,
    pending.map((row) => row.id),
  );

  const sent = await sendWithinLimits(env, db, userId, eventId, {
    candidates: candidates.map((recipient) => recipient.email),
    write: async () => {
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
      return { result: null, recipients };
    },
    mail: (recipients) => mailInvitations(env, db, event, userId, recipients, "reminder"),
  });
  return { reminded: sent?.mailed ?? 0, unreachable: sent?.unreachable ?? [] };
}
