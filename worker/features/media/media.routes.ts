import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { validate } from "../../lib/validation";
import { mediaSearchSchema } from "./media.schema";
import { searchMedia } from "./media.service";

/** Mounted at /api/v2/media. */
export const mediaRoutes = new Hono<AppEnv>().get("/search", validate("query", mediaSearchSchema), async (c) => {
  return c.json(await searchMedia(c.env, c.req.valid("query")));
});
