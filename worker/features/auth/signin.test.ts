import { eq, or } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signinAttempts } from "@worker/db/schema";
import { clientOf } from "@worker/lib/auth/client";
import { makeUserWithPassword, signIn, uniqueEmail } from "@worker/test/accounts";
import { apiAs, errorOf } from "@worker/test/client";
import { call, db, makeUser } from "@worker/test/helpers";
import { newClient } from "@worker/test/network";
import { ACCOUNT_LIMIT, CLIENT_LIMIT } from "./signin-throttle";

const LOCKED = "Too many failed sign-in attempts. Please try again in 15 minutes.";
const password = "open sesame 42";

/** Moves every attempt on this account (or from this client) out of the 15-minute window. */
const ageAttempts = (key: string) =>
  db()
    .update(signinAttempts)
    .set({ createdAt: new Date(Date.now() - 16 * 60 * 1000) })
    .where(or(eq(signinAttempts.account, key), eq(signinAttempts.client, key)));

describe("POST /auth/signin", () => {
  it("signs in by e-mail in any case and answers the user with authToken and refreshToken", async () => {
    const user = await makeUserWithPassword(password);
    const response = await signIn(` ${user.email.toUpperCase()} `, password);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ guid: user.id, emailId: user.email, firstName: user.firstName, tags: [], profilePic: null });
    expect(Object.keys(body).sort()).toEqual([
      "authToken",
      "bio",
      "emailId",
      "firstName",
      "guid",
      "language",
      "lastName",
      "organisation",
      "profilePic",
      "refreshToken",
      "tags",
    ]);
    expect((await apiAs(body.authToken).api.profile.user.$get()).status).toBe(200);
  });

  it("signs in by a 10-digit mobile number", async () => {
    const user = await makeUserWithPassword(password, { phone: "9988776655" });
    const response = await signIn("9988776655", password);
    expect(response.status).toBe(200);
    expect((await response.json()).guid).toBe(user.id);
  });

  it("answers the same 401 'Invalid email/phone or password' for a wrong password, an unknown account and a Google-only account", async () => {
    const user = await makeUserWithPassword(password);
    const googleOnly = await makeUser({ googleSub: crypto.randomUUID() });
    for (const [who, pw] of [
      [user.email, "wrong password"],
      [uniqueEmail("nobody"), password],
      ["9000000002", password],
      [googleOnly.email, password],
    ] as const) {
      const response = await signIn(who, pw);
      expect(response.status).toBe(401);
      expect(await errorOf(response)).toBe("Invalid email/phone or password");
    }
  });

  it("answers 'Email or phone is required' and 'Password is required' for missing fields", async () => {
    // No address at all is outside the route's types.
    const noEmail = await call("/auth/signin", { method: "POST", json: { password } });
    expect(noEmail.status).toBe(400);
    expect(await errorOf(noEmail)).toBe("Email or phone is required");
    const noPassword = await signIn("someone@example.com", "");
    expect(noPassword.status).toBe(400);
    expect(await errorOf(noPassword)).toBe("Password is required");
  });

  it("refuses an address of 255 characters with 'Please enter a valid email address'", async () => {
    const response = await signIn(`${"a".repeat(243)}@example.com`, password);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("Please enter a valid email address");
  });
});

