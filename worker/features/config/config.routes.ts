import { Hono } from "hono";
import type { AppEnv } from "@worker/env";
import { describe } from "@worker/lib/openapi";
import { configSchema, type AppConfig } from "./config.schema";

/** Mounted at /oapi/config. */
export const configRoutes = new Hono<AppEnv>().get(
  "/",
  describe({ summary: "Which optional services this deployment has", tags: ["Config"], responses: { 200: configSchema } }),
  (c) => {
    const config: AppConfig = {
      googleClientId: c.env.GOOGLE_CLIENT_ID || null,
      imageSearch: Boolean(c.env.UNSPLASH_ACCESS_KEY || c.env.PEXELS_API_KEY),
      places: Boolean(c.env.GOOGLE_MAPS_API_KEY),
      pushPublicKey: c.env.VAPID_PUBLIC_KEY,
    };
    return c.json(config, 200);
  },
);
