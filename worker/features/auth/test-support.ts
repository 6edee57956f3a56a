import { env } from "cloudflare:workers";
import { desc, eq, sql } from "drizzle-orm";
import type { InferRequestType } from "hono/client";
import { expect } from "vitest";
import { mailOutbox } from "../../db/schema";
import { hashPassword } from "../../lib/auth/passwords";
import { apiAs } from "../../test/client";
import { db, makeUser } from "../../test/helpers";

const anonymous = apiAs();
type SignUp = InferRequestType<typeof anonymous.auth.signup.$post>["json"];
type PasswordByOtp = InferRequestType<typeof anonymous.oapi.resetpasswordbyotpverification.$post>["json"];

let counter = 0;
export const uniqueEmail = (label = "person") => `${label}-${++counter}-${crypto.randomUUID().slice(0, 8)}@example.com`;

export const mailsTo = (to: string) => db().select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(sql`rowid`));

/** The 6-digit code in the newest mail to this address. */
export async function codeMailedTo(to: string): Promise<string> {
  const [mail] = await mailsTo(to);
  const code = mail && /\b\d{6}\b/.exec(mail.text)?.[0];
  if (!code) throw new Error(`No code mailed to ${to}`);
  return code;
}

export const sendCode = (emailOrPhone: string, otpType?: string) => anonymous.oapi.otp.$post({ json: { emailOrPhone, otpType } });
export const verifyCode = (id: string, otp: string) => anonymous.oapi.otp.verify.$post({ json: { id, otp } });
export const signUp = (json: SignUp) => anonymous.auth.signup.$post({ json });
export const resetPasswordByOtp = (json: PasswordByOtp) => anonymous.oapi.resetpasswordbyotpverification.$post({ json });

export async function requestCode(emailOrPhone: string, otpType?: string): Promise<string> {
  const response = await sendCode(emailOrPhone, otpType);
  expect(response.status).toBe(200);
  return (await response.json()).id;
}

/** Asks for a code, reads it from the mailbox and verifies it; answers the OTP id. */
export async function verifiedCode(email: string, otpType?: string): Promise<string> {
  const id = await requestCode(email, otpType);
  const response = await verifyCode(id, await codeMailedTo(email));
  expect(response.status).toBe(200);
  return id;
}

export async function register(fields: { emailId?: string; password?: string } = {}) {
  const emailId = fields.emailId ?? uniqueEmail();
  const response = await signUp({
    emailId,
    password: fields.password ?? "correct horse battery",
    firstName: "Ada",
    lastName: "Lovelace",
    id: await verifiedCode(emailId),
  });
  expect(response.status).toBe(201);
  return response.json();
}

export async function makeUserWithPassword(password: string, fields: Parameters<typeof makeUser>[0] = {}) {
  return makeUser({ passwordHash: await hashPassword(env.PASSWORD_PEPPER, password), ...fields });
}

let clients = 0;
/** A client address of its own (in 198.18.0.0/15, kept for tests), as CF-Connecting-IP would name it. */
export const newClient = () => {
  clients++;
  return `198.18.${Math.floor(clients / 250)}.${clients % 250}`;
};

/** Signs in from `client`; by default from a client of its own, so per-client throttles apply only where a test means them. */
export const signIn = (emailOrPhone: string, password: string, client = newClient()) =>
  anonymous.auth.signin.$post({ json: { emailOrPhone, password } }, { headers: { "CF-Connecting-IP": client } });

/** Logs out as the spec's client does: the bearer access token only, no payload. */
export const logout = (authToken: string) => apiAs(authToken).auth.logout.$post();

/** Trades a refresh token as the web client does, in the RefreshToken header. */
export const refresh = (refreshToken: string) => anonymous.auth["refresh-user-token"].$get(undefined, { headers: { RefreshToken: `Bearer ${refreshToken}` } });
