import { env } from "cloudflare:workers";
import { desc, eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { mailOutbox } from "../../db/schema";
import { hashPassword } from "../../lib/auth/passwords";
import { call, db, makeUser } from "../../test/helpers";
import type { SignedIn } from "./auth.service";

let counter = 0;
export const uniqueEmail = (label = "person") => `${label}-${++counter}-${crypto.randomUUID().slice(0, 8)}@example.com`;

export const post = (path: string, json: unknown, init: Parameters<typeof call>[1] = {}) =>
  call(path, { method: "POST", json, ...init });

export const mailsTo = (to: string) => db().select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(sql`rowid`));

/** The 6-digit code in the newest mail to this address. */
export async function codeMailedTo(to: string): Promise<string> {
  const [mail] = await mailsTo(to);
  const code = mail && /\b\d{6}\b/.exec(mail.text)?.[0];
  if (!code) throw new Error(`No code mailed to ${to}`);
  return code;
}

export async function requestCode(emailOrPhone: string, otpType?: string): Promise<string> {
  const response = await post("/oapi/otp", { emailOrPhone, otpType });
  expect(response.status).toBe(200);
  return (await response.json<{ id: string }>()).id;
}

/** Asks for a code, reads it from the mailbox and verifies it; answers the OTP id. */
export async function verifiedCode(email: string, otpType?: string): Promise<string> {
  const id = await requestCode(email, otpType);
  const response = await post("/oapi/otp/verify", { id, otp: await codeMailedTo(email) });
  expect(response.status).toBe(200);
  return id;
}

export async function register(fields: { emailId?: string; password?: string } = {}): Promise<SignedIn> {
  const emailId = fields.emailId ?? uniqueEmail();
  const response = await post("/auth/signup", {
    emailId,
    password: fields.password ?? "correct horse battery",
    firstName: "Ada",
    lastName: "Lovelace",
    id: await verifiedCode(emailId),
  });
  expect(response.status).toBe(201);
  return response.json<SignedIn>();
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
  post("/auth/signin", { emailOrPhone, password }, { headers: { "CF-Connecting-IP": client } });

/** Logs out as the spec's client does: the bearer access token only, no payload. */
export const logout = (authToken: string, headers: Record<string, string> = {}) => call("/auth/logout", { method: "POST", token: authToken, headers });

export const refresh = (refreshToken: string) =>
  call("/auth/refresh-user-token", { headers: { RefreshToken: `Bearer ${refreshToken}` } });
