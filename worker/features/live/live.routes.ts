import { Hono } from "hono";
import { getDb } from "@worker/db/client";
import type { AppEnv } from "@worker/env";
import { SESSION_EXPIRED } from "@worker/lib/auth/sessions";
import { AppError, unauthorized } from "@worker/lib/errors";
import { describer } from "@worker/lib/openapi";
import { securityHeaders } from "@worker/lib/security-headers";
import { validate } from "@worker/lib/validation";
import { liveParamsSchema, liveSocketQuerySchema, liveTicketSchema } from "./live.schema";
import { issueLiveTicket, openLiveSocket, requireOwnOrigin } from "./live.service";

const LIVE_PATH = "/api/events/:eventId/live";
const describe = describer({ tags: ["Live"] });

// Mounted ahead of the app's header-changing middleware: they would break the 101 response. Its
// refusals still carry the security headers (the middleware leaves a 101 alone).
// A browser cannot set headers on a WebSocket, and a URL ends up in logs: a single-use ticket opens it.
export const liveRoutes = new Hono<AppEnv>().use(LIVE_PATH, securityHeaders).get(
  LIVE_PATH,
  describe({
    summary: "The event's live socket",
    description:
      "A WebSocket that names each change to the event (worker/live/protocol.ts); the page refetches what changed. Opened with a ticket from the live-ticket operation, not a bearer token. Closes with 4403 when the experience turns private for an anonymous viewer, 4409 when the signed-in viewer's place in the experience changes (made or unmade host, removed, approved, or the experience turned private; their own answer closes it only when what they may follow changes, otherwise the socket is sent `place.changed`), and 4401 when the viewer's sign-in ends.",
    responses: { 101: { contentType: "application/octet-stream", description: "Switching to the WebSocket protocol" } },
    errors: [401, 403, 404, 426, 429],
    extra: { security: [] },
  }),
  validate("param", liveParamsSchema),
  validate("query", liveSocketQuerySchema),
  async (c) => {
    if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") throw new AppError(426, "Expected a WebSocket upgrade");
    requireOwnOrigin(c.env, c.req.raw);
    return openLiveSocket(c.env, getDb(c.env.DB), c.req.raw, c.req.valid("param").eventId, c.req.valid("query").ticket);
  },
);

/** Mounted at /oapi: anonymous visitors of a public experience follow it live too. */
export const liveTicketRoutes = new Hono<AppEnv>().post(
  "/events/:eventId/live-ticket",
  describe({
    summary: "A ticket to the event's live socket",
    description:
      "Valid for 60 seconds and one socket. With a bearer token the ticket is the signed-in viewer's, bound to that sign-in; without one it is an anonymous viewer's (public experiences only).",
    responses: { 200: liveTicketSchema },
    errors: [401, 404],
    extra: { security: [{ bearerAuth: [] }, {}] },
  }),
  validate("param", liveParamsSchema),
  async (c) => {
    const user = c.get("user");
    // A token that no longer works is an ended session, not an anonymous visit: the client refreshes and asks again.
    if (!user && c.req.header("Authorization")) throw unauthorized(SESSION_EXPIRED);
    return c.json(await issueLiveTicket(c.env, getDb(c.env.DB), c.req.valid("param").eventId, user), 200);
  },
);
