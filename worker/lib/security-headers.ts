import { createMiddleware } from "hono/factory";
import type { AppEnv } from "@worker/env";
import { contentSecurityPolicy, STRICT_TRANSPORT_SECURITY } from "./content-security-policy";

export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  // A WebSocket's 101 belongs to the runtime: changing its headers breaks the upgrade.
  if (c.res.status === 101) return;
  const headers = c.res.headers;
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  // Answers carry a signed-in person's data or tokens: none is kept by a browser or a shared cache unless
  // its route chose its own caching (the public itinerary's 10 s at the edge, signed file URLs).
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  // The page's socket goes back to the origin the page was loaded from.
  if (headers.get("Content-Type")?.startsWith("text/html"))
    headers.set("Content-Security-Policy", contentSecurityPolicy(new URL(c.req.url).origin));
  if (c.env.ENVIRONMENT === "production") headers.set("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
});
