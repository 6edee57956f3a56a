import { and, eq } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { rsvps } from "@worker/db/schema";
import type { Bindings } from "@worker/env";
import { notFound } from "@worker/lib/errors";
import { readInvitationToken } from "./invitation-link";
import { PENDING_STATUSES } from "./reminders.service";
import { INVITATION_NOT_FOUND, type InvitationView } from "./rsvp.schema";

/**
 * What an invitation link names, for the share page of a signed-out guest (docs/guests.md): the address and the names
 * the organiser gave. Anyone holding the link learns them, as anyone holding the mail does; a token this app did not
 * sign, or an invitation withdrawn since, answers 404.
 */
export async function readInvitation(env: Bindings, db: Db, token: string): Promise<InvitationView> {
  const named = await readInvitationToken(env, token);
  if (!named) throw notFound(INVITATION_NOT_FOUND);
  const [rsvp] = await db
    .select({ status: rsvps.status, firstName: rsvps.firstName, lastName: rsvps.lastName })
    .from(rsvps)
    .where(and(eq(rsvps.eventId, named.eventId), eq(rsvps.email, named.email)))
    .limit(1);
  if (!rsvp) throw notFound(INVITATION_NOT_FOUND);
  return { ...named, firstName: rsvp.firstName, lastName: rsvp.lastName, pending: PENDING_STATUSES.includes(rsvp.status) };
}
