import { eq } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { users } from "@worker/db/schema";
import type { Bindings } from "@worker/env";
import { badRequest } from "@worker/lib/errors";
import { readNotificationToken, type NotificationSubject } from "@worker/lib/mail/notification-links";
import { NOTIFICATION_MESSAGES, type TokenStatus } from "./notifications.schema";
import { readPreferences, setSwitches } from "./preferences.service";

/** The person and kind a notification e-mail's link names, or 400 when the link was not made by this app (or the person is gone). */
async function subjectOf(env: Bindings, db: Db, token: string): Promise<NotificationSubject & { email: string }> {
  const subject = await readNotificationToken(env, token);
  const [person] = subject ? await db.select({ email: users.email }).from(users).where(eq(users.id, subject.userId)) : [];
  if (!subject || !person) throw badRequest(NOTIFICATION_MESSAGES.badLink);
  return { ...subject, email: person.email };
}

/** What the link's page shows: the kind, the person's address, and whether that kind of e-mail reaches them. */
export async function linkStatus(env: Bindings, db: Db, token: string): Promise<TokenStatus> {
  const { userId, kind, email } = await subjectOf(env, db, token);
  return { kind, email, enabled: (await readPreferences(db, userId)).email[kind] };
}

/** The page's choice: that kind of e-mail on again, or off. */
export async function chooseLinkKind(env: Bindings, db: Db, token: string, enabled: boolean): Promise<TokenStatus> {
  const { userId, kind, email } = await subjectOf(env, db, token);
  await setSwitches(db, userId, { email: { [kind]: enabled } });
  return { kind, email, enabled };
}

/** A mail client's one-click unsubscribe (RFC 8058): that kind of e-mail stops; every other switch stays. */
export async function oneClickStop(env: Bindings, db: Db, token: string) {
  const { userId, kind } = await subjectOf(env, db, token);
  await setSwitches(db, userId, { email: { [kind]: false } });
}
