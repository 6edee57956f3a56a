import type { Bindings } from "@worker/env";
import { hmacSha256, timingSafeEqual, toBase64Url } from "./crypto";

// The tokens of links in e-mails that act without a sign-in (an invitation's unsubscribe, a notification's stop): a
// few text fields, base64url, then an HMAC of them under JWT_SECRET and the link's purpose, so a token made for one
// purpose never works for another. They never expire: a mail read a year later still works.

const decoder = new TextDecoder();
const signature = (env: Pick<Bindings, "JWT_SECRET">, purpose: string, payload: string) =>
  hmacSha256(env.JWT_SECRET, `${purpose}\n${payload}`);

/** A token naming `fields` (none may hold a line break) for `purpose`. */
export async function signFields(env: Pick<Bindings, "JWT_SECRET">, purpose: string, fields: string[]): Promise<string> {
  const payload = toBase64Url(new TextEncoder().encode(fields.join("\n")));
  return `${payload}.${await signature(env, purpose, payload)}`;
}

/** The fields a token names, or null when it was not made by this app for `purpose` (or was altered). */
export async function readFields(env: Pick<Bindings, "JWT_SECRET">, purpose: string, token: string): Promise<string[] | null> {
  const [payload, signed, extra] = token.split(".");
  if (!payload || !signed || extra !== undefined) return null;
  if (!timingSafeEqual(signed, await signature(env, purpose, payload))) return null;
  try {
    const bytes = Uint8Array.from(atob(payload.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
    return decoder.decode(bytes).split("\n");
  } catch {
    return null;
  }
}
