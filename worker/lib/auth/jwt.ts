import { SignJWT, jwtVerify } from "jose";

const AUDIENCE = "experiences-api";
const ISSUER = "experiences";
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

const key = (secret: string) => new TextEncoder().encode(secret);

/** A 15-minute HS256 access token for one user. */
export async function signAccessToken(secret: string, userId: string): Promise<string> {
  return new SignJWT({ typ: "access" })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(userId)
    .setAudience(AUDIENCE)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(key(secret));
}

/** The user id of a valid access token, or null for anything forged, expired or of another type. */
export async function verifyAccessToken(secret: string, token: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ["HS256"],
      audience: AUDIENCE,
      issuer: ISSUER,
    });
    if (payload.typ !== "access" || typeof payload.sub !== "string") return null;
    return payload.sub;
  } catch {
    return null;
  }
}
