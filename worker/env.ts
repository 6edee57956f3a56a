import type { EventRoom } from "@worker/live/event-room";

export interface Bindings {
  DB: D1Database;
  FILES: R2Bucket;
  EVENT_ROOM: DurableObjectNamespace<EventRoom>;
  /** Workers AI, bound in production only: without it itineraries come from the offline generator. */
  AI?: Ai;
  ASSETS: Fetcher;
  /** Mail to deliver: up to 100 outbox ids a message (one provider call), consumed by worker/lib/mail-queue.ts. */
  MAIL_QUEUE: Queue<{ ids: string[] }>;
  /** Notification work (worker/features/notifications/notify-queue.ts): a digest to turn into mail and push, or pushes to send. */
  NOTIFY_QUEUE: Queue<NotifyMessage>;
  /** Web Push (RFC 8292): the VAPID key pair (public: base64url raw point; private: the JWK's `d`) and its contact. */
  VAPID_PUBLIC_KEY: string;
  VAPID_PRIVATE_KEY: string;
  VAPID_SUBJECT: string;
  /** How long changes are gathered into one digest (milliseconds): urgent ones (within 48 h) and later ones. */
  NOTIFY_URGENT_WINDOW_MS: string;
  NOTIFY_LATER_WINDOW_MS: string;
  /** Invitation and reminder mails one account may send a UTC day (wrangler.toml [vars]). */
  INVITATIONS_PER_DAY: string;
  /** Cloudflare Images: resizes uploaded pictures into the copies pages show (locally too, with sharp). */
  IMAGES: ImagesBinding;
  ENVIRONMENT: "development" | "production" | "test";
  APP_ORIGIN: string;
  JWT_SECRET: string;
  PASSWORD_PEPPER: string;
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
  };
}
