import { Hono } from "hono";
import type { AppEnv } from "../../env";

/** Mounted at /oapi/itinerary: the public itinerary JSON. */
export const publicItineraryRoutes = new Hono<AppEnv>();

/** Mounted at /itinerary: the SPA's HTML with the experience's share tags. */
export const itineraryPageRoutes = new Hono<AppEnv>();
