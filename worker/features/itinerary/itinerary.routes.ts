import { Hono } from "hono";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { cachedItineraryResponse } from "./itinerary.cache";
import { itineraryPage } from "./itinerary.page";
import { publicItinerary } from "./itinerary.service";

/** Mounted at /oapi/itinerary: the public itinerary JSON. */
export const publicItineraryRoutes = new Hono<AppEnv>().get("/:eventId", async (c) => {
  const eventId = c.req.param("eventId");
  return cachedItineraryResponse(c.req.raw, eventId, () => publicItinerary(c.env, getDb(c.env.DB), eventId));
});

/** Mounted at /itinerary: the SPA's HTML with the experience's share tags. */
export const itineraryPageRoutes = new Hono<AppEnv>()
  .get("/:eventId", (c) => itineraryPage(c.env, getDb(c.env.DB), c.req.url, c.req.param("eventId")))
  .get("/:eventId/*", (c) => itineraryPage(c.env, getDb(c.env.DB), c.req.url, c.req.param("eventId")));
