import type { Bindings } from "@worker/env";
import { hmacSha256, timingSafeEqual, toBase64Url } from "@worker/lib/crypto";

// An invitation's way out: a signed token naming the address and the experience it was invited to. It never expires
// (a mail read a year later still works) and needs no sign-in: whoever holds the mail may stop what it is about.

/** The page the link in an invitation opens (web/src/features/unsubscribe). */
const UNSUBSCRIBE_PAGE = "/unsubscribe";
/** Where mail clients POST `List-Unsubscribe=One-Click` (RFC 8058). */
const ONE_CLICK_PATH = "/oapi/unsubscribe/one-click";

export interface UnsubscribeSubject {
  email: string;
  eventId: string;
}

const decoder = new TextDecoder();
const payloadOf = ({ email, eventId }: UnsubscribeSubject) => toBase64Url(new TextEncoder().encode(`${email}\n${eventId}`));
const signature = (env: Pick<Bindings, "JWT_SECRET">, payload: string) => hmacSha256(env.JWT_SECRET, `unsubscribe\n${payload}`);

async function unsubscribeToken(env: Pick<Bindings, "JWT_SECRET">, subject: UnsubscribeSubject): Promise<string> {
  const payload = payloadOf(subject);
  return `${payload}.${await signature(env, payload)}`;
}

/** The address and experience a token names, or null when it was not made by this app (or was altered). */
export async function readUnsubscribeToken(env: Pick<Bindings, "JWT_SECRET">, token: string): Promise<UnsubscribeSubject | null> {
  const [payload, signed, extra] = token.split(".");
  if (!payload || !signed || extra !== undefined) return null;
  if (!timingSafeEqual(signed, await signature(env, payload))) return null;
  try {
    const bytes = Uint8Array.from(atob(payload.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
    const [email, eventId] = decoder.decode(bytes).split("\n");
    return email && eventId ? { email, eventId } : null;
  } catch {
    return null;
  }
}

/** The two ways out an invitation carries: the page its body links to, and the one-click URL of its headers. */
export async function unsubscribeLinks(env: Pick<Bindings, "JWT_SECRET" | "APP_ORIGIN">, subject: UnsubscribeSubject) {
  const token = encodeURIComponent(await unsubscribeToken(env, subject));
  return { page: `${env.APP_ORIGIN}${UNSUBSCRIBE_PAGE}?token=${token}`, oneClick: `${env.APP_ORIGIN}${ONE_CLICK_PATH}?token=${token}` };
}
