import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from "jose";

const GOOGLE_CERTS = new URL("https://www.googleapis.com/oauth2/v3/certs");
const GOOGLE_ISSUERS = ["https://accounts.google.com", "accounts.google.com"];

export interface GoogleIdentity {
  sub: string;
  email: string;
  givenName: string;
  familyName: string;
}

// Made on first use and kept for the isolate's life, so Google's keys are fetched once, not per sign-in.
let googleKeys: JWTVerifyGetKey | null = null;

/** Forgets the cached Google keys (tests sign with keys of their own). */
export function resetGoogleKeys() {
  googleKeys = null;
}

/** The identity in a Google ID token, or null unless the token is Google's, for this app, unexpired, with a verified e-mail. */
export async function verifyGoogleCredential(clientId: string, credential: string): Promise<GoogleIdentity | null> {
  googleKeys ??= createRemoteJWKSet(GOOGLE_CERTS);
  try {
    const { payload } = await jwtVerify(credential, googleKeys, {
      algorithms: ["RS256"],
      issuer: GOOGLE_ISSUERS,
      audience: clientId,
    });
    if (payload.email_verified !== true || typeof payload.email !== "string" || !payload.sub) return null;
    return {
      sub: payload.sub,
      email: payload.email,
      givenName: typeof payload.given_name === "string" ? payload.given_name : "",
      familyName: typeof payload.family_name === "string" ? payload.family_name : "",
    };
  } catch (error) {
    // A bad token is the caller's problem; anything else (Google's keys unreachable) is ours to see.
    if (!(error instanceof errors.JOSEError)) console.error("Google sign-in: could not verify the credential", error);
    return null;
  }
}
