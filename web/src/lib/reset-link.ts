import { client, data } from "./api-client";
import { rateLimited } from "./rate-limit";

/** Spec 1 §8: the toast after a reset link is asked for, from the auth panel or from profile edit. */
/** Its English source: the toast words it (`i18n._`). */
export const RESET_LINK_SENT_MESSAGE = /*i18n*/ "Password reset link sent to registered email address.";

/**
 * Mails a password reset link to the address. Spec 1 §7: limited on the client to 3 calls per 5000 ms,
 * one limit for every screen that offers it (the auth panel and profile edit).
 */
export const sendResetLink = rateLimited(
  (email: string) => data(client.oapi.resetpassword[":identifier"].$get({ param: { identifier: email } })),
  3,
  5000,
);
