import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { rsvps, users, type RsvpStatus } from "@worker/db/schema";
import { changeLogStatements, changesLogged, type ChangeEntry } from "@worker/domain/change-log";
import { personName } from "@worker/domain/people";
import { requireEventRole } from "@worker/domain/permissions";
import type { Bindings } from "@worker/env";
import { idChunks } from "@worker/lib/batch";
import { badRequest, conflict } from "@worker/lib/errors";
import { approve } from "./approve";
import { sendWithinLimits } from "./invitation-limits";
import { mailInvitations, recipientsOf } from "./invitations.service";
import { writeTransition } from "./rsvp-guard";
import { hostTransition, type PeopleChange } from "./rsvp-transitions";
import { RSVP_MESSAGES, type HostAction, type RsvpChange } from "./rsvp.schema";

const ATTEMPTS = 3;

/** A request rejected, told to the person who asked (label: their name); a resent invitation is not logged. */
function decisions(rows: { id: string; userId: string | null; name: string | null }[], to: RsvpStatus): ChangeEntry[] {
  const field = to === "HOST_APPROVAL_DENIED" ? "rejected" : null;
  if (!field) return [];
  return rows.flatMap((row) =>
    row.userId
      ? [
          {
            kind: "requests" as const,
            subjectType: "rsvp" as const,
            subjectId: row.id,
            field,
            label: row.name ?? "",
            oldValue: null,
            newValue: null,
            recipientId: row.userId,
            urgent: true,
          },
        ]
      : [],
  );
}

/**
 * A host's bulk action on RSVPs of the experience: all of them change or none. Every RSVP is checked
 * first (in the experience, not the host's own, in a status the action applies to); then one D1 batch
 * writes them, guarded against any of them having moved since it was read and the host having lost the role.
 */
export async function hostAction(
  env: Bindings,
  db: Db,
  userId: string,
  eventId: string,
  action: HostAction,
  ids: string[],
): Promise<PeopleChange<RsvpChange[]>> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const { event } = await requireEventRole(db, eventId, userId, ["owner", "host"]);
    const reads = idChunks(ids).map((chunk) =>
      db
        .select({ id: rsvps.id, status: rsvps.status, userId: rsvps.userId, name: personName.as("name") })
        .from(rsvps)
        .leftJoin(users, eq(users.id, rsvps.userId))
        .where(and(eq(rsvps.eventId, eventId), inArray(rsvps.id, chunk))),
    );
    const rows = (await db.batch(reads as [(typeof reads)[number], ...typeof reads])).flat();
    if (rows.length !== ids.length) throw badRequest(RSVP_MESSAGES.notInEvent);
    if (rows.some((row) => row.userId === userId)) throw badRequest(RSVP_MESSAGES.ownRsvp);
    const { to } = hostTransition(
      action,
      rows.map((row) => row.status),
    );

    if (to === "YES") {
      // In the order the organiser selected them: while places last, the first ones get them.
      const admitted = await approve(
        db,
        eventId,
        userId,
        ids.map((id) => rows.find((row) => row.id === id)!),
      );
      if (!admitted) continue;
      await changesLogged(env, eventId);
      return { answer: admitted, changed: rows.flatMap((row) => (row.userId ? [row.userId] : [])) };
    }
    const also = changeLogStatements(db, eventId, userId, decisions(rows, to));
    const write = () => writeTransition(db, eventId, rows, to, { organiserId: userId, also });
    // 'Resend Invite' mails the invitation again, within the mail limits: over the daily quota nothing changes (429).
    const written =
      to === "REQUESTED"
        ? await sendWithinLimits(env, db, userId, eventId, {
            candidates: (await recipientsOf(db, eventId, ids)).map((recipient) => recipient.email),
            write: async () => ((await write()) ? { result: true, recipients: await recipientsOf(db, eventId, ids) } : null),
            mail: (recipients) => mailInvitations(env, db, event, userId, recipients, "invitation"),
          })
        : await write();
    if (!written) continue;
    await changesLogged(env, eventId);
    // Each person's own page follows their new status (an approved requester becomes a participant).
    return { answer: ids.map((id) => ({ id, status: to })), changed: rows.flatMap((row) => (row.userId ? [row.userId] : [])) };
  }
  throw conflict(RSVP_MESSAGES.changed);
}
