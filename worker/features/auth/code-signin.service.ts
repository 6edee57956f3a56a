import type { Db } from "@worker/db/client";
import type { Bindings } from "@worker/env";
import { badRequest, causedBy, notFound } from "@worker/lib/errors";
import { createAccount, findAccount } from "./accounts";
import { NO_ACCOUNT_YET, type CodeSigninInput } from "./auth.schema";
import { signedIn, type SignedIn } from "./auth.service";
import { consumeVerifiedOtp, verifyOtp } from "./otp.service";

/**
 * Sign-in by a SIGNIN code mailed to the address (docs/accounts-and-sessions.md): the address's account, or, with a first
 * name, a new account without a password that takes the invitations already sent to the address. The code is checked
 * first (wrong tries counted as for any code), so only the mailbox's reader learns whether the address has an account.
 */
export async function signInWithCode(env: Bindings, db: Db, input: CodeSigninInput): Promise<SignedIn> {
  await verifyOtp(env, db, input);
  const account = await findAccount(db, input.emailId);
  // Verified but not used up: the same code works again with a name, for 30 minutes.
  if (!account && !input.firstName) throw notFound(NO_ACCOUNT_YET);
  if (!(await consumeVerifiedOtp(db, input.id, "SIGNIN", input.emailId))) throw badRequest(/*i18n*/ "Invalid OTP. Please try again.");
  if (account) return signedIn(env, db, account.id);
  const id = crypto.randomUUID();
  try {
    await createAccount(db, { id, email: input.emailId, firstName: input.firstName!, lastName: input.lastName ?? "" });
  } catch (error) {
    // The address got an account in the meantime (a second tab, a sign-up): the code proved the mailbox, so it signs in.
    if (!causedBy(error, "UNIQUE constraint failed")) throw error;
    const taken = await findAccount(db, input.emailId);
    if (!taken) throw error;
    return signedIn(env, db, taken.id);
  }
  return signedIn(env, db, id);
}
