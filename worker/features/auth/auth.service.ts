import { and, count, eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { signinFailures, users } from "../../db/schema";
import type { Bindings } from "../../env";
import { hashPassword, verifyPassword } from "../../lib/auth/passwords";
import { loadUserView, type UserView } from "../../lib/auth/user-view";
import { badRequest, conflict, tooManyRequests, unauthorized } from "../../lib/errors";
import { claimInvitations, findAccount, normalizeEmail } from "./accounts";
import type { SigninInput, SignupInput } from "./auth.schema";
import { verifyGoogleCredential } from "./google";
import { consumeVerifiedOtp } from "./otp.service";
import { startSession, type SessionTokens } from "./session.service";

const INVALID_SIGNIN = "Invalid email/phone or password";
const GOOGLE_FAILED = "Error signing in with Google";
const MAX_FAILURES = 10;
const FAILURE_WINDOW = 15 * 60 * 1000;

export type SignedIn = UserView & SessionTokens;

async function signedIn(env: Bindings, db: Db, userId: string): Promise<SignedIn> {
  const tokens = await startSession(env, db, userId);
  return { ...(await loadUserView(env, db, userId)), ...tokens };
}

export async function signUp(env: Bindings, db: Db, input: SignupInput): Promise<SignedIn> {
  if (await findAccount(db, input.emailId)) throw conflict("An account with this email already exists. Please sign in.");
  const passwordHash = await hashPassword(env.PASSWORD_PEPPER, input.password);
  if (!(await consumeVerifiedOtp(db, input.id, "REGISTER", input.emailId))) throw badRequest("Please verify your email address first");
  const id = crypto.randomUUID();
  await db.batch([
    db.insert(users).values({
      id,
      email: input.emailId,
      firstName: input.firstName,
      lastName: input.lastName,
      organisation: input.organisation ?? "",
      passwordHash,
    }),
    claimInvitations(db, id, input.emailId),
  ]);
  return signedIn(env, db, id);
}

export async function signIn(env: Bindings, db: Db, { emailOrPhone, password }: SigninInput): Promise<SignedIn> {
  const user = await findAccount(db, emailOrPhone);
  if (!user?.passwordHash) {
    // The same work as a real check, so the time taken does not tell which accounts exist.
    await hashPassword(env.PASSWORD_PEPPER, password);
    throw unauthorized(INVALID_SIGNIN);
  }

  // Every attempt is counted as a failure before the password is checked, in the same round trip as the
  // count, so guesses sent at once cannot all slip past the limit; a success takes its own row back.
  // A success leaves earlier failures in the window: otherwise each sign-in by the owner would hand a
  // guesser another ten tries. The window slides, so the lock lifts by itself 15 minutes after the burst.
  const attempt = crypto.randomUUID();
  const [, [recent]] = await db.batch([
    db.insert(signinFailures).values({ id: attempt, userId: user.id }),
    db
      .select({ n: count() })
      .from(signinFailures)
      .where(and(eq(signinFailures.userId, user.id), gt(signinFailures.createdAt, new Date(Date.now() - FAILURE_WINDOW)))),
  ]);
  const forgetAttempt = () => db.delete(signinFailures).where(eq(signinFailures.id, attempt));
  if ((recent?.n ?? 0) > MAX_FAILURES) {
    await forgetAttempt();
    throw tooManyRequests("Too many failed sign-in attempts. Please try again in 15 minutes.");
  }
  if (!(await verifyPassword(env.PASSWORD_PEPPER, password, user.passwordHash))) throw unauthorized(INVALID_SIGNIN);
  await forgetAttempt();
  return signedIn(env, db, user.id);
}

/** Signs in with a Google ID token: the linked account, else the account with that e-mail (now linked), else a new one. */
export async function signInWithGoogle(env: Bindings, db: Db, credential: string): Promise<SignedIn> {
  if (!env.GOOGLE_CLIENT_ID) throw badRequest("Google sign-in is not configured");
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
  await db.batch([
    db.insert(users).values({
      id,
      email,
      firstName: identity.givenName || email.split("@")[0]!,
      lastName: identity.familyName,
      googleSub: identity.sub,
    }),
    claimInvitations(db, id, email),
  ]);
  return signedIn(env, db, id);
}
