import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";

// Google Identity Services is the only third-party script; images and media may come from image hosts.
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' https://accounts.google.com/gsi/client",
  "style-src 'self' 'unsafe-inline' https://accounts.google.com/gsi/style",
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob: https:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss: https://accounts.google.com/gsi/",
  "frame-src https://accounts.google.com/gsi/",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const headers = c.res.headers;
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  if (headers.get("Content-Type")?.startsWith("text/html")) headers.set("Content-Security-Policy", CONTENT_SECURITY_POLICY);
  if (c.env.ENVIRONMENT === "production") headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload");
});
