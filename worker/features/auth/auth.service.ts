import { eq } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { users } from "@worker/db/schema";
import { loadUserView } from "@worker/domain/user-view";
import type { Bindings } from "@worker/env";
import { hashPassword, verifyPassword } from "@worker/lib/auth/passwords";
import { badRequest, causedBy, conflict, unauthorized } from "@worker/lib/errors";
import { type UserView } from "@worker/shared/views.schema";
import { createAccount, findAccount, isPhone, normalizeEmail } from "./accounts";
import type { SigninInput, SignupInput } from "./auth.schema";
import { verifyGoogleCredential } from "./google";
import { consumeVerifiedOtp } from "./otp.service";
import { startSession, type SessionTokens } from "./session.service";
import { countSigninAttempt } from "./signin-throttle";

const INVALID_SIGNIN = /*i18n*/ "Invalid email/phone or password";
const GOOGLE_FAILED = /*i18n*/ "Error signing in with Google";
const ACCOUNT_EXISTS = /*i18n*/ "An account with this email already exists. Please sign in.";

export type SignedIn = UserView & SessionTokens;

export async function signedIn(env: Bindings, db: Db, userId: string): Promise<SignedIn> {
  const { authToken, refreshToken } = await startSession(env, db, userId);
  return { ...(await loadUserView(env, db, userId)), authToken, refreshToken };
}

export async function signUp(env: Bindings, db: Db, input: SignupInput): Promise<SignedIn> {
  // The verified code comes first: only someone who reads the mailbox learns whether it has an account.
  if (!(await consumeVerifiedOtp(db, input.id, "REGISTER", input.emailId)))
    throw badRequest(/*i18n*/ "Please verify your email address first");
  if (await findAccount(db, input.emailId)) throw conflict(ACCOUNT_EXISTS);
  const passwordHash = await hashPassword(env.PASSWORD_PEPPER, input.password);
  const id = crypto.randomUUID();
  try {
    await createAccount(db, {
      id,
      email: input.emailId,
      firstName: input.firstName,
      lastName: input.lastName,
      organisation: input.organisation ?? "",
      passwordHash,
    });
  } catch (error) {
    // Another sign-up (or a Google sign-in) took the address in the meantime.
    if (causedBy(error, "UNIQUE constraint failed")) throw conflict(ACCOUNT_EXISTS);
    throw error;
  }
  return signedIn(env, db, id);
}

/** Throttles count attempts per account: the user, else the address typed, so unknown ones lock alike. */
const attemptedAccount = (identifier: string, user: { id: string } | null) =>
  user ? user.id : isPhone(identifier) ? identifier.trim() : normalizeEmail(identifier);

export async function signIn(env: Bindings, db: Db, { emailOrPhone, password }: SigninInput, client: string): Promise<SignedIn> {
  const user = await findAccount(db, emailOrPhone);
  const forgetAttempt = await countSigninAttempt(db, attemptedAccount(emailOrPhone, user), client);
  if (!user?.passwordHash) {
    // The same work as a real check, so the time taken does not tell which accounts exist.
    await hashPassword(env.PASSWORD_PEPPER, password);
    throw unauthorized(INVALID_SIGNIN);
  }
  if (!(await verifyPassword(env.PASSWORD_PEPPER, password, user.passwordHash))) throw unauthorized(INVALID_SIGNIN);
  await forgetAttempt();
  return signedIn(env, db, user.id);
}

/** Signs in with a Google ID token: the linked account, else the account with that e-mail (now linked), else a new one. */
export async function signInWithGoogle(env: Bindings, db: Db, credential: string): Promise<SignedIn> {
  if (!env.GOOGLE_CLIENT_ID) throw badRequest(/*i18n*/ "Google sign-in is not configured");
  const identity = await verifyGoogleCredential(env.GOOGLE_CLIENT_ID, credential);
  if (!identity) throw unauthorized(GOOGLE_FAILED);

  const [linked] = await db.select({ id: users.id }).from(users).where(eq(users.googleSub, identity.sub)).limit(1);
  if (linked) return signedIn(env, db, linked.id);

  const email = normalizeEmail(identity.email);
  const existing = await findAccount(db, email);
  if (existing) {
    // Linked to another Google account already: taking it over would lock that one out.
    if (existing.googleSub) throw unauthorized(GOOGLE_FAILED);
    await db.update(users).set({ googleSub: identity.sub, updatedAt: new Date() }).where(eq(users.id, existing.id));
    return signedIn(env, db, existing.id);
  }

  const id = crypto.randomUUID();
  await createAccount(db, {
    id,
    email,
    firstName: identity.givenName || email.split("@")[0]!,
    lastName: identity.familyName,
    googleSub: identity.sub,
  });
  return signedIn(env, db, id);
}
