import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from "jose";
import { describe, expect, it, afterEach, beforeAll, beforeEach, vi } from "vitest";
import { refreshFamilies, refreshTokens, users } from "@worker/db/schema";
import { sha256Hex } from "@worker/lib/crypto";
import { makeUserWithPassword, refresh, register, signIn, uniqueEmail } from "@worker/test/accounts";
import { logout } from "@worker/test/auth";
import { apiAs, errorOf, apiWith } from "@worker/test/client";
import { db, makeUser } from "@worker/test/helpers";
import { resetGoogleKeys } from "./google";
import { REFRESH_GRACE_MS } from "./session.service";

const EXPIRED = "Your session has expired. Please sign in again.";

const tokenRow = async (token: string) =>
  (
    await db()
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, await sha256Hex(token)))
  )[0]!;

/** Moves a spent refresh token's rotation back beyond the grace window. */
const spendLongAgo = async (token: string) =>
  db()
    .update(refreshTokens)
    .set({ rotatedAt: new Date(Date.now() - REFRESH_GRACE_MS - 1000) })
    .where(eq(refreshTokens.tokenHash, await sha256Hex(token)));

const profile = (token: string) => apiAs(token).api.profile.user.$get();
const profileStatus = async (token: string) => (await profile(token)).status;

describe("refresh tokens", () => {
  it("rotates: answers a new authToken, refreshToken and the user, and spends the old token", async () => {
    const session = await register();
    const response = await refresh(session.refreshToken);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(["authToken", "refreshToken", "user"]);
    expect(body.refreshToken).not.toBe(session.refreshToken);
    expect(body.user).toMatchObject({ guid: session.guid, emailId: session.emailId });
    expect(await profileStatus(body.authToken)).toBe(200);

    const [spent, fresh] = [await tokenRow(session.refreshToken), await tokenRow(body.refreshToken)];
    expect(spent.rotatedAt).toBeInstanceOf(Date);
    expect(fresh).toMatchObject({ familyId: spent.familyId, rotatedAt: null });
    expect((await refresh(body.refreshToken)).status).toBe(200);
  });

  it("lets two tabs refresh with the same token at once: both succeed, with the same new refresh token", async () => {
    const session = await register();
    const [a, b] = await Promise.all([refresh(session.refreshToken), refresh(session.refreshToken)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [first, second] = [await a.json(), await b.json()];
    expect(second.refreshToken).toBe(first.refreshToken);
    expect(await profileStatus(first.authToken)).toBe(200);
    expect(await profileStatus(second.authToken)).toBe(200);

    const [family] = await db().select().from(refreshFamilies).where(eq(refreshFamilies.userId, session.guid));
    expect(family!.revokedAt).toBeNull();
    expect(await db().select().from(refreshTokens).where(eq(refreshTokens.familyId, family!.id))).toHaveLength(2);
    expect((await refresh(first.refreshToken)).status).toBe(200);
  });

  it(`gives the same successor again within ${REFRESH_GRACE_MS / 1000} s of the rotation, and the window does not move`, async () => {
    const session = await register();
    const first = await (await refresh(session.refreshToken)).json();
    const again = await refresh(session.refreshToken);
    expect(again.status).toBe(200);
    expect((await again.json()).refreshToken).toBe(first.refreshToken);
    const rotatedAt = (await tokenRow(session.refreshToken)).rotatedAt;
    await refresh(session.refreshToken);
    expect((await tokenRow(session.refreshToken)).rotatedAt).toEqual(rotatedAt);
  });

  it("revokes the whole family when a token spent longer ago than the grace window comes back", async () => {
    const session = await register();
    const next = await (await refresh(session.refreshToken)).json();
    await spendLongAgo(session.refreshToken);

    const reuse = await refresh(session.refreshToken);
    expect(reuse.status).toBe(401);
    expect(await errorOf(reuse)).toBe(EXPIRED);
    const afterTheft = await refresh(next.refreshToken);
    expect(afterTheft.status).toBe(401);
    expect(await errorOf(afterTheft)).toBe(EXPIRED);
    expect(await profileStatus(next.authToken)).toBe(401);
  });

  it("ends a family 30 days after it began, however recently it was refreshed", async () => {
    const session = await register();
    const next = await (await refresh(session.refreshToken)).json();
    const families = await db().select().from(refreshFamilies).where(eq(refreshFamilies.userId, session.guid));
    expect(families).toHaveLength(1);
    const family = families[0]!;
    const thirtyDays = 30 * 24 * 60 * 60 * 1000;
    expect(family.expiresAt.getTime() - family.createdAt.getTime()).toBe(thirtyDays);

    const began = Date.now() - thirtyDays - 1000;
    await db()
      .update(refreshFamilies)
      .set({ createdAt: new Date(began), expiresAt: new Date(began + thirtyDays) })
      .where(eq(refreshFamilies.id, family.id));
    const response = await refresh(next.refreshToken);
    expect(response.status).toBe(401);
    expect(await errorOf(response)).toBe(EXPIRED);
    expect(await profileStatus(next.authToken)).toBe(401);
  });

  it(`answers 401 '${EXPIRED}' for an unknown token`, async () => {
    const response = await refresh("not-a-real-token");
    expect(response.status).toBe(401);
    expect(await errorOf(response)).toBe(EXPIRED);
  });

  it("answers 401 'No refresh token available' without the RefreshToken header", async () => {
    const response = await apiAs().auth["refresh-user-token"].$get();
    expect(response.status).toBe(401);
    expect(await errorOf(response)).toBe("No refresh token available");
  });
});

describe("POST /auth/logout", () => {
  const password = "open sesame 42";
  const twoSignIns = async () => {
    const user = await makeUserWithPassword(password);
    const here = await (await signIn(user.email, password)).json();
    const elsewhere = await (await signIn(user.email, password)).json();
    return { here, elsewhere };
  };

  it("with only the access token, makes that sign-in's refresh token and access token answer 401, and leaves the others alone", async () => {
    const { here, elsewhere } = await twoSignIns();
    const response = await logout(here.authToken);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });

    const refreshed = await refresh(here.refreshToken);
    expect(refreshed.status).toBe(401);
    expect(await errorOf(refreshed)).toBe(EXPIRED);
    const ended = await profile(here.authToken);
    expect(ended.status).toBe(401);
    expect(await errorOf(ended)).toBe(EXPIRED);

    expect(await profileStatus(elsewhere.authToken)).toBe(200);
    expect((await refresh(elsewhere.refreshToken)).status).toBe(200);
  });

  it("ends the sign-in of an access token refreshed from it, and of one that has expired", async () => {
    const { here } = await twoSignIns();
    const refreshed = await (await refresh(here.refreshToken)).json();
    await logout(refreshed.authToken);
    expect(await profileStatus(here.authToken)).toBe(401);
    expect((await refresh(refreshed.refreshToken)).status).toBe(401);

    const user = await makeUser();
    const [family] = await db().select().from(refreshFamilies).where(eq(refreshFamilies.userId, user.id));
    const expired = await new SignJWT({ typ: "access", sid: family!.id })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(user.id)
      .setAudience("experiences-api")
      .setIssuer("experiences")
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 2700)
      .sign(new TextEncoder().encode(env.JWT_SECRET));
    expect((await logout(expired)).status).toBe(200);
    expect((await refresh(user.refreshToken)).status).toBe(401);
  });

  it("still ends the sign-in of a RefreshToken header, as the web client also sends it", async () => {
    const { here, elsewhere } = await twoSignIns();
    const response = await apiAs().auth.logout.$post(undefined, { headers: { RefreshToken: `Bearer ${here.refreshToken}` } });
    expect(response.status).toBe(200);
    expect((await refresh(here.refreshToken)).status).toBe(401);
    expect(await profileStatus(here.authToken)).toBe(401);
    expect(await profileStatus(elsewhere.authToken)).toBe(200);
  });

  it("cannot end someone else's sign-in with a forged token", async () => {
    const victim = await makeUser();
    const [family] = await db().select().from(refreshFamilies).where(eq(refreshFamilies.userId, victim.id));
    const forged = await new SignJWT({ typ: "access", sid: family!.id })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(victim.id)
      .setAudience("experiences-api")
      .setIssuer("experiences")
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(new TextEncoder().encode("not-the-server-secret"));
    expect((await logout(forged)).status).toBe(200);
    expect(await profileStatus(victim.token)).toBe(200);
  });

  it("always answers { success: true }: twice, with an unknown token, or with no token", async () => {
    const session = await register();
    for (const [token, headers] of [
      [session.authToken, {}],
      [session.authToken, {}],
      ["not-a-token", {}],
      [undefined, { RefreshToken: "Bearer unknown" }],
      [undefined, {}],
    ] as const) {
      const response = await apiAs(token).auth.logout.$post(undefined, { headers });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ success: true });
    }
  });
});

