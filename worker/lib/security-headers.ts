import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { CONTENT_SECURITY_POLICY, STRICT_TRANSPORT_SECURITY } from "./content-security-policy";

export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const headers = c.res.headers;
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  if (headers.get("Content-Type")?.startsWith("text/html")) headers.set("Content-Security-Policy", CONTENT_SECURITY_POLICY);
  if (c.env.ENVIRONMENT === "production") headers.set("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
});
