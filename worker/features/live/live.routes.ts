import { Hono } from "hono";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { SESSION_EXPIRED } from "../../lib/auth/sessions";
import { AppError, unauthorized } from "../../lib/errors";
import { securityHeaders } from "../../lib/security-headers";
import { validate } from "../../lib/validation";
import { liveParamsSchema, liveSocketQuerySchema } from "./live.schema";
import { issueLiveTicket, openLiveSocket, requireOwnOrigin } from "./live.service";

const LIVE_PATH = "/api/events/:eventId/live";

// Mounted ahead of the app's header-changing middleware: they would break the 101 response. Its
// refusals still carry the security headers (the middleware leaves a 101 alone).
// A browser cannot set headers on a WebSocket, and a URL ends up in logs: a single-use ticket opens it.
export const liveRoutes = new Hono<AppEnv>()
  .use(LIVE_PATH, securityHeaders)
  .get(LIVE_PATH, validate("param", liveParamsSchema), validate("query", liveSocketQuerySchema), async (c) => {
    if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") throw new AppError(426, "Expected a WebSocket upgrade");
    requireOwnOrigin(c.env, c.req.raw);
    return openLiveSocket(c.env, getDb(c.env.DB), c.req.raw, c.req.valid("param").eventId, c.req.valid("query").ticket);
  });

/** Mounted at /oapi: anonymous visitors of a public experience follow it live too. */
export const liveTicketRoutes = new Hono<AppEnv>().post("/events/:eventId/live-ticket", validate("param", liveParamsSchema), async (c) => {
  const user = c.get("user");
  // A token that no longer works is an ended session, not an anonymous visit: the client refreshes and asks again.
  if (!user && c.req.header("Authorization")) throw unauthorized(SESSION_EXPIRED);
  return c.json(await issueLiveTicket(c.env, getDb(c.env.DB), c.req.valid("param").eventId, user), 200);
});
