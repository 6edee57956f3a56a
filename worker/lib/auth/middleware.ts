import { createMiddleware } from "hono/factory";
import { getDb } from "@worker/db/client";
import type { AppEnv } from "@worker/env";
import { unauthorized } from "../errors";
import { verifyAccessToken } from "./jwt";
import { isSessionActive, SESSION_EXPIRED } from "./sessions";

/** The token of an `Authorization: Bearer <token>` header. */
export const bearerToken = (header: string | undefined) => (header?.startsWith("Bearer ") ? header.slice(7).trim() || null : null);

/**
 * Sets `user` from a valid bearer access token whose sign-in is still alive in D1 (so logout, a
 * password change or a deleted account end it at once); without one the request goes on anonymous.
 */
export const readUser = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearerToken(c.req.header("Authorization"));
  const claims = token ? await verifyAccessToken(c.env.JWT_SECRET, token) : null;
  const active = claims !== null && (await isSessionActive(getDb(c.env.DB), claims));
  c.set("user", active ? { id: claims.userId, sessionId: claims.sessionId } : null);
  return next();
});

/** For /api: a valid access token is required. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get("user")) {
    throw unauthorized(c.req.header("Authorization") ? SESSION_EXPIRED : /*i18n*/ "Please sign in to continue.");
  }
  return next();
});

/** The signed-in user's id inside a handler behind requireUser. */
export const userId = (c: { get(key: "user"): AppEnv["Variables"]["user"] }) => {
  const user = c.get("user");
  if (!user) throw unauthorized(/*i18n*/ "Please sign in to continue.");
  return user.id;
};
