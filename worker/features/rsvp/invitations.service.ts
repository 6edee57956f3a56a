import { and, eq, inArray, min, or, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { activities, eventHosts, rsvps, users } from "@worker/db/schema";
import { requireEventRole, type EventRow } from "@worker/domain/permissions";
import { unsubscribeLinks } from "@worker/domain/unsubscribe-link";
import type { Bindings } from "@worker/env";
import { idChunks, rowsPerInsert } from "@worker/lib/batch";
import { forbidden } from "@worker/lib/errors";
import { mailImageUrl } from "@worker/lib/files";
import { createMailer } from "@worker/lib/mail/mailer";
import { placeLine } from "@worker/shared/places";
import { sendWithinLimits } from "./invitation-limits";
import { invitationLink } from "./invitation-link";
import { invitationMail, type InvitationKind, type Recipient } from "./invitation-mail";
import { guardedResults } from "./rsvp-guard";
import type { Invitations } from "./rsvp.schema";

export interface Invitee {
  email: string;
  firstName?: string;
  lastName?: string;
  tags?: string[];
}

/**
 * Mails the invitation (or its reminder) from `inviterId` to each recipient, through the outbox and the mail queue,
 * each with its own way to unsubscribe. Callers send within the limits (invitation-limits.ts).
 */
export async function mailInvitations(
  env: Bindings,
  db: Db,
  event: EventRow,
  inviterId: string,
  recipients: Recipient[],
  kind: InvitationKind,
): Promise<number> {
  if (recipients.length === 0) return 0;
  const [[inviter], [first]] = await db.batch([
    db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, inviterId)).limit(1),
    db
      .select({ startTime: min(activities.startTime) })
      .from(activities)
      .where(eq(activities.eventId, event.id)),
  ]);
  const invitation = {
    eventId: event.id,
    eventName: event.name,
    startTime: event.startTime,
    endTime: event.endTime,
    timeZone: event.timeZone,
    firstActivityStart: first?.startTime ?? null,
    // '' when the inviter has no name: each mail says "A host" in its reader's language.
    inviterName: `${inviter?.firstName ?? ""} ${inviter?.lastName ?? ""}`.trim(),
    appOrigin: env.APP_ORIGIN,
    coverUrl: await mailImageUrl(env, event.image),
    venue: placeLine(event.venue),
    language: event.language,
  };
  // A generator, so a 10,000-guest import never holds every message in memory at once.
  async function* mails() {
    for (const recipient of recipients) {
      const links = {
        open: await invitationLink(env, event.id, recipient.email),
        unsubscribe: await unsubscribeLinks(env, { email: recipient.email, eventId: event.id }),
      };
      yield invitationMail(invitation, recipient, kind, links);
    }
  }
  return createMailer(env, db).sendMany(mails());
}

/** Who the RSVPs with these ids belong to, as an invitation addresses them (the account's address and name first). */
export async function recipientsOf(db: Db, eventId: string, rsvpIds: string[]): Promise<Recipient[]> {
  if (rsvpIds.length === 0) return [];
  // Separate statements, not one batch: D1's batch keys rows by column name, and both tables have first_name.
  const rows = await Promise.all(
    idChunks(rsvpIds).map((chunk) =>
      db
        .select({
          email: rsvps.email,
          rsvpFirstName: rsvps.firstName,
          accountEmail: users.email,
          accountFirstName: users.firstName,
          language: users.language,
        })
        .from(rsvps)
        .leftJoin(users, eq(users.id, rsvps.userId))
        .where(and(eq(rsvps.eventId, eventId), inArray(rsvps.id, chunk))),
    ),
  );
  // An account's current address wins over the one the invitation was sent to (as the attendee list shows it).
  return rows.flat().map((row) => ({
    email: row.accountEmail ?? row.email,
    firstName: row.accountFirstName ?? row.rsvpFirstName,
    hasAccount: row.accountEmail !== null,
    language: row.language,
  }));
}

