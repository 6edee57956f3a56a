import type { Bindings } from "@worker/env";

// Secrets production cannot run without, with the values wrangler.jsonc ships for local development.
const REQUIRED_SECRETS = {
  JWT_SECRET: "development-only-jwt-secret",
  PASSWORD_PEPPER: "development-only-pepper",
  MAIL_API_KEY: undefined,
  VAPID_PRIVATE_KEY: "QZ0dxImGkpKqHxZuV-4TtTlTy5OnvXKP6fpMBMLgDZ4",
} as const;

/** In production a missing secret, a short one, or one still at its development default stops every request (fail closed). */
export function unsafeProductionSecrets(env: Bindings): string[] {
  if (env.ENVIRONMENT !== "production") return [];
  return Object.entries(REQUIRED_SECRETS)
    .filter(([name, devValue]) => {
      const value = env[name as keyof Bindings];
      return typeof value !== "string" || value.length < 16 || value === devValue;
    })
    .map(([name]) => name);
}

export const isDevelopment = (env: Bindings) => env.ENVIRONMENT === "development" || env.ENVIRONMENT === "test";

// This machine and its local network (a phone on the same Wi-Fi), where development settings belong.
const LOCAL_HOST = /^(localhost|.+\.localhost|127(\.\d+){3}|\[::1\]|10(\.\d+){3}|192\.168(\.\d+){2}|172\.(1[6-9]|2\d|3[01])(\.\d+){2})$/;

/**
 * Development settings (known secrets, the open /dev mailbox) answering on a public host mean a deploy
 * without `--env production`: like a missing secret, that stops every request (fail closed).
 */
export function developmentOnPublicHost(env: Bindings, requestUrl: string): boolean {
  return env.ENVIRONMENT === "development" && !LOCAL_HOST.test(new URL(requestUrl).hostname);
}
