import { Hono } from "hono";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { verifyAccessToken } from "../../lib/auth/jwt";
import { AppError, notFound, unauthorized } from "../../lib/errors";
import { eventRole, isParticipant } from "../../lib/permissions";
import { AUDIENCE_HEADER } from "../../live/event-room";
import { eventRoom } from "../../live/publish";

// Mounted ahead of every header-changing middleware: they would break the 101 response.
// A browser cannot set headers on a WebSocket, so the access token travels in the query string.
export const liveRoutes = new Hono<AppEnv>().get("/api/events/:eventId/live", async (c) => {
  if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") throw new AppError(426, "Expected a WebSocket upgrade");
  const token = c.req.query("token");
  const userId = token ? await verifyAccessToken(c.env.JWT_SECRET, token) : null;
  if (token && !userId) throw unauthorized("Your session has expired. Please sign in again.");

  const found = await eventRole(getDb(c.env.DB), c.req.param("eventId"), userId);
  if (!found) throw notFound("Event not found");
  const participant = isParticipant(found.role);
  if (!participant && found.event.privacy === "PRIVATE") throw notFound("Event not found");

  const headers = new Headers(c.req.raw.headers);
  headers.set(AUDIENCE_HEADER, participant ? "participants" : "everyone");
  return eventRoom(c.env, found.event.id).fetch(new Request(c.req.url, { headers }));
});
