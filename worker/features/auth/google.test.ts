import { eq } from "drizzle-orm";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from "jose";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { users } from "@worker/db/schema";
import { apiWith, errorOf } from "@worker/test/client";
import { db, makeUser } from "@worker/test/helpers";
import { resetGoogleKeys } from "./google";
import { makeUserWithPassword, signIn, uniqueEmail } from "@worker/test/accounts";

describe("POST /auth/gauth", () => {
  const CLIENT_ID = "test-client.apps.googleusercontent.com";
  const CERTS = "https://www.googleapis.com/oauth2/v3/certs";
  let privateKey: CryptoKey;
  let jwks: { keys: object[] };

  beforeAll(async () => {
    const pair = await generateKeyPair("RS256");
    privateKey = pair.privateKey;
    jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: "test-key", alg: "RS256", use: "sig" }] };
  });

  beforeEach(() => {
    resetGoogleKeys();
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      return url === CERTS ? Promise.resolve(Response.json(jwks)) : realFetch(input, init);
    });
  });

  afterEach(() => {
    vi.restoreAllMocks();
    resetGoogleKeys();
  });

  const credential = (
    claims: Record<string, unknown> = {},
    { audience = CLIENT_ID, issuer = "https://accounts.google.com", expires = "5m", key = privateKey } = {},
  ) =>
    new SignJWT({ email_verified: true, given_name: "Grace", family_name: "Hopper", ...claims })
      .setProtectedHeader({ alg: "RS256", kid: "test-key" })
      .setSubject(String(claims.sub ?? crypto.randomUUID()))
      .setIssuer(issuer)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(expires)
      .sign(key);

  /** Signs in with a Google ID token on a deployment with this Google client id. */
  const gauth = (idToken: string, clientId: string | undefined = CLIENT_ID) =>
    apiWith({ GOOGLE_CLIENT_ID: clientId }).auth.gauth.$post({ json: { credential: idToken } });

  it("creates an account from a valid Google ID token (keys from Google's JWKS) and answers it with tokens", async () => {
    const email = uniqueEmail("grace");
    const sub = crypto.randomUUID();
    const response = await gauth(await credential({ email: email.toUpperCase(), sub }));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ firstName: "Grace", lastName: "Hopper", emailId: email, tags: [], profilePic: null });
    expect(body.authToken).toEqual(expect.any(String));
    expect(body.refreshToken).toEqual(expect.any(String));
    expect(fetch).toHaveBeenCalledWith(CERTS, expect.anything());
    const [row] = await db().select().from(users).where(eq(users.id, body.guid));
    expect(row).toMatchObject({ googleSub: sub, passwordHash: null });

    const again = await gauth(await credential({ email, sub }));
    expect((await again.json()).guid).toBe(body.guid);
  });

  it("accepts the issuer written without https", async () => {
    const response = await gauth(await credential({ email: uniqueEmail() }, { issuer: "accounts.google.com" }));
    expect(response.status).toBe(200);
  });

  it("links to the existing account with the same e-mail", async () => {
    const user = await makeUserWithPassword("open sesame 42");
    const sub = crypto.randomUUID();
    const response = await gauth(await credential({ email: user.email, sub }));
    expect(response.status).toBe(200);
    expect((await response.json()).guid).toBe(user.id);
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row!.googleSub).toBe(sub);
    expect((await signIn(user.email, "open sesame 42")).status).toBe(200);
  });

  it.each([
    ["a wrong audience", () => credential({ email: uniqueEmail() }, { audience: "someone-else" })],
    ["an unverified e-mail", () => credential({ email: uniqueEmail(), email_verified: false })],
    ["an expired token", () => credential({ email: uniqueEmail() }, { expires: "-1m" })],
    ["another issuer", () => credential({ email: uniqueEmail() }, { issuer: "https://evil.example" })],
    ["a key that is not Google's", async () => credential({ email: uniqueEmail() }, { key: (await generateKeyPair("RS256")).privateKey })],
    ["garbage", async () => "not-a-jwt"],
  ])("answers 401 'Error signing in with Google' for %s", async (_, make) => {
    const response = await gauth(await make());
    expect(response.status).toBe(401);
    expect(await errorOf(response)).toBe("Error signing in with Google");
  });

  it("refuses to take over an account linked to another Google account", async () => {
    const user = await makeUser({ googleSub: crypto.randomUUID() });
    const response = await gauth(await credential({ email: user.email }));
    expect(response.status).toBe(401);
    expect(await errorOf(response)).toBe("Error signing in with Google");
  });

  it("answers 400 'Google sign-in is not configured' without GOOGLE_CLIENT_ID", async () => {
    const response = await gauth(await credential({ email: uniqueEmail() }), "");
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("Google sign-in is not configured");
  });
});
