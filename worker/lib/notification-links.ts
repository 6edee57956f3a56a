import type { Bindings } from "@worker/env";
import type { NotifyKind } from "@worker/shared/notify-kinds";
import { NOTIFY_KINDS } from "@worker/shared/notify-kinds";
import { hmacSha256, timingSafeEqual, toBase64Url } from "./crypto";

// A notification e-mail's ways out: a signed token naming the person and the kind of mail. It never expires and needs
// no sign-in (whoever holds the mail may stop that kind of mail). Its purpose prefix differs from the invitations'
// (worker/domain/unsubscribe-link.ts), so neither token works for the other.

/** The page a notification's footer links to (web/src/features/notifications): 'You will no longer get …'. */
const STOP_PAGE = "/notifications";
/** Where mail clients POST `List-Unsubscribe=One-Click` (RFC 8058). */
const ONE_CLICK_PATH = "/oapi/notifications/one-click";
/** Every switch, for a signed-in person. */
const PREFERENCES_PATH = "/profile/notifications";

export interface NotificationSubject {
  userId: string;
  kind: NotifyKind;
}

const decoder = new TextDecoder();
const payloadOf = ({ userId, kind }: NotificationSubject) => toBase64Url(new TextEncoder().encode(`${userId}\n${kind}`));
const signature = (env: Pick<Bindings, "JWT_SECRET">, payload: string) => hmacSha256(env.JWT_SECRET, `notify\n${payload}`);

async function notificationToken(env: Pick<Bindings, "JWT_SECRET">, subject: NotificationSubject): Promise<string> {
  const payload = payloadOf(subject);
  return `${payload}.${await signature(env, payload)}`;
}

/** The person and kind a token names, or null when it was not made by this app (or was altered). */
export async function readNotificationToken(env: Pick<Bindings, "JWT_SECRET">, token: string): Promise<NotificationSubject | null> {
  const [payload, signed, extra] = token.split(".");
  if (!payload || !signed || extra !== undefined) return null;
  if (!timingSafeEqual(signed, await signature(env, payload))) return null;
  try {
    const bytes = Uint8Array.from(atob(payload.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
    const [userId, kind] = decoder.decode(bytes).split("\n");
    return userId && NOTIFY_KINDS.includes(kind as NotifyKind) ? { userId, kind: kind as NotifyKind } : null;
  } catch {
    return null;
  }
}

/**
 * The links every notification e-mail carries: the stop page its footer links to, the one-click URL of its
 * List-Unsubscribe header, and all the preferences.
 */
export async function notificationLinks(env: Pick<Bindings, "JWT_SECRET" | "APP_ORIGIN">, subject: NotificationSubject) {
  const token = encodeURIComponent(await notificationToken(env, subject));
  return {
    stop: `${env.APP_ORIGIN}${STOP_PAGE}?token=${token}`,
    oneClick: `${env.APP_ORIGIN}${ONE_CLICK_PATH}?token=${token}`,
    preferences: `${env.APP_ORIGIN}${PREFERENCES_PATH}`,
  };
}

/** The headers of RFC 8058 one-click unsubscription, for a notification e-mail. */
export const oneClickHeaders = (oneClick: string) => ({
  "List-Unsubscribe": `<${oneClick}>`,
  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
});
