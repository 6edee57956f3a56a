import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { refreshFamilies, refreshTokens } from "@worker/db/schema";
import type { Bindings } from "@worker/env";
import { signAccessToken, verifyAccessTokenIgnoringExpiry, type AccessClaims } from "@worker/lib/auth/jwt";
import { SESSION_EXPIRED } from "@worker/lib/auth/sessions";
import { hmacSha256, randomToken, sha256Hex } from "@worker/lib/crypto";
import { unauthorized } from "@worker/lib/errors";

/** A sign-in lasts at most this long from its start, however often its tokens are refreshed. */
const FAMILY_TTL = 30 * 24 * 60 * 60 * 1000;

/**
 * How long a rotated refresh token still yields its successor (RFC 9700 §4.14.2): two tabs that
 * refresh with the same token at once both stay signed in. Past it, a reused token is a stolen one.
 */
export const REFRESH_GRACE_MS = 30 * 1000;

export interface SessionTokens {
  authToken: string;
  refreshToken: string;
}

/** The RefreshToken header carries `Bearer <token>`. */
export const refreshTokenFrom = (header: string | undefined) => header?.replace(/^Bearer\s+/i, "").trim() || null;

/**
 * A token's successor is derived from it with a server secret rather than drawn at random, so the
 * same old token presented twice within the grace window gets the same successor: both tabs end up
 * holding one live token, and only its hash is ever stored.
 */
const successorOf = (env: Bindings, token: string) => hmacSha256(env.JWT_SECRET, `refresh-successor:${token}`);

const revokeFamily = (db: Db, familyId: string) =>
  db
    .update(refreshFamilies)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshFamilies.id, familyId), isNull(refreshFamilies.revokedAt)));

/** Starts a new family of refresh tokens for a fresh sign-in; the access token names that family as its session. */
export async function startSession(env: Bindings, db: Db, userId: string): Promise<SessionTokens & { sessionId: string }> {
  const sessionId = crypto.randomUUID();
  const refreshToken = randomToken();
  const now = Date.now();
  await db.batch([
    db.insert(refreshFamilies).values({ id: sessionId, userId, createdAt: new Date(now), expiresAt: new Date(now + FAMILY_TTL) }),
    db.insert(refreshTokens).values({ tokenHash: await sha256Hex(refreshToken), familyId: sessionId }),
  ]);
  return { sessionId, refreshToken, authToken: await signAccessToken(env.JWT_SECRET, { userId, sessionId }) };
}

/** Trades a refresh token for a new pair in the same family; the old token is spent (after its grace window). */
export async function rotateSession(env: Bindings, db: Db, refreshToken: string): Promise<SessionTokens & { userId: string }> {
  const tokenHash = await sha256Hex(refreshToken);
  const [row] = await db
    .select({
      familyId: refreshTokens.familyId,
      userId: refreshFamilies.userId,
      expiresAt: refreshFamilies.expiresAt,
      revokedAt: refreshFamilies.revokedAt,
    })
    .from(refreshTokens)
    .innerJoin(refreshFamilies, eq(refreshFamilies.id, refreshTokens.familyId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) throw unauthorized(SESSION_EXPIRED);

  // Spent now, or spent less than the grace window ago (the first rotation's time is kept, so reuse cannot stretch it).
  const now = Date.now();
  const spent = await db
    .update(refreshTokens)
    .set({ rotatedAt: sql`coalesce(${refreshTokens.rotatedAt}, ${now})` })
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash),
        or(isNull(refreshTokens.rotatedAt), gt(refreshTokens.rotatedAt, new Date(now - REFRESH_GRACE_MS))),
      ),
    )
    .returning({ familyId: refreshTokens.familyId });
  if (spent.length === 0) {
    // A token spent long ago came back: it was copied, so nobody holding this family can be trusted.
    await revokeFamily(db, row.familyId);
    throw unauthorized(SESSION_EXPIRED);
  }

  const successor = await successorOf(env, refreshToken);
  await db
    .insert(refreshTokens)
    .values({ tokenHash: await sha256Hex(successor), familyId: row.familyId })
    .onConflictDoNothing();
  return {
    userId: row.userId,
    authToken: await signAccessToken(env.JWT_SECRET, { userId: row.userId, sessionId: row.familyId }),
    refreshToken: successor,
  };
}

/** Ends the sign-in an access token names (its own user's only). */
const endSessionOf = (db: Db, { userId, sessionId }: AccessClaims) =>
  db
    .update(refreshFamilies)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshFamilies.id, sessionId), eq(refreshFamilies.userId, userId), isNull(refreshFamilies.revokedAt)));

/** Ends the sign-in this refresh token belongs to; unknown tokens are ignored. */
async function endSessionOfRefreshToken(db: Db, refreshToken: string): Promise<void> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, await sha256Hex(refreshToken)))
    .limit(1);
  if (row) await revokeFamily(db, row.familyId);
}

/**
 * Logout: ends the sign-in the bearer access token belongs to (an expired one still names it), and
 * the one of a RefreshToken header if the client sends one. Anything unknown is ignored, so logging
 * out twice is fine. Its live sockets close at the room's next message (worker/event-room.ts).
 */
export async function logOut(env: Bindings, db: Db, tokens: { accessToken: string | null; refreshToken: string | null }) {
  const claims = tokens.accessToken ? await verifyAccessTokenIgnoringExpiry(env.JWT_SECRET, tokens.accessToken) : null;
  if (claims) await endSessionOf(db, claims);
  if (tokens.refreshToken) await endSessionOfRefreshToken(db, tokens.refreshToken);
}

/** Ends every sign-in of the user (after a password change); a statement for the caller's batch. */
export const revokeAllSessions = (db: Db, userId: string) =>
  db
    .update(refreshFamilies)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshFamilies.userId, userId), isNull(refreshFamilies.revokedAt)));
