import { env } from "cloudflare:workers";
import type { InferRequestType } from "hono/client";
import { expect } from "vitest";
import { hashPassword } from "../../lib/auth/passwords";
import { verifiedCode } from "../../test/auth";
import { apiAs } from "../../test/client";
import { makeUser } from "../../test/helpers";

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

let clients = 0;
/** A client address of its own (in 198.18.0.0/15, kept for tests), as CF-Connecting-IP would name it. */
export const newClient = () => {
  clients++;
  return `198.18.${Math.floor(clients / 250)}.${clients % 250}`;
};

/** Signs in from `client`; by default from a client of its own, so per-client throttles apply only where a test means them. */
export const signIn = (emailOrPhone: string, password: string, client = newClient()) =>
  anonymous.auth.signin.$post({ json: { emailOrPhone, password } }, { headers: { "CF-Connecting-IP": client } });

/** Trades a refresh token as the web client does, in the RefreshToken header. */
export const refresh = (refreshToken: string) => anonymous.auth["refresh-user-token"].$get(undefined, { headers: { RefreshToken: `Bearer ${refreshToken}` } });
