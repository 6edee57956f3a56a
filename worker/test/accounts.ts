import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { ExecutionContext } from "hono";
import type { InferRequestType } from "hono/client";
import { testClient } from "hono/testing";
import { expect } from "vitest";
import app from "@worker/app";
import { hashPassword } from "@worker/lib/auth/passwords";
import { encodingPathParams } from "@worker/shared/encoded-params";
import { mailsTo, verifiedCode } from "./auth";
import { apiAs } from "./client";
import { makeUser } from "./helpers";
import { newClient } from "./network";

const anonymous = apiAs();
type SignUp = InferRequestType<typeof anonymous.auth.signup.$post>["json"];

let counter = 0;
export const uniqueEmail = (label = "person") => `${label}-${++counter}-${crypto.randomUUID().slice(0, 8)}@example.com`;

export const signUp = (json: SignUp) => anonymous.auth.signup.$post({ json });

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

/** Signs in from `client`; by default from a client of its own, so per-client throttles apply only where a test means them. */
export const signIn = (emailOrPhone: string, password: string, client = newClient()) =>
  anonymous.auth.signin.$post({ json: { emailOrPhone, password } }, { headers: { "CF-Connecting-IP": client } });

/** Trades a refresh token as the web client does, in the RefreshToken header. */
export const refresh = (refreshToken: string) =>
  anonymous.auth["refresh-user-token"].$get(undefined, { headers: { RefreshToken: `Bearer ${refreshToken}` } });

/** Asks for a reset link through `ctx`, which holds the work the answer leaves behind (the mail is sent after it). */
export const askForLink = (identifier: string, ctx: ExecutionContext, headers: Record<string, string> = {}) =>
  // The client puts params in the path as they are: the address is encoded as the web does.
  encodingPathParams(testClient(app, env, ctx, { headers })).oapi.resetpassword[":identifier"].$get({ param: { identifier } });

/** Asks for a reset link and waits for the work the answer leaves behind. */
export async function requestLink(identifier: string, headers: Record<string, string> = {}) {
  const ctx = createExecutionContext();
  const response = await askForLink(identifier, ctx, headers);
  await waitOnExecutionContext(ctx);
  return response;
}

/** The reset id in the newest link mailed to this address. */
export async function linkIdMailedTo(email: string): Promise<string> {
  const [mail] = await mailsTo(email);
  const id = mail && new RegExp(`${env.APP_ORIGIN}/reset-password/([A-Za-z0-9_-]+)`).exec(mail.text)?.[1];
  if (!id) throw new Error(`No reset link mailed to ${email}`);
  return id;
}

export const resetByLink = (resetPasswordId: string, password: string, confirmPassword = password) =>
  anonymous.oapi.resetpassword[":identifier"].$post({ param: { identifier: resetPasswordId }, json: { password, confirmPassword } });
