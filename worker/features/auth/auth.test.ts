import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { otps, rsvps, users, passwordResets } from "@worker/db/schema";
import {
  refresh,
  register,
  signIn,
  signUp,
  uniqueEmail,
  linkIdMailedTo,
  makeUserWithPassword,
  requestLink,
  resetByLink,
} from "@worker/test/accounts";
import { codeMailedTo, mailsTo, requestCode, sendCode, verifiedCode, verifyCode } from "@worker/test/auth";
import { apiAs, errorOf } from "@worker/test/client";
import { call, db, makeEvent, makeUser } from "@worker/test/helpers";

const otpRow = async (id: string) => (await db().select().from(otps).where(eq(otps.id, id)))[0]!;

describe("POST /oapi/otp", () => {
  it("mails a 6-digit registration code (a mail with a <title>) and answers its id; the code is stored hashed", async () => {
    const email = uniqueEmail();
    const response = await sendCode(`  ${email.toUpperCase()} `);
    expect(response.status).toBe(200);
    const { id } = await response.json();

    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe("Your Experiences verification code");
    const code = await codeMailedTo(email);
    expect(mail!.html).toContain(code);
    expect(mail!.html).toMatch(/<head>.*<title>[^<]+<\/title>.*<\/head>/s);
    const row = await otpRow(id);
    expect(row).toMatchObject({ target: email, purpose: "REGISTER", failedAttempts: 0 });
    expect(row.codeHash).not.toContain(code);
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(9 * 60 * 1000);
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60 * 1000);
  });

  it("answers a registered e-mail exactly as a new one, and mails its owner a note instead of a code", async () => {
    const user = await makeUser();
    const registered = await sendCode(user.email.toUpperCase());
    const fresh = await sendCode(uniqueEmail());
    expect(registered.status).toBe(200);
    expect(registered.status).toBe(fresh.status);
    const body = await registered.json();
    expect(Object.keys(body)).toEqual(Object.keys(await fresh.json()));

    const [note, ...others] = await mailsTo(user.email);
    expect(others).toHaveLength(0);
    expect(note!.subject).toBe("You already have an Experiences account");
    expect(note!.text).toContain(env.APP_ORIGIN);
    expect(note!.text).not.toMatch(/\b\d{6}\b/);
    // Nobody can know the stored code, so the address cannot be registered a second time.
    expect(await otpRow(body.id)).toMatchObject({ target: user.email, purpose: "REGISTER" });
  });

  it("counts codes asked for a registered e-mail against the same limit as any other", async () => {
    const user = await makeUser();
    for (let i = 0; i < 5; i++) expect((await sendCode(user.email)).status).toBe(200);
    const response = await sendCode(user.email);
    expect(response.status).toBe(429);
    expect(await errorOf(response)).toBe("Too many codes requested. Please try again later.");
  });

  it("refuses an address of 255 characters and stores nothing for it", async () => {
    const long = `${"a".repeat(243)}@example.com`;
    expect(long).toHaveLength(255);
    for (const otpType of [undefined, "PASSWORD_RESET"]) {
      const response = await sendCode(long, otpType);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe("Please enter a valid email address");
    }
    expect(await db().select().from(otps).where(eq(otps.target, long))).toHaveLength(0);

    const longest = `${"a".repeat(242)}@example.com`;
    expect((await sendCode(longest)).status).toBe(200);
  });

  it("answers 'Please register with your email address' for a phone number", async () => {
    const response = await sendCode("9876543210");
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("Please register with your email address");
  });

  it("answers 'Please enter a valid email address' for a malformed address", async () => {
    for (const emailOrPhone of ["not-an-email", "a@b.c", "0123456789"]) {
      const response = await sendCode(emailOrPhone);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe("Please enter a valid email address");
    }
  });

  it("answers 'Email or phone is required' without an address", async () => {
    // No address at all is outside the route's types.
    const response = await call("/oapi/otp", { method: "POST", json: {} });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("Email or phone is required");
  });

  it("answers 'Too many codes requested. Please try again later.' after 5 codes in 15 minutes", async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 5; i++) await requestCode(email);
    const response = await sendCode(email);
    expect(response.status).toBe(429);
    expect(await errorOf(response)).toBe("Too many codes requested. Please try again later.");
    expect(await mailsTo(email)).toHaveLength(5);

    await db()
      .update(otps)
      .set({ createdAt: new Date(Date.now() - 16 * 60 * 1000) })
      .where(eq(otps.target, email));
    expect((await sendCode(email)).status).toBe(200);
  });

  it("sends a PASSWORD_RESET code for an account's phone number to the account's e-mail", async () => {
    const user = await makeUser({ phone: "9123456780" });
    const id = await requestCode("9123456780", "PASSWORD_RESET");
    expect(await otpRow(id)).toMatchObject({ target: user.email, purpose: "PASSWORD_RESET" });
    expect(await codeMailedTo(user.email)).toMatch(/^\d{6}$/);
  });

  it("answers a PASSWORD_RESET code for an unknown address with the same shape and sends nothing", async () => {
    const email = uniqueEmail("nobody");
    const response = await sendCode(email, "PASSWORD_RESET");
    expect(response.status).toBe(200);
    expect(Object.keys(await response.json())).toEqual(["id"]);
    expect(await mailsTo(email)).toHaveLength(0);

    const unknownPhone = await sendCode("9000000001", "PASSWORD_RESET");
    expect(unknownPhone.status).toBe(200);
  });
});

