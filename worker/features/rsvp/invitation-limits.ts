import type { Db } from "@worker/db/client";
import { stoppedAddresses } from "@worker/domain/unsubscribe-link";
import type { Bindings } from "@worker/env";
import { tooManyRequests } from "@worker/lib/errors";
import { claimCount, claimOneEach, countsToday, releaseCount, utcDay } from "@worker/lib/mail/mail-counts";
import { DAILY_QUOTA, type Unreachable, UNREACHABLE_REASONS, PER_ADDRESS_PER_DAY } from "./rsvp.schema";

// The limits on invitation and reminder mail, kept in the mail ledger (lib/mail/mail-counts.ts) and the suppression list:
// an account sends at most INVITATIONS_PER_DAY a UTC day (the whole request is refused beyond it, before anything is
// written); an address receives at most PER_ADDRESS_PER_DAY from the whole product, whoever sends them; an address
// that unsubscribed gets none. The last two are reported to the inviter as not reachable.

const senderKey = (userId: string) => `sender:${userId}`;
const addressKey = (email: string) => `to:${email}`;

const invitationsPerDay = (env: Pick<Bindings, "INVITATIONS_PER_DAY">) => Number(env.INVITATIONS_PER_DAY) || 1000;

/** The addresses that unsubscribed from this experience's invitations, or from everyone's, and why. */
async function suppressed(db: Db, eventId: string, emails: string[]): Promise<Map<string, string>> {
  const stopped = await stoppedAddresses(db, eventId, emails);
  return new Map(
    [...stopped].map(([email, scope]) => [
      email,
      scope === "everyone" ? UNREACHABLE_REASONS.unsubscribedAll : UNREACHABLE_REASONS.unsubscribedHere,
    ]),
  );
}

/** How many of these addresses could be mailed now: not unsubscribed, not at today's cap (a read, for the quota's claim). */
async function reachableCount(db: Db, eventId: string, emails: string[]): Promise<number> {
  const [reasons, counts] = await Promise.all([suppressed(db, eventId, emails), countsToday(db, emails.map(addressKey))]);
  return emails.filter((email) => !reasons.has(email) && (counts.get(addressKey(email)) ?? 0) < PER_ADDRESS_PER_DAY).length;
}

export interface Mailable {
  email: string;
}

export interface LimitedSend<T, R extends Mailable> {
  /** The addresses the request may mail, read before anything is written: the quota is claimed for them. */
  candidates: string[];
  /** The request's writes; answers its result and whom to mail, or null when it wrote nothing (the claim is given back). */
  write: () => Promise<{ result: T; recipients: R[] } | null>;
  /** Mails the recipients that may be mailed; answers how many. */
  mail: (recipients: R[]) => Promise<number>;
}

/**
 * Runs an invitation or reminder send within the limits. The sender's quota is claimed for the reachable candidates
 * first, by one conditional upsert: over the quota, the request is refused with 429 naming the limit and nothing is
 * written. Then the writes; then each recipient's daily count is claimed and the mail goes to those within it. What
 * of the claim was not used is given back.
 */
export async function sendWithinLimits<T, R extends Mailable>(
  env: Bindings,
  db: Db,
  senderId: string,
  eventId: string,
  send: LimitedSend<T, R>,
): Promise<{ result: T; mailed: number; unreachable: Unreachable[] } | null> {
  const now = new Date();
  const limit = invitationsPerDay(env);
  const reserved = await reachableCount(db, eventId, send.candidates);
  if (!(await claimCount(db, senderKey(senderId), reserved, limit, now))) {
    const used = (await countsToday(db, [senderKey(senderId)], now)).get(senderKey(senderId)) ?? 0;
    throw tooManyRequests(DAILY_QUOTA, { limit, left: Math.max(0, limit - used) });
  }
  let mailed = 0;
  try {
    const written = await send.write();
    if (written === null) return null;
    const reasons = await suppressed(
      db,
      eventId,
      written.recipients.map((r) => r.email),
    );
    // Never more than the claim: recipients who were not candidates (an address changed meanwhile) wait for a reminder.
    const open = written.recipients.filter((r) => !reasons.has(r.email)).slice(0, reserved);
    const claimed = await claimOneEach(
      db,
      open.map((r) => addressKey(r.email)),
      PER_ADDRESS_PER_DAY,
      now,
    );
    const unreachable: Unreachable[] = written.recipients.flatMap((r) => {
      const reason = reasons.get(r.email) ?? (claimed.has(addressKey(r.email)) ? null : UNREACHABLE_REASONS.dailyCap);
      return reason ? [{ email: r.email, reason }] : [];
    });
    mailed = await send.mail(open.filter((r) => claimed.has(addressKey(r.email))));
    return { result: written.result, mailed, unreachable };
  } finally {
    await releaseCount(db, senderKey(senderId), reserved - mailed, utcDay(now));
  }
}
