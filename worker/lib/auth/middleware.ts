import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../env";
import { unauthorized } from "../errors";
import { verifyAccessToken } from "./jwt";

const bearer = (header: string | undefined) => (header?.startsWith("Bearer ") ? header.slice(7).trim() : null);

/** Sets `user` from a bearer access token; a request without one goes on anonymous, a bad one is refused. */
export const readUser = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearer(c.req.header("Authorization"));
  if (!token) {
    c.set("user", null);
    return next();
  }
  const userId = await verifyAccessToken(c.env.JWT_SECRET, token);
  if (!userId) throw unauthorized("Your session has expired. Please sign in again.");
  c.set("user", { id: userId });
  return next();
});

/** For /api: a valid access token is required. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get("user")) throw unauthorized("Please sign in to continue.");
  return next();
});

/** The signed-in user's id inside a handler behind requireUser. */
export const userId = (c: { get(key: "user"): AppEnv["Variables"]["user"] }) => {
  const user = c.get("user");
  if (!user) throw unauthorized("Please sign in to continue.");
  return user.id;
};
