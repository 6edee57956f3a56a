import { env } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { otps, passwordResets, users, mailOutbox } from "@worker/db/schema";
import { hashPassword, PBKDF2_ITERATIONS, verifyPassword } from "@worker/lib/auth/passwords";
import {
  askForLink,
  linkIdMailedTo,
  makeUserWithPassword,
  refresh,
  requestLink,
  resetByLink,
  signIn,
  uniqueEmail,
} from "@worker/test/accounts";
import { mailsTo, requestCode, resetPasswordByOtp, verifiedCode, verifyCode, sendCode } from "@worker/test/auth";
import { apiAs, errorOf } from "@worker/test/client";
import { call, db, makeUser } from "@worker/test/helpers";
import { newClient } from "@worker/test/network";

const PEPPER = "test-pepper";
const OLD_PASSWORD = "old password 123";
const NEW_PASSWORD = "new password 456";
const SENT = { success: true, message: "If an account exists for this email, a reset link has been sent." };

async function signedInUser() {
  const user = await makeUserWithPassword(OLD_PASSWORD);
  const session = await (await signIn(user.email, OLD_PASSWORD)).json();
  return { user, session };
}

describe("password hashing", () => {
  it("uses PBKDF2-SHA256 with at most 100,000 iterations, the Workers maximum", async () => {
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(100_000);
    await expect(hashPassword(PEPPER, "secret", PBKDF2_ITERATIONS + 1)).rejects.toThrow(RangeError);
    const stronger = (await hashPassword(PEPPER, "secret")).replace("$100000$", "$200000$");
    await expect(verifyPassword(PEPPER, "secret", stronger)).rejects.toThrow(RangeError);
  });

  it("stores the algorithm, iterations, a 16-byte salt and the hash in one string", async () => {
    const stored = await hashPassword(PEPPER, "secret");
    expect(stored).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await hashPassword(PEPPER, "secret")).not.toBe(stored);
  });

  it("verifies the right password only, and only with the same pepper", async () => {
    const stored = await hashPassword(PEPPER, "secret");
    expect(await verifyPassword(PEPPER, "secret", stored)).toBe(true);
    expect(await verifyPassword(PEPPER, "Secret", stored)).toBe(false);
    expect(await verifyPassword("another-pepper", "secret", stored)).toBe(false);
    expect(await verifyPassword(PEPPER, "secret", "md5$abc")).toBe(false);
  });

  it("verifies hashes made with other parameters, so the cost can be raised later", async () => {
    const cheaper = await hashPassword(PEPPER, "secret", 1000);
    expect(cheaper.split("$")[1]).toBe("1000");
    expect(await verifyPassword(PEPPER, "secret", cheaper)).toBe(true);
  });
});

describe("GET /oapi/resetpassword/:identifier", () => {
  it("mails a link built from APP_ORIGIN, even when the request names another host", async () => {
    const user = await makeUser();
    // A public host with development settings is refused outright, so the forged host rides in the headers.
    const response = await requestLink(user.email.toUpperCase(), { Host: "evil.example", "X-Forwarded-Host": "evil.example" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(SENT);

    const [mail] = await mailsTo(user.email);
    expect(mail!.text).toContain(`${env.APP_ORIGIN}/reset-password/`);
    expect(mail!.html).not.toContain("evil.example");
    const id = await linkIdMailedTo(user.email);
    const [row] = await db().select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(row!.tokenHash).not.toBe(id);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60 * 1000);
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);
  });

  it("answers an unknown address exactly like a known one and mails nothing", async () => {
    const known = await requestLink((await makeUser()).email);
    const email = uniqueEmail("nobody");
    const unknown = await requestLink(email);
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());

    const mailbox = await (await apiAs().dev["mailbox.json"].$get()).json();
    expect(mailbox.some((m) => m.to === email)).toBe(false);
  });

  it("sends at most 3 links per account per hour, with the same answer beyond, also to requests sent at once", async () => {
    const user = await makeUser();
    const answers = await Promise.all(Array.from({ length: 8 }, () => requestLink(user.email)));
    for (const response of answers) {
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(SENT);
    }
    expect(await mailsTo(user.email)).toHaveLength(3);
    expect(await db().select().from(passwordResets).where(eq(passwordResets.userId, user.id))).toHaveLength(3);
  });

  it("answers without waiting for the lookup: the work runs after the response, so its time tells nothing", async () => {
    const user = await makeUser();
    const background: Promise<unknown>[] = [];
    const ctx = { waitUntil: (work: Promise<unknown>) => void background.push(work), passThroughOnException() {}, props: {} };
    for (const identifier of [user.email, uniqueEmail("nobody")]) {
      const response = await askForLink(identifier, ctx);
      expect(await response.json()).toEqual(SENT);
    }
    expect(background).toHaveLength(2);
    await Promise.all(background);
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it("refuses an address of 255 characters with 'Please enter a valid email address'", async () => {
    const response = await requestLink(`${"a".repeat(243)}@example.com`);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("Please enter a valid email address");
  });
});

describe("POST /oapi/resetpassword/:resetPasswordId", () => {
  it("sets the new password, uses the link up and signs the account out everywhere", async () => {
    const { user, session } = await signedInUser();
    await requestLink(user.email);
    const id = await linkIdMailedTo(user.email);

    const response = await resetByLink(id, NEW_PASSWORD);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    expect((await signIn(user.email, NEW_PASSWORD)).status).toBe(200);
    expect((await signIn(user.email, OLD_PASSWORD)).status).toBe(401);
    expect((await refresh(session.refreshToken)).status).toBe(401);
    expect((await apiAs(session.authToken).api.profile.user.$get()).status).toBe(401);

    const again = await resetByLink(id, "another password 789");
    expect(again.status).toBe(400);
    expect(await errorOf(again)).toBe("This reset link is invalid or has expired.");
  });

  it("answers 'This reset link is invalid or has expired.' for an expired or unknown link", async () => {
    const user = await makeUserWithPassword(OLD_PASSWORD);
    await requestLink(user.email);
    const id = await linkIdMailedTo(user.email);
    await db()
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));

    for (const link of [id, "made-up-id"]) {
      const response = await resetByLink(link, NEW_PASSWORD);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe("This reset link is invalid or has expired.");
    }
    expect((await signIn(user.email, OLD_PASSWORD)).status).toBe(200);
  });

  it.each([
    ["", "", "Password is required"],
    ["short", "short", "Password must be at least 8 characters long"],
    [NEW_PASSWORD, "", "Please confirm your password"],
    [NEW_PASSWORD, "different password", "Passwords do not match"],
  ])("answers the validation message for %o and %o: %s", async (password, confirmPassword, message) => {
    const response = await resetByLink("some-id", password, confirmPassword);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(message);
  });

  // A missing field is outside the route's types: those bodies go as plain JSON.
  it.each([
    [{ confirmPassword: "x" }, "Password is required"],
    [{ password: NEW_PASSWORD }, "Please confirm your password"],
  ])("answers the validation message for %o: %s", async (body, message) => {
    const response = await call("/oapi/resetpassword/some-id", { method: "POST", json: body });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(message);
  });
});

