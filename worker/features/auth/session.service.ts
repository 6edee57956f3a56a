import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { refreshFamilies, refreshTokens } from "../../db/schema";
import type { Bindings } from "../../env";
import { signAccessToken } from "../../lib/auth/jwt";
import { randomToken, sha256Hex } from "../../lib/crypto";
import { unauthorized } from "../../lib/errors";

/** A sign-in lasts at most this long from its start, however often its tokens are refreshed. */
const FAMILY_TTL = 30 * 24 * 60 * 60 * 1000;

const SESSION_EXPIRED = "Your session has expired. Please sign in again.";

export interface SessionTokens {
  authToken: string;
  refreshToken: string;
}

/** The RefreshToken header carries `Bearer <token>`. */
export const refreshTokenFrom = (header: string | undefined) => header?.replace(/^Bearer\s+/i, "").trim() || null;

async function issueRefreshToken(db: Db, familyId: string): Promise<string> {
  const token = randomToken();
  await db.insert(refreshTokens).values({ tokenHash: await sha256Hex(token), familyId });
  return token;
}

const revokeFamily = (db: Db, familyId: string) =>
  db
    .update(refreshFamilies)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshFamilies.id, familyId), isNull(refreshFamilies.revokedAt)));

/** Starts a new family of refresh tokens for a fresh sign-in. */
export async function startSession(env: Bindings, db: Db, userId: string): Promise<SessionTokens> {
  const familyId = crypto.randomUUID();
  const now = Date.now();
  await db.insert(refreshFamilies).values({ id: familyId, userId, createdAt: new Date(now), expiresAt: new Date(now + FAMILY_TTL) });
  return { authToken: await signAccessToken(env.JWT_SECRET, userId), refreshToken: await issueRefreshToken(db, familyId) };
}

/** Trades a refresh token for a new pair; the old token is spent. */
export async function rotateSession(env: Bindings, db: Db, refreshToken: string): Promise<SessionTokens & { userId: string }> {
  const tokenHash = await sha256Hex(refreshToken);
  const [row] = await db
    .select({ familyId: refreshTokens.familyId, userId: refreshFamilies.userId, expiresAt: refreshFamilies.expiresAt, revokedAt: refreshFamilies.revokedAt })
    .from(refreshTokens)
    .innerJoin(refreshFamilies, eq(refreshFamilies.id, refreshTokens.familyId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) throw unauthorized(SESSION_EXPIRED);

  const spent = await db
    .update(refreshTokens)
    .set({ rotatedAt: new Date() })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.rotatedAt)))
    .returning({ familyId: refreshTokens.familyId });
  if (spent.length === 0) {
    // An already rotated token came back: it was copied, so nobody holding this family can be trusted.
    await revokeFamily(db, row.familyId);
    throw unauthorized(SESSION_EXPIRED);
  }
  return {
    userId: row.userId,
    authToken: await signAccessToken(env.JWT_SECRET, row.userId),
    refreshToken: await issueRefreshToken(db, row.familyId),
  };
}

/** Ends the sign-in this refresh token belongs to; unknown tokens are ignored (logging out twice is fine). */
export async function endSession(db: Db, refreshToken: string): Promise<void> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, await sha256Hex(refreshToken)))
    .limit(1);
  if (row) await revokeFamily(db, row.familyId);
}

/** Ends every sign-in of the user (after a password change); a statement for the caller's batch. */
export const revokeAllSessions = (db: Db, userId: string) =>
  db
    .update(refreshFamilies)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshFamilies.userId, userId), isNull(refreshFamilies.revokedAt)));
