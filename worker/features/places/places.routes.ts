import { Hono } from "hono";
import type { AppEnv } from "@worker/env";
import { describer } from "@worker/lib/openapi";
import { validate } from "@worker/lib/validation";
import { autocompleteAnswerSchema, autocompleteSchema, placeDetailsParamsSchema, placeDetailsSchema } from "./places.schema";
import { autocomplete, placeDetails } from "./places.service";

const describe = describer({ tags: ["Places"] });

/** Mounted at /api/places: proxies Google Places so the key never reaches the browser. */
export const placesRoutes = new Hono<AppEnv>()
  .get(
    "/autocomplete",
    describe({
      summary: "Suggest places for a location",
      description: "Answers `configured: false` with a message when no places key is set.",
      responses: { 200: autocompleteAnswerSchema },
      errors: [502],
    }),
    validate("query", autocompleteSchema),
    async (c) => {
      const found = await autocomplete(c.env, c.req.valid("query"));
      return c.json(found.configured ? found : { ...found, message: c.var.i18n._(found.message) }, 200);
    },
  )
  .get(
    "/details/:placeId",
    describe({ summary: "A place's name, address and map link", responses: { 200: placeDetailsSchema }, errors: [404, 502] }),
    validate("param", placeDetailsParamsSchema),
    async (c) => {
      return c.json(await placeDetails(c.env, c.req.valid("param").placeId), 200);
    },
  );
