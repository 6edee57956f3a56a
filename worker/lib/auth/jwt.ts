import { SignJWT, decodeJwt, errors, jwtVerify, type JWTVerifyOptions } from "jose";

const AUDIENCE = "experiences-api";
const ISSUER = "experiences";
const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

const key = (secret: string) => new TextEncoder().encode(secret);

/** Who an access token speaks for: the user, and the sign-in (refresh family) it was issued to. */
export interface AccessClaims {
  userId: string;
  sessionId: string;
}

const VERIFY: JWTVerifyOptions = {
  algorithms: ["HS256"],
  audience: AUDIENCE,
  issuer: ISSUER,
  requiredClaims: ["exp", "iat", "sub", "sid"],
};

/** A 15-minute HS256 access token for one user's sign-in. */
export async function signAccessToken(secret: string, { userId, sessionId }: AccessClaims): Promise<string> {
  return new SignJWT({ typ: "access", sid: sessionId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(userId)
    .setAudience(AUDIENCE)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(key(secret));
}

async function claimsOf(secret: string, token: string, options: JWTVerifyOptions): Promise<AccessClaims | null> {
  const { payload } = await jwtVerify(token, key(secret), options);
  if (payload.typ !== "access" || typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
  return { userId: payload.sub, sessionId: payload.sid };
}

/**
 * The claims of a valid access token, or null for anything forged, expired, of another type, or
 * without an expiry or a session. The session itself is checked in D1 by the caller.
 */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims | null> {
  try {
    return await claimsOf(secret, token, VERIFY);
  } catch {
    return null;
  }
}

/**
 * The claims of a token we signed, expired or not: enough to end its session at logout, where an
 * expired token still names the sign-in it belonged to. Everything but the expiry is checked.
 */
export async function verifyAccessTokenIgnoringExpiry(secret: string, token: string): Promise<AccessClaims | null> {
  try {
    return await claimsOf(secret, token, VERIFY);
  } catch (error) {
    if (!(error instanceof errors.JWTExpired)) return null;
    try {
      // The signature was good and only the expiry failed: check the rest as of just before it expired.
      const { exp } = decodeJwt(token);
      return typeof exp === "number" ? await claimsOf(secret, token, { ...VERIFY, currentDate: new Date((exp - 1) * 1000) }) : null;
    } catch {
      return null;
    }
  }
}
