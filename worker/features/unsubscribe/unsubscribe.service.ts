import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { events, EVERYONE_SCOPE, mailSuppressions } from "@worker/db/schema";
import { readUnsubscribeToken, type UnsubscribeSubject } from "@worker/domain/unsubscribe-link";
import type { Bindings } from "@worker/env";
import { badRequest } from "@worker/lib/errors";
import { UNSUBSCRIBE_MESSAGES, type UnsubscribeChoice, type UnsubscribeStatus } from "./unsubscribe.schema";

/** The address and experience a link names, or 400 when the link was not made by this app. */
export async function subjectOf(env: Bindings, token: string): Promise<UnsubscribeSubject> {
  const subject = await readUnsubscribeToken(env, token);
  if (!subject) throw badRequest(UNSUBSCRIBE_MESSAGES.badLink);
  return subject;
}

export async function unsubscribeStatus(db: Db, { email, eventId }: UnsubscribeSubject): Promise<UnsubscribeStatus> {
  const [experiences, scopes] = await db.batch([
    db.select({ name: events.name }).from(events).where(eq(events.id, eventId)).limit(1),
    db
      .select({ scope: mailSuppressions.scope })
      .from(mailSuppressions)
      .where(and(eq(mailSuppressions.email, email), inArray(mailSuppressions.scope, [eventId, EVERYONE_SCOPE]))),
  ]);
  const held = new Set(scopes.map((row) => row.scope));
  return { email, experienceName: experiences[0]?.name ?? null, experience: held.has(eventId), everyone: held.has(EVERYONE_SCOPE) };
}

/**
 * Sets what the address receives, in one D1 batch: each scope chosen is added (once), each not chosen removed. The
 * invitation mail reads these before every send (rsvp/invitation-limits.ts).
 */
export async function chooseInvitations(db: Db, subject: UnsubscribeSubject, choice: UnsubscribeChoice): Promise<UnsubscribeStatus> {
  const scope = (chosen: boolean, name: string) =>
    chosen
      ? db.insert(mailSuppressions).values({ email: subject.email, scope: name }).onConflictDoNothing()
      : db.delete(mailSuppressions).where(and(eq(mailSuppressions.email, subject.email), eq(mailSuppressions.scope, name)));
  await db.batch([scope(choice.experience, subject.eventId), scope(choice.everyone, EVERYONE_SCOPE)]);
  return unsubscribeStatus(db, subject);
}

/** The one-click unsubscribe of a mail client: this experience's invitations stop; a choice already made stays. */
export async function unsubscribeOneClick(db: Db, subject: UnsubscribeSubject): Promise<void> {
  await db.insert(mailSuppressions).values({ email: subject.email, scope: subject.eventId }).onConflictDoNothing();
}
