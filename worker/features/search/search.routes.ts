import { Hono } from "hono";
import { getDb } from "@worker/db/client";
import type { AppEnv } from "@worker/env";
import { userId } from "@worker/lib/auth/middleware";
import { describe } from "@worker/lib/openapi";
import { validate } from "@worker/lib/validation";
import { activitySearchResultSchema, activitySearchSchema } from "./search.schema";
import { searchActivities } from "./search.service";

/** Mounted at /api/search. */
export const searchRoutes = new Hono<AppEnv>().get(
  "/activity",
  describe({
    summary: "Search activities to use as templates",
    description: "Among public experiences and those the caller takes part in.",
    tags: ["Activities"],
    responses: { 200: activitySearchResultSchema },
  }),
  validate("query", activitySearchSchema),
  async (c) => {
    return c.json(await searchActivities(c.env, getDb(c.env.DB), userId(c), c.req.valid("query")), 200);
  },
);
