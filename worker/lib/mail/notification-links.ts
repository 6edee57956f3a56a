import type { Bindings } from "@worker/env";
import type { NotifyKind } from "@worker/shared/notify-kinds";
import { NOTIFY_KINDS } from "@worker/shared/notify-kinds";
import { readFields, signFields } from "../signed-token";

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

const PURPOSE = "notify";

/** The person and kind a token names, or null when it was not made by this app (or was altered). */
export async function readNotificationToken(env: Pick<Bindings, "JWT_SECRET">, token: string): Promise<NotificationSubject | null> {
  const [userId, kind, extra] = (await readFields(env, PURPOSE, token)) ?? [];
  return userId && NOTIFY_KINDS.includes(kind as NotifyKind) && extra === undefined ? { userId, kind: kind as NotifyKind } : null;
}

/**
 * The links every notification e-mail carries: the stop page its footer links to, the one-click URL of its
 * List-Unsubscribe header, and all the preferences.
 */
export async function notificationLinks(env: Pick<Bindings, "JWT_SECRET" | "APP_ORIGIN">, subject: NotificationSubject) {
  const token = encodeURIComponent(await signFields(env, PURPOSE, [subject.userId, subject.kind]));
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
