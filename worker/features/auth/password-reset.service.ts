import { and, count, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { passwordResets, users } from "@worker/db/schema";
import type { Bindings } from "@worker/env";
import { hashPassword } from "@worker/lib/auth/passwords";
import { randomToken, sha256Hex } from "@worker/lib/crypto";
import { badRequest, notFound } from "@worker/lib/errors";
import { createMailer } from "@worker/lib/mail/mailer";
import { recipientI18n } from "@worker/lib/mail/recipient-language";
import { findAccount } from "./accounts";
import { resetLinkMail } from "./auth-mail";
import type { ResetPasswordByOtpInput } from "./auth.schema";
import { consumeVerifiedOtp } from "./otp.service";
import { revokeAllSessions } from "./session.service";

const HOUR = 60 * 60 * 1000;
const LINK_TTL = HOUR;
const LINKS_PER_HOUR = 3;

export const RESET_LINK_SENT = {
  success: true,
  message: /*i18n*/ "If an account exists for this email, a reset link has been sent.",
} as const;

/**
 * Mails a single-use reset link built from APP_ORIGIN (never from the request's Host, which a caller
 * controls). Unknown addresses and accounts over the hourly limit get no mail.
 */
async function mailResetLink(env: Bindings, db: Db, identifier: string, locale?: string): Promise<void> {
  const user = await findAccount(db, identifier);
  if (!user) return;

  // Stored and counted in one transaction, so requests sent at once cannot all pass the hourly limit.
  const resetPasswordId = randomToken();
  const tokenHash = await sha256Hex(resetPasswordId);
  const [, [recent]] = await db.batch([
    db.insert(passwordResets).values({ tokenHash, userId: user.id, expiresAt: new Date(Date.now() + LINK_TTL) }),
    db
      .select({ n: count() })
      .from(passwordResets)
      .where(and(eq(passwordResets.userId, user.id), gt(passwordResets.createdAt, new Date(Date.now() - HOUR)))),
  ]);
  if ((recent?.n ?? 0) > LINKS_PER_HOUR) {
    await db.delete(passwordResets).where(eq(passwordResets.tokenHash, tokenHash));
    return;
  }
  const link = `${env.APP_ORIGIN}/reset-password/${resetPasswordId}`;
  const i18n = recipientI18n({ account: user.language, asked: locale });
  await createMailer(env, db).send(resetLinkMail(user.email, user.firstName, link, i18n));
}

/**
 * Answers at once, the same for every address, and does the work after the response (`background`
 * is the request's waitUntil), so neither the answer nor the time it takes tells which accounts exist.
 */
export function sendResetLink(
  env: Bindings,
  db: Db,
  identifier: string,
  background: (work: Promise<void>) => void,
  locale?: string,
): typeof RESET_LINK_SENT {
  background(mailResetLink(env, db, identifier, locale).catch((error: unknown) => console.error("Reset link: could not send", error)));
  return RESET_LINK_SENT;
}

/** A new password ends every sign-in of the account: whoever knew the old one is out. */
async function setPassword(env: Bindings, db: Db, userId: string, password: string) {
  const passwordHash = await hashPassword(env.PASSWORD_PEPPER, password);
  await db.batch([
    db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId)),
    db
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt))),
    revokeAllSessions(db, userId),
  ]);
}

const INVALID_RESET_LINK = /*i18n*/ "This reset link is invalid or has expired.";

const usable = async (resetPasswordId: string) =>
  and(
    eq(passwordResets.tokenHash, await sha256Hex(resetPasswordId)),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, new Date()),
  );

/**
 * Whether the link can still set a password, so the page says so before anyone types one. Unknown, used and
 * expired links answer alike, and nothing about the account is told.
 */
export async function checkResetLink(db: Db, resetPasswordId: string) {
  const [link] = await db
    .select({ userId: passwordResets.userId })
    .from(passwordResets)
    .where(await usable(resetPasswordId))
    .limit(1);
  if (!link) throw notFound(INVALID_RESET_LINK);
  return { valid: true } as const;
}

export async function resetPasswordByLink(env: Bindings, db: Db, resetPasswordId: string, password: string) {
  const [link] = await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(await usable(resetPasswordId))
    .returning({ userId: passwordResets.userId });
  if (!link) throw badRequest(INVALID_RESET_LINK);
  await setPassword(env, db, link.userId, password);
  return { success: true } as const;
}

export async function resetPasswordByOtp(env: Bindings, db: Db, { emailId, password, otpId }: ResetPasswordByOtpInput) {
  const user = await findAccount(db, emailId);
  if (!user || !(await consumeVerifiedOtp(db, otpId, "PASSWORD_RESET", user.email))) {
    throw badRequest(/*i18n*/ "Please verify the code sent to your email first");
  }
  await setPassword(env, db, user.id, password);
  return { success: true } as const;
}
