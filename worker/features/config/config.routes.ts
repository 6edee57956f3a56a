import { Hono } from "hono";
import type { AppEnv } from "../../env";

/** What the browser needs to know about this deployment: which optional services are configured. */
export const configRoutes = new Hono<AppEnv>().get("/", (c) =>
  c.json({
    googleClientId: c.env.GOOGLE_CLIENT_ID || null,
    imageSearch: Boolean(c.env.UNSPLASH_ACCESS_KEY || c.env.PEXELS_API_KEY),
    places: Boolean(c.env.GOOGLE_MAPS_API_KEY),
  }),
);