describe("sign-in throttling", () => {
  it(`answers 429 '${LOCKED}' to a client after ${ACCOUNT_LIMIT} failures on the account, even to the right password, until they age out`, async () => {
    const user = await makeUserWithPassword(password);
    const client = newClient();
    for (let i = 0; i < ACCOUNT_LIMIT; i++) expect((await signIn(user.email, "wrong", client)).status).toBe(401);
    for (const pw of ["wrong", password]) {
      const response = await signIn(user.email, pw, client);
      expect(response.status).toBe(429);
      expect(await errorOf(response)).toBe(LOCKED);
    }

    await ageAttempts(user.id);
    expect((await signIn(user.email, password, client)).status).toBe(200);
  });

  it("lets a stranger's ten wrong passwords lock only the stranger: the owner's first try from their own network signs in", async () => {
    const owner = await makeUserWithPassword(password);
    const stranger = newClient();
    for (let i = 0; i < ACCOUNT_LIMIT + 5; i++) await signIn(owner.email, "guess", stranger);
    expect((await signIn(owner.email, password, stranger)).status).toBe(429);

    const home = newClient();
    expect((await signIn(owner.email, password, home)).status).toBe(200);
    expect((await signIn(owner.email, password, home)).status).toBe(200);
  });

  it("refuses, while the account is under attack, any client that has itself failed on it once", async () => {
    const owner = await makeUserWithPassword(password);
    const attacker = newClient();
    for (let i = 0; i < ACCOUNT_LIMIT; i++) await signIn(owner.email, "guess", attacker);

    // A fresh client gets one real check; after its failure it is one of the guessers.
    const other = newClient();
    expect((await signIn(owner.email, "another guess", other)).status).toBe(401);
    expect((await signIn(owner.email, password, other)).status).toBe(429);
  });

  it("keeps earlier failures after a successful sign-in", async () => {
    const user = await makeUserWithPassword(password);
    const client = newClient();
    for (let i = 0; i < ACCOUNT_LIMIT - 1; i++) await signIn(user.email, "wrong", client);
    expect((await signIn(user.email, password, client)).status).toBe(200);
    expect((await signIn(user.email, "wrong", client)).status).toBe(401);
    expect((await signIn(user.email, password, client)).status).toBe(429);
  });

  it(`lets no more than ${ACCOUNT_LIMIT} wrong guesses sent at once from one client reach the password check`, async () => {
    const user = await makeUserWithPassword(password);
    const client = newClient();
    const answers = await Promise.all(Array.from({ length: 2 * ACCOUNT_LIMIT }, () => signIn(user.email, "wrong", client)));
    // Refusals are not in the route's types: the statuses are read as numbers.
    const statuses: number[] = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(ACCOUNT_LIMIT);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(ACCOUNT_LIMIT);
    expect((await signIn(user.email, password, client)).status).toBe(429);
  });

  it("locks an unknown address exactly like a known one, so the lock tells nothing about which accounts exist", async () => {
    const known = await makeUserWithPassword(password);
    const unknown = uniqueEmail("nobody");
    const answers = [];
    for (const email of [known.email, unknown]) {
      const client = newClient();
      for (let i = 0; i < ACCOUNT_LIMIT; i++) expect((await signIn(email, "wrong", client)).status).toBe(401);
      const locked = await signIn(email, "wrong", client);
      answers.push({ status: locked.status, error: await errorOf(locked) });
    }
    expect(answers).toEqual([
      { status: 429, error: LOCKED },
      { status: 429, error: LOCKED },
    ]);
  });

  it(`stops one client after ${CLIENT_LIMIT} failures across accounts, for any address`, async () => {
    const client = newClient();
    for (let i = 0; i < CLIENT_LIMIT; i++) expect((await signIn(uniqueEmail("spray"), "wrong", client)).status).toBe(401);
    const user = await makeUserWithPassword(password);
    for (const email of [uniqueEmail("spray"), user.email]) {
      const response = await signIn(email, password, client);
      expect(response.status).toBe(429);
      expect(await errorOf(response)).toBe(LOCKED);
    }
    expect((await signIn(user.email, password)).status).toBe(200);

    await ageAttempts(client);
    expect((await signIn(user.email, password, client)).status).toBe(200);
  });
});

describe("the client a request comes from", () => {
  const from = (address?: string) => clientOf(new Headers(address ? { "CF-Connecting-IP": address } : {}));

  it("is the IPv4 address Cloudflare saw, or the /64 network of an IPv6 one", () => {
    expect(from("192.0.2.7")).toBe("192.0.2.7");
    expect(from("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(from("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(from("2001:DB8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(from("2001:db8::1")).toBe("2001:db8:0:0::/64");
  });

  it("is 'unknown' without the header or with something that is not an address", () => {
    expect(from()).toBe("unknown");
    expect(from("x".repeat(100))).toBe("unknown");
  });
});
