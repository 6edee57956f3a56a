import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { rsvps, users } from "@worker/db/schema";
import { PHONE_PATTERN } from "./auth.schema";

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export const isPhone = (identifier: string) => PHONE_PATTERN.test(identifier.trim());

/** The account an e-mail address (any case) or a mobile number belongs to. */
export async function findAccount(db: Db, identifier: string) {
  const where = isPhone(identifier) ? eq(users.phone, identifier.trim()) : eq(users.email, normalizeEmail(identifier));
  const [row] = await db.select().from(users).where(where).limit(1);
  return row ?? null;
}

/** A new account and, in the same batch, the invitations already sent to its address (see `claimInvitations`). */
export const createAccount = (db: Db, account: typeof users.$inferInsert) =>
  db.batch([db.insert(users).values(account), claimInvitations(db, account.id, account.email)]);

/** Invitations sent to this address before the account existed now belong to it. */
const claimInvitations = (db: Db, userId: string, email: string) =>
  db
    .update(rsvps)
    .set({ userId, updatedAt: new Date() })
    .where(and(isNull(rsvps.userId), sql`lower(${rsvps.email}) = ${email}`));
