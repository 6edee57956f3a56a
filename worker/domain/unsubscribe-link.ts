import { and, inArray } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { EVERYONE_SCOPE, mailSuppressions } from "@worker/db/schema";
import type { Bindings } from "@worker/env";
import { idChunks } from "@worker/lib/batch";
import { readFields, signFields } from "@worker/lib/signed-token";

// An invitation's way out: a signed token naming the address and the experience it was invited to. It never expires
// (a mail read a year later still works) and needs no sign-in: whoever holds the mail may stop what it is about.

/** The page the link in an invitation opens (web/src/features/unsubscribe). */
const UNSUBSCRIBE_PAGE = "/unsubscribe";
/** Where mail clients POST `List-Unsubscribe=One-Click` (RFC 8058). */
const ONE_CLICK_PATH = "/oapi/unsubscribe/one-click";

export interface UnsubscribeSubject {
  email: string;
  eventId: string;
}

const PURPOSE = "unsubscribe";

/** The address and experience a token names, or null when it was not made by this app (or was altered). */
export async function readUnsubscribeToken(env: Pick<Bindings, "JWT_SECRET">, token: string): Promise<UnsubscribeSubject | null> {
  const [email, eventId, extra] = (await readFields(env, PURPOSE, token)) ?? [];
  return email && eventId && extra === undefined ? { email, eventId } : null;
}

/** The two ways out an invitation carries: the page its body links to, and the one-click URL of its headers. */
export async function unsubscribeLinks(env: Pick<Bindings, "JWT_SECRET" | "APP_ORIGIN">, subject: UnsubscribeSubject) {
  const token = encodeURIComponent(await signFields(env, PURPOSE, [subject.email, subject.eventId]));
  return { page: `${env.APP_ORIGIN}${UNSUBSCRIBE_PAGE}?token=${token}`, oneClick: `${env.APP_ORIGIN}${ONE_CLICK_PATH}?token=${token}` };
}

/**
 * Which of these addresses stopped this experience's mail (`experience`) or everyone's (`everyone`, which wins): read
 * before every invitation, reminder and 'Your pass' e-mail.
 */
export async function stoppedAddresses(db: Db, eventId: string, emails: string[]): Promise<Map<string, "experience" | "everyone">> {
  const reads = idChunks(emails, 80).map((chunk) =>
    db
      .select({ email: mailSuppressions.email, scope: mailSuppressions.scope })
      .from(mailSuppressions)
      .where(and(inArray(mailSuppressions.email, chunk), inArray(mailSuppressions.scope, [eventId, EVERYONE_SCOPE]))),
  );
  const [first, ...rest] = reads;
  const stopped = new Map<string, "experience" | "everyone">();
  for (const row of first ? (await db.batch([first, ...rest])).flat() : [])
    if (row.scope === EVERYONE_SCOPE || !stopped.has(row.email))
      stopped.set(row.email, row.scope === EVERYONE_SCOPE ? "everyone" : "experience");
  return stopped;
}