describe("POST /oapi/otp/verify", () => {
  it("answers { verified: true } for the right code", async () => {
    const email = uniqueEmail();
    const id = await requestCode(email);
    const response = await verifyCode(id, await codeMailedTo(email));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ verified: true });
    expect(await otpRow(id)).toMatchObject({ failedAttempts: 0, verifiedAt: expect.any(Date) });
  });

  it("answers 'Invalid OTP. Please try again.' after a wrong code", async () => {
    const email = uniqueEmail();
    const id = await requestCode(email);
    const wrong = (Number(await codeMailedTo(email)) + 1) % 1_000_000;
    const response = await verifyCode(id, String(wrong).padStart(6, "0"));
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("Invalid OTP. Please try again.");
    expect((await otpRow(id)).failedAttempts).toBe(1);
  });

  it("answers 'Invalid OTP. Please try again.' for an unknown id", async () => {
    const response = await verifyCode(crypto.randomUUID(), "123456");
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("Invalid OTP. Please try again.");
  });

  it("refuses an expired code", async () => {
    const email = uniqueEmail();
    const id = await requestCode(email);
    await db()
      .update(otps)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(otps.id, id));
    const response = await verifyCode(id, await codeMailedTo(email));
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("Invalid OTP. Please try again.");
  });

  it("refuses even the right code after 5 wrong tries", async () => {
    const email = uniqueEmail();
    const id = await requestCode(email);
    const code = await codeMailedTo(email);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) expect((await verifyCode(id, wrong)).status).toBe(400);
    const response = await verifyCode(id, code);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("Invalid OTP. Please try again.");
    expect((await otpRow(id)).verifiedAt).toBeNull();
  });

  it("refuses a code that has been used", async () => {
    const { emailId } = await register();
    const [row] = await db().select().from(otps).where(eq(otps.target, emailId));
    const response = await verifyCode(row!.id, await codeMailedTo(emailId));
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("Invalid OTP. Please try again.");
  });

  it("answers 'Please enter a valid 6-digit OTP' for a code that is not 6 characters", async () => {
    const response = await verifyCode(crypto.randomUUID(), "12345");
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("Please enter a valid 6-digit OTP");
  });
});

