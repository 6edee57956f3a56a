// The Worker's environment. `wrangler types` writes the bindings and vars of wrangler.jsonc into
// worker/worker-configuration.d.ts (the global `Env`; `npm run env-types`, checked by the lint); this file adds what the
// configuration cannot say: the queues' messages, the environments' names and the secrets set with `wrangler secret put`.

import type { I18n } from "@lingui/core";
import type { RunLocale } from "@worker/shared/locales";

export interface Bindings extends Omit<
  Env,
  "MAIL_QUEUE" | "NOTIFY_QUEUE" | "ENVIRONMENT" | "JWT_SECRET" | "PASSWORD_PEPPER" | "VAPID_PRIVATE_KEY"
> {
  /** Mail to deliver: up to 100 outbox ids a message (one provider call), consumed by worker/lib/mail/mail-queue.ts. */
  MAIL_QUEUE: Queue<{ ids: string[] }>;
  /** Notification work (worker/features/notifications/notify-queue.ts): a digest to turn into mail and push, or pushes to send. */
  NOTIFY_QUEUE: Queue<NotifyMessage>;
  ENVIRONMENT: "development" | "production" | "test";
  // Secrets (wrangler.jsonc ships development values for the first three; production refuses to run on them).
  JWT_SECRET: string;
  PASSWORD_PEPPER: string;
  /** Web Push (RFC 8292): the private half (the JWK's `d`) of the VAPID pair whose public half is VAPID_PUBLIC_KEY. */
  VAPID_PRIVATE_KEY: string;
  GOOGLE_CLIENT_ID?: string;
  UNSPLASH_ACCESS_KEY?: string;
  PEXELS_API_KEY?: string;
  GOOGLE_MAPS_API_KEY?: string;
  MAIL_API_KEY?: string;
  MAIL_FROM?: string;
  /** "on" in the Worker tests: every documented answer is checked against its schema. */
  CONTRACT_CHECK?: string;
}

/**
 * What the notify queue carries. `digest`: the change-log rows a digest took, to be mailed and pushed to their audiences
 * (recipients paged: `page` 0 enqueues the further pages). `push`: push_outbox rows to send (at most 50).
 */
export type NotifyMessage = { type: "digest"; digestId: string; page?: number } | { type: "push"; ids: string[] };

export interface SignedInUser {
  id: string;
  /** The sign-in (refresh family) the access token belongs to. */
  sessionId: string;
}

export interface AppEnv {
  Bindings: Bindings;
  Variables: {
    requestId: string;
    user: SignedInUser | null;
    /** The reader's language (lib/i18n.ts): what the answer, its errors and its files are written in. */
    locale: RunLocale;
    i18n: I18n;
  };
}
