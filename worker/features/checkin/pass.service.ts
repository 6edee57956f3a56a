import { and, eq, inArray, isNull, max, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { checkins, passes, rsvps, users } from "@worker/db/schema";
import { ownRsvp } from "@worker/domain/own-rsvp";
import { eventRole, type EventRow } from "@worker/domain/permissions";
import { stoppedAddresses, unsubscribeLinks } from "@worker/domain/unsubscribe-link";
import type { Bindings } from "@worker/env";
import { idChunks } from "@worker/lib/batch";
import { notFound, tooManyRequests } from "@worker/lib/errors";
import { claimCount, claimOneEach } from "@worker/lib/mail/mail-counts";
import { createMailer } from "@worker/lib/mail/mailer";
import { passQrSvg } from "@worker/shared/pass-qr";
import { requireCheckinOrganiser } from "./checkin-access";
import { CHECKIN_MESSAGES, type Pass } from "./checkin.schema";
import { passKey } from "./pass-keys";
import { passMail, type PassHolder } from "./pass-mail";
import { currentPass, issueMissingPasses, signPassRow } from "./passes";

// The guest's pass (docs/checkin.md): read on their event page, and mailed as 'Your pass'. The mail is limited in the
// mail ledger (lib/mail/mail-counts.ts): a guest asks for theirs at most SELF_MAILS_PER_DAY times a UTC day; organisers'
// 'E-mail passes' mails each pass serial once, and an address at most ORGANISER_MAILS_PER_ADDRESS a day (reissues).

export const SELF_MAILS_PER_DAY = 3;
export const ORGANISER_MAILS_PER_ADDRESS = 3;

export const PASS_MAIL_MESSAGES = {
  selfLimit: /*i18n*/ "You can e-mail yourself your pass 3 times a day. Try again tomorrow.",
} as const;

/** The caller's attending RSVP, or 404: 'Event not found' for a stranger to a private experience, else noPass. */
async function attendingRsvp(db: Db, eventId: string, userId: string) {
  const found = await eventRole(db, eventId, userId);
  if (!found) throw notFound(/*i18n*/ "Event not found");
  const { rsvp } = await ownRsvp(db, eventId, userId);
  if (rsvp?.status === "YES") return { event: found.event, rsvpId: rsvp.id };
  if (found.role === "none" && found.event.privacy === "PRIVATE") throw notFound(/*i18n*/ "Event not found");
  throw notFound(CHECKIN_MESSAGES.noPass);
}

/** Who holds these RSVPs: the account's name and address first, else the invitation's. */
async function holdersOf(db: Db, eventId: string, rsvpIds: string[]) {
  const rows = await Promise.all(
    idChunks(rsvpIds).map((chunk) =>
      db
        .select({
          rsvpId: rsvps.id,
          email: sql<string>`coalesce(${users.email}, ${rsvps.email})`,
          firstName: sql<string>`coalesce(${users.firstName}, ${rsvps.firstName})`,
          lastName: sql<string>`coalesce(${users.lastName}, ${rsvps.lastName})`,
          language: users.language,
        })
        .from(rsvps)
        .leftJoin(users, eq(users.id, rsvps.userId))
        .where(and(eq(rsvps.eventId, eventId), inArray(rsvps.id, chunk))),
    ),
  );
  return new Map(rows.flat().map((row) => [row.rsvpId, { ...row, name: `${row.firstName} ${row.lastName}`.trim() || row.email }] as const));
}

/** The caller's pass (issued now if they have none yet), with when they were last admitted. */
export async function ownPass(env: Bindings, db: Db, eventId: string, userId: string): Promise<Pass> {
  const { rsvpId } = await attendingRsvp(db, eventId, userId);
  const pass = await currentPass(db, env, eventId, rsvpId);
  if (!pass) throw notFound(CHECKIN_MESSAGES.noPass);
  const [holders, [admitted]] = await Promise.all([
    holdersOf(db, eventId, [rsvpId]),
    db
      .select({ at: max(checkins.scannedAt) })
      .from(checkins)
      .where(and(eq(checkins.eventId, eventId), eq(checkins.rsvpId, rsvpId), isNull(checkins.undoneAt))),
  ]);
  return {
    eventId,
    rsvpId,
    serial: pass.serial,
    token: pass.token,
    qrSvg: await passQrSvg(pass.token),
    issuedAt: pass.issuedAt.toISOString(),
    name: holders.get(rsvpId)?.name ?? "",
    checkedInAt: admitted?.at ? admitted.at.toISOString() : null,
  };
}

/** Queues one 'Your pass' e-mail per holder, through the outbox and the mail queue. */
async function mailPassesTo(env: Bindings, db: Db, event: EventRow, holders: PassHolder[]): Promise<number> {
  const experience = {
    name: event.name,
    startTime: event.startTime,
    endTime: event.endTime,
    timeZone: event.timeZone,
    appOrigin: env.APP_ORIGIN,
    language: event.language,
  };
  async function* mails() {
    for (const holder of holders)
      yield passMail(experience, holder, await unsubscribeLinks(env, { email: holder.email, eventId: event.id }));
  }
  return createMailer(env, db).sendMany(mails());
}

/** The caller asked for their pass by e-mail: sent now, even if they stopped the experience's mail, within their daily limit. */
export async function mailOwnPass(env: Bindings, db: Db, eventId: string, userId: string): Promise<void> {
  const { event, rsvpId } = await attendingRsvp(db, eventId, userId);
  const pass = await currentPass(db, env, eventId, rsvpId);
  if (!pass) throw notFound(CHECKIN_MESSAGES.noPass);
  if (!(await claimCount(db, `pass-self:${rsvpId}`, 1, SELF_MAILS_PER_DAY))) throw tooManyRequests(PASS_MAIL_MESSAGES.selfLimit);
  const holder = (await holdersOf(db, eventId, [rsvpId])).get(rsvpId);
  if (!holder) throw notFound(CHECKIN_MESSAGES.noPass);
  await mailPassesTo(env, db, event, [{ ...holder, serial: pass.serial, token: pass.token }]);
  await db.update(passes).set({ mailedAt: new Date() }).where(eq(passes.serial, pass.serial));
}

/**
 * 'E-mail passes' (owner and hosts): every attending guest whose current pass was never mailed gets it, except addresses
 * that stopped the experience's mail or had ORGANISER_MAILS_PER_ADDRESS today. Each pass is claimed by one conditional
 * update (mailed_at from null), so presses landing at once mail each guest once; a pass skipped for the daily cap is
 * given back for a later press. Answers how many were queued.
 */
export async function mailPasses(env: Bindings, db: Db, eventId: string, organiserId: string): Promise<number> {
  // As every organisers' call: a guest is told why (403), anyone else (requested, declined, removed, waitlisted) 404.
  const event = await requireCheckinOrganiser(db, eventId, organiserId);
  await issueMissingPasses(db, eventId);
  const unmailed = await db
    .select({ serial: passes.serial, rsvpId: passes.rsvpId, issuedAt: passes.issuedAt })
    .from(passes)
    .innerJoin(rsvps, eq(rsvps.id, passes.rsvpId))
    .where(and(eq(passes.eventId, eventId), isNull(passes.revokedAt), isNull(passes.mailedAt), eq(rsvps.status, "YES")));
  const holders = await holdersOf(
    db,
    eventId,
    unmailed.map((pass) => pass.rsvpId!),
  );
  const stopped = await stoppedAddresses(
    db,
    eventId,
    [...holders.values()].map((holder) => holder.email),
  );
  const open = unmailed.filter((pass) => !stopped.has(holders.get(pass.rsvpId!)?.email ?? ""));
  const now = new Date();
  const claimed = (
    await Promise.all(
      idChunks(open.map((pass) => pass.serial)).map((chunk) =>
        db
          .update(passes)
          .set({ mailedAt: now })
          .where(and(inArray(passes.serial, chunk), isNull(passes.mailedAt), isNull(passes.revokedAt)))
          .returning({ serial: passes.serial }),
      ),
    )
  ).flat();
  const mine = new Set(claimed.map((row) => row.serial));
  const passesClaimed = open.filter((pass) => mine.has(pass.serial));
  const addressKey = (pass: (typeof open)[number]) => `pass-to:${holders.get(pass.rsvpId!)!.email}`;
  const withinCap = await claimOneEach(db, passesClaimed.map(addressKey), ORGANISER_MAILS_PER_ADDRESS, now);
  const over = passesClaimed.filter((pass) => !withinCap.has(addressKey(pass))).map((pass) => pass.serial);
  for (const chunk of idChunks(over)) await db.update(passes).set({ mailedAt: null }).where(inArray(passes.serial, chunk));
  const key = await passKey(db, env, eventId);
  const recipients: PassHolder[] = [];
  for (const pass of passesClaimed.filter((p) => withinCap.has(addressKey(p))))
    recipients.push({ ...holders.get(pass.rsvpId!)!, serial: pass.serial, token: await signPassRow(key, eventId, pass.rsvpId!, pass) });
  return mailPassesTo(env, db, event, recipients);
}
