import { and, count, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { otps } from "@worker/db/schema";
import type { Bindings } from "@worker/env";
import { hmacSha256, randomDigits, timingSafeEqual } from "@worker/lib/crypto";
import { badRequest, tooManyRequests } from "@worker/lib/errors";
import { createMailer } from "@worker/lib/mail/mailer";
import { recipientI18n } from "@worker/lib/mail/recipient-language";
import { findAccount, isPhone, normalizeEmail } from "./accounts";
import { accountExistsMail, otpMail } from "./auth-mail";
import { EMAIL_PATTERN, OTP_LENGTH, type SendOtpInput, type VerifyOtpInput } from "./auth.schema";

const MINUTE = 60 * 1000;
const OTP_TTL = 10 * MINUTE;
/** Once verified, a code must be used (sign-up or reset) within this time. */
const VERIFIED_OTP_TTL = 30 * MINUTE;
const MAX_WRONG_TRIES = 5;
/** Codes one address may be sent in SEND_WINDOW, so nobody can flood an inbox. */
const SEND_LIMIT = 5;
const SEND_WINDOW = 15 * MINUTE;
/** Codes one network (lib/auth/client.ts) may ask for in NETWORK_WINDOW, across addresses, so nobody can mail the world. */
const NETWORK_LIMIT = 30;
const NETWORK_WINDOW = 60 * MINUTE;

const ADDRESS_LIMITED = /*i18n*/ "Too many codes requested. Please try again later.";
const NETWORK_LIMITED = /*i18n*/ "Too many codes requested from your network. Please try again in an hour.";

export type OtpPurpose = (typeof otps.$inferInsert)["purpose"];

const codeHash = (env: Bindings, id: string, code: string) => hmacSha256(env.PASSWORD_PEPPER, `otp:${id}:${code}`);

type Delivery = "code" | "account-exists" | "none";
/** Where a code goes, what is mailed, and the language the address's account saved (none: no account, or none saved). */
interface Target {
  target: string;
  delivery: Delivery;
  language?: string | null;
}

/**
 * Where the code goes and what is mailed: a registration code to a new address; to an address that
 * already has an account, a note saying so instead (only its reader learns it); a sign-in code to any
 * address; for a reset, the code to the account's address (asked by phone too), and nothing for an unknown one.
 */
async function resolveTarget(db: Db, identifier: string, purpose: OtpPurpose): Promise<Target> {
  if (purpose === "REGISTER") {
    if (isPhone(identifier)) throw badRequest(/*i18n*/ "Please register with your email address");
    if (!EMAIL_PATTERN.test(identifier)) throw badRequest(/*i18n*/ "Please enter a valid email address");
    const account = await findAccount(db, identifier);
    return { target: normalizeEmail(identifier), delivery: account ? "account-exists" : "code", language: account?.language };
  }
  if (purpose === "SIGNIN") {
    // The code goes to any address: it signs in to its account, or makes one (signInWithCode), so nothing is told.
    if (!EMAIL_PATTERN.test(identifier.trim())) throw badRequest(/*i18n*/ "Please enter a valid email address");
    const account = await findAccount(db, identifier);
    return { target: normalizeEmail(identifier), delivery: "code", language: account?.language };
  }
  if (!isPhone(identifier) && !EMAIL_PATTERN.test(identifier)) throw badRequest(/*i18n*/ "Please enter a valid email address");
  const account = await findAccount(db, identifier);
  return account
    ? { target: account.email, delivery: "code", language: account.language }
    : { target: identifier.toLowerCase(), delivery: "none" };
}

type NewOtp = Required<Pick<typeof otps.$inferInsert, "id" | "target" | "purpose" | "codeHash" | "expiresAt" | "client">>;

/**
 * Stores the code only if its address and its network are both under their limits, counted and inserted in
 * one statement: D1 runs one statement at a time, so requests sent at once cannot all pass the count before
 * any of them is stored. False when a limit refused it.
 */
async function insertWithinLimits(db: Db, row: NewOtp): Promise<boolean> {
  const now = Date.now();
  const columns = [otps.id, otps.target, otps.purpose, otps.codeHash, otps.expiresAt, otps.client, otps.createdAt];
  const stored = await db.all<{ id: string }>(sql`
    insert into ${otps} (${sql.join(
      columns.map((c) => sql.identifier(c.name)),
      sql`, `,
    )})
    select ${row.id}, ${row.target}, ${row.purpose}, ${row.codeHash}, ${row.expiresAt.getTime()}, ${row.client}, ${now}
    where (select count(*) from ${otps} where ${otps.target} = ${row.target} and ${otps.createdAt} > ${now - SEND_WINDOW}) < ${SEND_LIMIT}
      and (select count(*) from ${otps} where ${otps.client} = ${row.client} and ${otps.createdAt} > ${now - NETWORK_WINDOW}) < ${NETWORK_LIMIT}
    returning ${sql.identifier(otps.id.name)}`);
  return stored.length > 0;
}

/** Whether the address has had its SEND_LIMIT codes, which tells which limit refused a code. */
async function sentToAddressRecently(db: Db, target: string): Promise<boolean> {
  const [recent] = await db
    .select({ n: count() })
    .from(otps)
    .where(and(eq(otps.target, target), gt(otps.createdAt, new Date(Date.now() - SEND_WINDOW))));
  return (recent?.n ?? 0) >= SEND_LIMIT;
}

/**
 * Stores a hashed 6-digit code and mails it. Every request stores a row and gets the same answer, also
 * when no code is sent (a registered address, an unknown one for a reset), so neither the answer nor
 * the rate limits tell which addresses have accounts. `client` is the caller's network (`clientOf`).
 */
export async function sendOtp(env: Bindings, db: Db, input: SendOtpInput, client: string, locale?: string): Promise<{ id: string }> {
  const purpose: OtpPurpose = input.otpType === "PASSWORD_RESET" || input.otpType === "SIGNIN" ? input.otpType : "REGISTER";
  const { target, delivery, language } = await resolveTarget(db, input.emailOrPhone, purpose);

  const id = crypto.randomUUID();
  const code = randomDigits(OTP_LENGTH);
  const stored = await insertWithinLimits(db, {
    id,
    target,
    purpose,
    codeHash: await codeHash(env, id, code),
    expiresAt: new Date(Date.now() + OTP_TTL),
    client,
  });
  if (!stored) throw tooManyRequests((await sentToAddressRecently(db, target)) ? ADDRESS_LIMITED : NETWORK_LIMITED);
  // In the account's saved language, else the one the request that asked for the code was made in.
  const i18n = recipientI18n({ account: language, asked: locale });
  if (delivery === "code") await createMailer(env, db).send(otpMail(target, code, purpose, i18n));
  if (delivery === "account-exists") await createMailer(env, db).send(accountExistsMail(target, env.APP_ORIGIN, i18n));
  return { id };
}

export async function verifyOtp(env: Bindings, db: Db, { id, otp }: VerifyOtpInput): Promise<{ verified: true }> {
  const invalid = badRequest(/*i18n*/ "Invalid OTP. Please try again.");
  const now = new Date();
  // The try is counted before the code is compared, so parallel guesses cannot exceed the limit; a right code gives it back.
  const [attempt] = await db
    .update(otps)
    .set({ failedAttempts: sql`${otps.failedAttempts} + 1` })
    .where(and(eq(otps.id, id), lt(otps.failedAttempts, MAX_WRONG_TRIES), isNull(otps.consumedAt), gt(otps.expiresAt, now)))
    .returning({ codeHash: otps.codeHash });
  if (!attempt || !timingSafeEqual(attempt.codeHash, await codeHash(env, id, otp))) throw invalid;
  await db
    .update(otps)
    .set({ failedAttempts: sql`${otps.failedAttempts} - 1`, verifiedAt: now })
    .where(eq(otps.id, id));
  return { verified: true };
}

/** Uses up a verified code of this purpose for this address; false if there is none to use. */
export async function consumeVerifiedOtp(db: Db, id: string, purpose: OtpPurpose, target: string): Promise<boolean> {
  const consumed = await db
    .update(otps)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(otps.id, id),
        eq(otps.purpose, purpose),
        eq(otps.target, target),
        isNull(otps.consumedAt),
        gt(otps.verifiedAt, new Date(Date.now() - VERIFIED_OTP_TTL)),
      ),
    )
    .returning({ id: otps.id });
  return consumed.length > 0;
}
