import { desc, eq, sql } from "drizzle-orm";
import type { InferRequestType } from "hono/client";
import { expect } from "vitest";
import { mailOutbox } from "@worker/db/schema";
import { apiAs } from "./client";
import { db } from "./helpers";
import { newClient } from "./network";

// Account flows that tests of several features go through: e-mailed codes, a password reset, logout.

const anonymous = apiAs();
type PasswordByOtp = InferRequestType<typeof anonymous.oapi.resetpasswordbyotpverification.$post>["json"];

export const mailsTo = (to: string) =>
  db()
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(sql`rowid`));

/** The 6-digit code in the newest mail to this address. */
export async function codeMailedTo(to: string): Promise<string> {
  const [mail] = await mailsTo(to);
  const code = mail && /\b\d{6}\b/.exec(mail.text)?.[0];
  if (!code) throw new Error(`No code mailed to ${to}`);
  return code;
}

/** Asks for a code from `client`; by default from a network of its own, so the per-network limit applies only where a test means it. */
export const sendCode = (emailOrPhone: string, otpType?: string, client = newClient()) =>
  anonymous.oapi.otp.$post({ json: { emailOrPhone, otpType } }, { headers: { "CF-Connecting-IP": client } });
export const verifyCode = (id: string, otp: string) => anonymous.oapi.otp.verify.$post({ json: { id, otp } });
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

/** Logs out as the spec's client does: the bearer access token only, no payload. */
export const logout = (authToken: string) => apiAs(authToken).auth.logout.$post();