describe("POST /auth/signup", () => {
  const details = { password: "correct horse battery", firstName: "Ada", lastName: "Lovelace" };

  it("creates the account and answers 201 with the user, authToken and refreshToken", async () => {
    const email = uniqueEmail();
    const id = await verifiedCode(email);
    const response = await signUp({ ...details, emailId: ` ${email.toUpperCase()} `, organisation: "  Analytical Engines ", id });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toEqual({
      guid: expect.any(String),
      firstName: "Ada",
      lastName: "Lovelace",
      emailId: email,
      organisation: "Analytical Engines",
      bio: "",
      tags: [],
      profilePic: null,
      language: null,
      authToken: expect.any(String),
      refreshToken: expect.any(String),
    });

    const profile = await apiAs(body.authToken).api.profile.user.$get();
    expect(profile.status).toBe(200);
    expect((await profile.json()).guid).toBe(body.guid);
    expect((await refresh(body.refreshToken)).status).toBe(200);
    expect((await signIn(email, details.password)).status).toBe(200);
  });

  it.each([
    [{ emailId: "not-an-email" }, "Please enter a valid email address"],
    [{ emailId: "someone@example.toolongtld" }, "Please enter a valid email address"],
    [{ emailId: `${"a".repeat(243)}@example.com` }, "Please enter a valid email address"],
    [{ firstName: "   " }, "First name is required"],
    [{ lastName: "" }, "Last name is required"],
    [{ password: "" }, "Password is required"],
    [{ firstName: "A".repeat(101) }, "First name is too long"],
    [{ lastName: "L".repeat(101) }, "Last name is too long"],
    [{ organisation: "O".repeat(201) }, "Organisation is too long"],
    [{ password: "p".repeat(201) }, "Password must be at most 200 characters long"],
  ])("answers the validation message for %o: %s", async (change, message) => {
    const response = await signUp({ ...details, emailId: uniqueEmail(), id: "x", ...change });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(message);
  });

  // A missing field is outside the route's types: those bodies go as plain JSON.
  it.each([
    ["emailId", "Please enter a valid email address"],
    ["firstName", "First name is required"],
    ["password", "Password is required"],
  ] as const)("answers the validation message without %s: %s", async (missing, message) => {
    const response = await call("/auth/signup", {
      method: "POST",
      json: { ...details, emailId: uniqueEmail(), id: "x", [missing]: undefined },
    });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(message);
  });

  it("answers 'Please verify your email address first' without a verified code for that e-mail", async () => {
    const email = uniqueEmail();
    const unverified = await requestCode(email);
    const otherEmail = uniqueEmail();
    const forAnother = await verifiedCode(otherEmail);
    const resetCode = await verifiedCode((await makeUser()).email, "PASSWORD_RESET");
    for (const id of [unverified, forAnother, resetCode, crypto.randomUUID()]) {
      const response = await signUp({ ...details, emailId: email, id });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe("Please verify your email address first");
    }
    expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it("uses the code up: a second sign-up with the same id is refused", async () => {
    const email = uniqueEmail();
    const id = await verifiedCode(email);
    expect((await signUp({ ...details, emailId: email, id })).status).toBe(201);
    expect((await otpRow(id)).consumedAt).toBeInstanceOf(Date);
    await db().delete(users).where(eq(users.email, email));
    const again = await signUp({ ...details, emailId: email, id });
    expect(again.status).toBe(400);
    expect(await errorOf(again)).toBe("Please verify your email address first");
  });

  it("answers a registered e-mail without its verified code exactly as a new one, so sign-up tells nobody which accounts exist", async () => {
    const user = await makeUser();
    const answers = [];
    for (const emailId of [user.email, uniqueEmail()]) {
      const response = await signUp({ ...details, emailId, id: crypto.randomUUID() });
      answers.push({ status: response.status, error: await errorOf(response) });
    }
    expect(answers[0]).toEqual({ status: 400, error: "Please verify your email address first" });
    expect(answers[1]).toEqual(answers[0]);
  });

  it("answers 409 'An account with this email already exists. Please sign in.' for a taken e-mail", async () => {
    const email = uniqueEmail();
    const id = await verifiedCode(email);
    await makeUser({ email });
    const response = await signUp({ ...details, emailId: email, id });
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toBe("An account with this email already exists. Please sign in.");
  });

  it("attaches the RSVPs invited by that e-mail to the new account", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    const email = uniqueEmail("invitee");
    await db().insert(rsvps).values({ id: crypto.randomUUID(), eventId: event.id, email, status: "REQUESTED" });
    const user = await register({ emailId: email });
    const [rsvp] = await db().select().from(rsvps).where(eq(rsvps.eventId, event.id));
    expect(rsvp!.userId).toBe(user.guid);
  });
});

const PASSWORD = "old password 123";
const checkLink = (resetPasswordId: string) => apiAs().oapi["reset-password"][":resetPasswordId"].$get({ param: { resetPasswordId } });

async function mailedLink() {
  const user = await makeUserWithPassword(PASSWORD);
  await requestLink(user.email);
  return { user, id: await linkIdMailedTo(user.email) };
}

async function expectUnusable(resetPasswordId: string) {
  const response = await checkLink(resetPasswordId);
  expect(response.status).toBe(404);
  expect(await response.json()).toEqual({ error: "This reset link is invalid or has expired." });
}

describe("GET /oapi/reset-password/:resetPasswordId", () => {
  it("answers { valid: true } for a fresh link, uncached, and leaves it usable for the reset", async () => {
    const { user, id } = await mailedLink();
    const response = await checkLink(id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ valid: true });
    expect(response.headers.get("Cache-Control")).toBe("no-store");

    expect((await checkLink(id)).status).toBe(200);
    expect((await resetByLink(id, "new password 456")).status).toBe(200);
    expect((await signIn(user.email, "new password 456")).status).toBe(200);
  });

  it("answers 404 'This reset link is invalid or has expired.' once the link has been used", async () => {
    const { id } = await mailedLink();
    expect((await resetByLink(id, "new password 456")).status).toBe(200);
    await expectUnusable(id);
  });

  it("answers the same 404 for an expired link", async () => {
    const { user, id } = await mailedLink();
    await db()
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    await expectUnusable(id);
  });

  it("answers the same 404 for an unknown link, telling nothing about any account", async () => {
    await expectUnusable("made-up-id");
    await expectUnusable(crypto.randomUUID());
  });

  it("answers the same 404 for an older link once a newer one has reset the password", async () => {
    const { user, id: older } = await mailedLink();
    await requestLink(user.email);
    const newer = await linkIdMailedTo(user.email);
    expect(newer).not.toBe(older);
    expect((await resetByLink(newer, "new password 456")).status).toBe(200);
    await expectUnusable(older);
  });

  it("answers 400 for an id longer than 200 characters", async () => {
    const response = await checkLink("x".repeat(201));
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBeTruthy();
  });
});
