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