describe("access tokens", () => {
  const sign = (claims: Record<string, unknown>, build: (jwt: SignJWT) => SignJWT = (jwt) => jwt.setExpirationTime("5m")) =>
    build(
      new SignJWT({ typ: "access", ...claims })
        .setProtectedHeader({ alg: "HS256" })
        .setAudience("experiences-api")
        .setIssuer("experiences")
        .setIssuedAt(),
    ).sign(new TextEncoder().encode(env.JWT_SECRET));

  it("refuses a JWT without exp, even with the server's key and a live session", async () => {
    const user = await makeUser();
    const token = await sign({ sub: user.id, sid: user.sessionId }, (jwt) => jwt);
    const response = await profile(token);
    expect(response.status).toBe(401);
    expect(await errorOf(response)).toBe(EXPIRED);
    expect(await profileStatus(await sign({ sub: user.id, sid: user.sessionId }))).toBe(200);
  });

  it("refuses a JWT without a session, or naming another user's session", async () => {
    const user = await makeUser();
    const other = await makeUser();
    for (const claims of [{ sub: user.id }, { sub: user.id, sid: other.sessionId }, { sub: user.id, sid: crypto.randomUUID() }]) {
      expect(await profileStatus(await sign(claims))).toBe(401);
    }
  });

  it("answers 401, not 500, on POST /api/events with the token of a user who no longer exists", async () => {
    const user = await makeUser();
    await db().delete(users).where(eq(users.id, user.id));
    const start = new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString();
    const response = await apiAs(user.token).api.events.$post({
      form: { name: "Gone", startIsoTime: start, endIsoTime: start, privacy: "PUBLIC", isAIMode: "false" },
    });
    expect(response.status).toBe(401);
    expect(await errorOf(response)).toBe(EXPIRED);
  });
});

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
