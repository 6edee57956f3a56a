import { Hono } from "hono";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { userId } from "../../lib/auth/middleware";
import { validate } from "../../lib/validation";
import { activitySearchSchema } from "./search.schema";
import { searchActivities } from "./search.service";

/** Mounted at /api/search. */
export const searchRoutes = new Hono<AppEnv>().get("/activity", validate("query", activitySearchSchema), async (c) => {
  return c.json(await searchActivities(c.env, getDb(c.env.DB), userId(c), c.req.valid("query")));
});