describe("POST /oapi/resetpasswordbyotpverification", () => {
  it("sets the new password with a verified reset code, uses the code up and signs the account out everywhere", async () => {
    const { user, session } = await signedInUser();
    const otpId = await verifiedCode(user.email, "PASSWORD_RESET");

    const response = await resetPasswordByOtp({ emailId: user.email, password: NEW_PASSWORD, otpId });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    expect((await signIn(user.email, NEW_PASSWORD)).status).toBe(200);
    expect((await refresh(session.refreshToken)).status).toBe(401);
    expect((await apiAs(session.authToken).api.profile.user.$get()).status).toBe(401);
    const [otp] = await db().select().from(otps).where(eq(otps.id, otpId));
    expect(otp!.consumedAt).toBeInstanceOf(Date);

    const again = await resetPasswordByOtp({ emailId: user.email, password: "another password", otpId });
    expect(again.status).toBe(400);
    expect(await errorOf(again)).toBe("Please verify the code sent to your email first");
  });

  it("works for a code asked for by phone number", async () => {
    const user = await makeUserWithPassword(OLD_PASSWORD, { phone: "9876501234" });
    const otpId = await requestCode("9876501234", "PASSWORD_RESET");
    const [mail] = await mailsTo(user.email);
    const code = /\b\d{6}\b/.exec(mail!.text)![0];
    expect((await verifyCode(otpId, code)).status).toBe(200);

    const response = await resetPasswordByOtp({ emailId: "9876501234", password: NEW_PASSWORD, otpId });
    expect(response.status).toBe(200);
    expect((await signIn(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("answers 'Please verify the code sent to your email first' for an unverified, foreign or registration code", async () => {
    const user = await makeUserWithPassword(OLD_PASSWORD);
    const other = await makeUser();
    const unverified = await requestCode(user.email, "PASSWORD_RESET");
    const othersCode = await verifiedCode(other.email, "PASSWORD_RESET");
    const registration = await verifiedCode(uniqueEmail());
    await db().update(otps).set({ target: user.email }).where(eq(otps.id, registration));

    for (const otpId of [unverified, othersCode, registration, crypto.randomUUID()]) {
      const response = await resetPasswordByOtp({ emailId: user.email, password: NEW_PASSWORD, otpId });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe("Please verify the code sent to your email first");
    }
    const unknown = await resetPasswordByOtp({ emailId: uniqueEmail(), password: NEW_PASSWORD, otpId: othersCode });
    expect(unknown.status).toBe(400);
    expect((await signIn(user.email, OLD_PASSWORD)).status).toBe(200);
  });

  it("answers 'Password must be at least 8 characters long' for a short password", async () => {
    const user = await makeUser();
    const otpId = await verifiedCode(user.email, "PASSWORD_RESET");
    const response = await resetPasswordByOtp({ emailId: user.email, password: "short", otpId });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("Password must be at least 8 characters long");
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toBeNull();
  });
});

const ADDRESS_LIMITED = "Too many codes requested. Please try again later.";
const NETWORK_LIMITED = "Too many codes requested from your network. Please try again in an hour.";

const rowsFor = (target: string) => db().select().from(otps).where(eq(otps.target, target));
const mailsFor = (targets: string[]) => db().select().from(mailOutbox).where(inArray(mailOutbox.to, targets));

/** Asks for one code for each address from `client`, all at once; answers the statuses in order. */
async function sendAllAtOnce(addresses: string[], client: string): Promise<number[]> {
  const responses = await Promise.all(addresses.map((address) => sendCode(address, undefined, client)));
  return responses.map((response) => response.status);
}

describe("POST /oapi/otp: the per-address limit under parallel requests", () => {
  it("sends 5 codes, and no more, when 30 requests for one address arrive at once from different networks", async () => {
    const email = uniqueEmail();
    const responses = await Promise.all(Array.from({ length: 30 }, () => sendCode(email)));

    const sent = responses.filter((response) => response.status === 200);
    const refused = responses.filter((response) => response.status !== 200);
    expect(sent).toHaveLength(5);
    expect(refused).toHaveLength(25);
    const ids = await Promise.all(sent.map(async (response) => (await response.json()).id));
    expect(new Set(ids).size).toBe(5);
    for (const response of refused) {
      expect(response.status).toBe(429);
      expect(await errorOf(response)).toBe(ADDRESS_LIMITED);
    }

    expect((await rowsFor(email)).map((row) => row.id).sort()).toEqual([...ids].sort());
    expect(await mailsFor([email])).toHaveLength(5);
  });
});

describe("POST /oapi/otp: the per-network limit", () => {
  it("gives one network 30 codes an hour across addresses, then answers 429 with the network message", async () => {
    const client = newClient();
    // A registered address counts like a new one, so the limit tells nothing about accounts.
    const registered = (await makeUser()).email;
    const addresses = [registered, ...Array.from({ length: 29 }, () => uniqueEmail())];
    expect(await sendAllAtOnce(addresses, client)).toEqual(Array<number>(30).fill(200));

    const thirtyFirst = uniqueEmail();
    const refused = await sendCode(thirtyFirst, undefined, client);
    expect(refused.status).toBe(429);
    expect(await errorOf(refused)).toBe(NETWORK_LIMITED);
    expect(await rowsFor(thirtyFirst)).toHaveLength(0);
    expect(await mailsFor([thirtyFirst])).toHaveLength(0);

    const elsewhere = await sendCode(thirtyFirst, undefined, newClient());
    expect(elsewhere.status).toBe(200);
    expect(await mailsFor([thirtyFirst])).toHaveLength(1);
  });

  it("lets 30 of 40 requests from one network through when they arrive at once", async () => {
    const addresses = Array.from({ length: 40 }, () => uniqueEmail());
    const statuses = await sendAllAtOnce(addresses, newClient());
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    expect(await mailsFor(addresses)).toHaveLength(30);
  });

  it("counts a password-reset request for an unknown address like any other", async () => {
    const client = newClient();
    const addresses = Array.from({ length: 30 }, () => uniqueEmail("nobody"));
    const responses = await Promise.all(addresses.map((address) => sendCode(address, "PASSWORD_RESET", client)));
    expect(responses.map((response) => response.status)).toEqual(Array<number>(30).fill(200));

    const refused = await sendCode(uniqueEmail(), undefined, client);
    expect(refused.status).toBe(429);
    expect(await errorOf(refused)).toBe(NETWORK_LIMITED);
  });

  it("gives the network codes again once its codes are an hour old", async () => {
    const client = newClient();
    await sendAllAtOnce(
      Array.from({ length: 30 }, () => uniqueEmail()),
      client,
    );
    expect((await sendCode(uniqueEmail(), undefined, client)).status).toBe(429);

    await db()
      .update(otps)
      .set({ createdAt: new Date(Date.now() - 61 * 60 * 1000) })
      .where(eq(otps.client, client));
    expect((await sendCode(uniqueEmail(), undefined, client)).status).toBe(200);
  });

  it("counts two IPv6 addresses in one /64 as one network", async () => {
    const addresses = Array.from({ length: 30 }, () => uniqueEmail());
    expect(await sendAllAtOnce(addresses, "2001:db8:1:2::a")).toEqual(Array<number>(30).fill(200));

    const sameNetwork = await sendCode(uniqueEmail(), undefined, "2001:db8:1:2:ffff:ffff:ffff:1");
    expect(sameNetwork.status).toBe(429);
    expect(await errorOf(sameNetwork)).toBe(NETWORK_LIMITED);
    expect((await sendCode(uniqueEmail(), undefined, "2001:db8:1:3::a")).status).toBe(200);
  });
});
