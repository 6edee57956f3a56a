import { client, data } from "./api-client";
import { rateLimited } from "./rate-limit";

/**
 * Mails a password reset link to the address. Spec 1 §7: limited on the client to 3 calls per 5000 ms,
 * one limit for every screen that offers it (the auth panel and profile edit).
 */
export const sendResetLink = rateLimited(
  (email: string) => data(client.oapi.resetpassword[":identifier"].$get({ param: { identifier: encodeURIComponent(email) } })),
  3,
  5000,
);
