import { Hono } from "hono";
import type { AppEnv } from "@worker/env";
import { describe } from "@worker/lib/openapi";
import { validate } from "@worker/lib/validation";
import { mediaSearchAnswerSchema, mediaSearchSchema } from "./media.schema";
import { searchMedia } from "./media.service";

/** Mounted at /api/v2/media. */
export const mediaRoutes = new Hono<AppEnv>().get(
  "/search",
  describe({
    summary: "Search Unsplash and Pexels for pictures",
    description: "Answers `configured: false` with a message when no image search key is set.",
    tags: ["Media"],
    responses: { 200: mediaSearchAnswerSchema },
    errors: [502],
  }),
  validate("query", mediaSearchSchema),
  async (c) => {
    const found = await searchMedia(c.env, c.req.valid("query"));
    return c.json(found.configured ? found : { ...found, message: c.var.i18n._(found.message) }, 200);
  },
);
