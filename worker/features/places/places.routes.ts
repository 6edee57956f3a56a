import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { validate } from "../../lib/validation";
import { autocompleteSchema } from "./places.schema";
import { autocomplete, placeDetails } from "./places.service";

/** Mounted at /api/places: proxies Google Places so the key never reaches the browser. */
export const placesRoutes = new Hono<AppEnv>()
  .get("/autocomplete", validate("query", autocompleteSchema), async (c) => {
    return c.json(await autocomplete(c.env, c.req.valid("query")));
  })
  .get("/details/:placeId", async (c) => {
    return c.json(await placeDetails(c.env, c.req.param("placeId")));
  });