/**
 * Invites people to an experience by e-mail (owner or hosts only). Each new address gets a REQUESTED RSVP
 * (on its account when one exists) and one invitation mail, within the mail limits (invitation-limits.ts): over the
 * inviter's daily quota nothing is written (429); an address that unsubscribed or reached today's cap is invited but
 * not mailed, and answered in `unreachable`. The owner, the hosts, and anyone holding an RSVP
 * in any status are "already invited" and get nothing. The insert skips addresses the (event, email) unique
 * index already holds, and only rows it returns are mailed, so the same address invited twice at once gets
 * one RSVP and one mail.
 */
export async function inviteMany(env: Bindings, db: Db, inviterId: string, eventId: string, invitees: Invitee[]): Promise<Invitations> {
  const { event } = await requireEventRole(db, eventId, inviterId, ["owner", "host"]);
  const byEmail = new Map<string, Invitee>();
  for (const invitee of invitees) if (!byEmail.has(invitee.email)) byEmail.set(invitee.email, invitee);
  const emails = [...byEmail.keys()];
  if (emails.length === 0) return { invited: [], alreadyInvited: [], unreachable: [] };

  const accountReads = idChunks(emails).map((chunk) =>
    db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        language: users.language,
        // An RSVP on the account under another address (the account's e-mail changed since) counts as one here.
        hasRsvp: sql<number>`exists(select 1 from rsvps r where r.event_id = ${eventId} and r.user_id = ${users.id})`,
      })
      .from(users)
      .where(inArray(users.email, chunk)),
  );
  const [organisers, ...accountChunks] = await db.batch([
    db
      .select({ email: users.email })
      .from(users)
      .where(
        or(
          eq(users.id, event.ownerId),
          inArray(users.id, db.select({ id: eventHosts.userId }).from(eventHosts).where(eq(eventHosts.eventId, eventId))),
        ),
      ),
    ...accountReads,
  ]);
  const organiserEmails = new Set(organisers.map((o) => o.email));
  const accounts = new Map(accountChunks.flat().map((account) => [account.email, account]));

  const candidates = emails.filter((email) => !organiserEmails.has(email) && !accounts.get(email)?.hasRsvp);
  if (candidates.length === 0) return { invited: [], alreadyInvited: emails, unreachable: [] };

  const sent = await sendWithinLimits(env, db, inviterId, eventId, {
    candidates,
    write: async () => {
      const rows = candidates.map((email) => {
        const invitee = byEmail.get(email)!;
        return {
          id: crypto.randomUUID(),
          eventId,
          userId: accounts.get(email)?.id ?? null,
          email,
          status: "REQUESTED" as const,
          firstName: invitee.firstName ?? "",
          lastName: invitee.lastName ?? "",
          tags: invitee.tags ?? [],
          invitedById: inviterId,
        };
      });
      const inserts = idChunks(rows, rowsPerInsert(rsvps)).map((chunk) =>
        db
          .insert(rsvps)
          .values(chunk)
          .onConflictDoNothing({ target: [rsvps.eventId, rsvps.email] })
          .returning({ email: rsvps.email }),
      );
      // Behind the organiser guard: a host removed while this request ran invites no one.
      const results = await guardedResults(db, eventId, { organiserId: inviterId }, inserts);
      if (results === null) throw forbidden();
      const inserted = new Set((results as { email: string }[][]).flat().map((row) => row.email));
      const invited = candidates.filter((email) => inserted.has(email));
      const recipients = invited.map((email) => {
        const account = accounts.get(email);
        return {
          email,
          firstName: account?.firstName ?? byEmail.get(email)!.firstName ?? "",
          hasAccount: account !== undefined,
          language: account?.language ?? null,
        };
      });
      return { result: invited, recipients };
    },
    mail: (recipients) => mailInvitations(env, db, event, inviterId, recipients, "invitation"),
  });
  const invited = sent?.result ?? [];
  const invitedNow = new Set(invited);
  return { invited, alreadyInvited: emails.filter((email) => !invitedNow.has(email)), unreachable: sent?.unreachable ?? [] };
}
