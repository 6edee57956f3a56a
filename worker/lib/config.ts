import type { Bindings } from "../env";

// Secrets production cannot run without, with the values wrangler.toml ships for local development.
const REQUIRED_SECRETS = {
  JWT_SECRET: "development-only-jwt-secret",
  PASSWORD_PEPPER: "development-only-pepper",
  MAIL_API_KEY: undefined,
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
