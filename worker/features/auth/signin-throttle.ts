import { and, eq, gt, lt, or, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { signinAttempts } from "@worker/db/schema";
import { tooManyRequests } from "@worker/lib/errors";

const WINDOW = 15 * 60 * 1000;
/** Failures on one account after which only a client that has not failed on it may still try. */
export const ACCOUNT_LIMIT = 10;
/** Failures from one client, on any accounts, after which it may not try at all. */
export const CLIENT_LIMIT = 50;

const SIGNIN_LOCKED = /*i18n*/ "Too many failed sign-in attempts. Please try again in 15 minutes.";

/**
 * Counts a sign-in attempt as a failure before its password is checked, in the same round trip as the
 * counts, so guesses sent at once cannot slip past the limits; answers how to take it back on success.
 * A success leaves earlier failures in the window (else each sign-in of the owner would hand a guesser
 * more tries); the window slides, so a lock lifts by itself 15 minutes after the burst.
 *
 * A stranger cannot lock the owner out: past the account's limit, only clients that have failed on it
 * themselves are refused, so the owner's first try from their own network still reaches the check.
 * `account` is the user id, or the address typed when no account has it, so an unknown address is
 * refused exactly like a known one and the refusal tells nothing.
 */
export async function countSigninAttempt(db: Db, account: string, client: string): Promise<() => Promise<void>> {
  const id = crypto.randomUUID();
  const since = new Date(Date.now() - WINDOW);
  const [, [counts]] = await db.batch([
    db.insert(signinAttempts).values({ id, account, client }),
    db
      .select({
        onAccount: sql<number>`coalesce(sum(${signinAttempts.account} = ${account}), 0)`,
        fromClient: sql<number>`coalesce(sum(${signinAttempts.client} = ${client}), 0)`,
        fromClientOnAccount: sql<number>`coalesce(sum(${signinAttempts.account} = ${account} and ${signinAttempts.client} = ${client}), 0)`,
      })
      .from(signinAttempts)
      .where(and(or(eq(signinAttempts.account, account), eq(signinAttempts.client, client)), gt(signinAttempts.createdAt, since))),
    db.delete(signinAttempts).where(lt(signinAttempts.createdAt, since)),
  ]);
  const forget = async () => {
    await db.delete(signinAttempts).where(eq(signinAttempts.id, id));
  };
  // The counts include this attempt.
  const { onAccount = 0, fromClient = 0, fromClientOnAccount = 0 } = counts ?? {};
  if (fromClient > CLIENT_LIMIT || (onAccount > ACCOUNT_LIMIT && fromClientOnAccount > 1)) {
    await forget();
    throw tooManyRequests(SIGNIN_LOCKED);
  }
  return forget;
}
