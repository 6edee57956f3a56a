import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../env";
import { unauthorized } from "../errors";
import { verifyAccessToken } from "./jwt";

const bearer = (header: string | undefined) => (header?.startsWith("Bearer ") ? header.slice(7).trim() : null);

/** Sets `user` from a valid bearer access token; without one (or with a bad one) the request goes on anonymous. */
export const readUser = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearer(c.req.header("Authorization"));
  const id = token ? await verifyAccessToken(c.env.JWT_SECRET, token) : null;
  c.set("user", id ? { id } : null);
  return next();
});

/** For /api: a valid access token is required. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get("user")) {
    throw unauthorized(c.req.header("Authorization") ? "Your session has expired. Please sign in again." : "Please sign in to continue.");
  }
  return next();
});

/** The signed-in user's id inside a handler behind requireUser. */
export const userId = (c: { get(key: "user"): AppEnv["Variables"]["user"] }) => {
  const user = c.get("user");
  if (!user) throw unauthorized("Please sign in to continue.");
  return user.id;
};
