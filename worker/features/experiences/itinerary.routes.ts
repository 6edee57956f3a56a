import { Hono } from "hono";
import type { Context, TypedResponse } from "hono";
import { getDb } from "@worker/db/client";
import { cachedItineraryResponse } from "@worker/domain/public-itinerary-cache";
import type { AppEnv } from "@worker/env";
import { describer, type OwnSpec } from "@worker/lib/openapi";
import { validate } from "@worker/lib/validation";
import { publicItinerarySchema, type PublicItinerary } from "@worker/shared/itinerary.schema";
import { activityCalendarFile, calendarFile } from "./itinerary-calendar.service";
import { itineraryPage } from "./itinerary-page.service";
import { itineraryActivityParamsSchema, itineraryParamsSchema, shareImageParamsSchema } from "./itinerary.schema";
import { publicItinerary } from "./public-itinerary.service";
import { shareImageResponse } from "./share-image.service";

const describe = describer({ tags: ["Itinerary"] });

/** A calendar file's answer: as stale as the itinerary JSON may be (spec 2: 10 s). */
const calendarHeaders = (disposition: string) => ({
  "Content-Type": "text/calendar; charset=utf-8",
  "Content-Disposition": disposition,
  "Cache-Control": "public, max-age=10",
});

/** Mounted at /oapi/itinerary: the public itinerary JSON. */
export const publicItineraryRoutes = new Hono<AppEnv>()
  .get(
    "/:eventId",
    describe({
      summary: "The itinerary behind a share link",
      description:
        "Open to anyone with the link, private experiences included (without their guest list). Edge-cached for 10 s with an ETag; `If-None-Match` answers 304.",
      responses: { 200: publicItinerarySchema, 304: { empty: true, description: "The client's copy is current" } },
      errors: [404],
    }),
    validate("param", itineraryParamsSchema),
    async (c) => {
      const { eventId } = c.req.valid("param");
      const response = await cachedItineraryResponse(c.req.raw, eventId, () => publicItinerary(c.env, getDb(c.env.DB), eventId));
      // The edge cache answers a prepared Response; its body is the PublicItinerary built above.
      return response as Response & TypedResponse<PublicItinerary, 200, "json">;
    },
  )
  .get(
    "/:eventId/calendar.ics",
    describe({
      summary: "The itinerary's activities as a calendar file",
      description:
        "An iCalendar file (RFC 5545) with one event per activity, each linking to the share page. Times are UTC instants (`DTSTART:20270312T090000Z`), so every calendar shows them at the right moment; `X-WR-TIMEZONE` names the experience's zone. Open to anyone with the link, as the itinerary is.",
      responses: { 200: { contentType: "text/calendar", description: "The .ics file, as an attachment named after the experience" } },
      errors: [404],
    }),
    validate("param", itineraryParamsSchema),
    async (c) => {
      const { body, disposition } = await calendarFile(c.env, getDb(c.env.DB), c.req.valid("param").eventId);
      return c.body(body, 200, calendarHeaders(disposition));
    },
  )
  .get(
    "/:eventId/share-image/:version",
    describe({
      summary: "A public experience's share image (og:image)",
      description:
        "The picture link previews show, 1200x630 (1.91:1, the shape every platform shows whole): the cover cut to fill it, as a JPEG under 1 MB (never the upload itself), or, for an experience without a cover or with an SVG one, a PNG card with its name, its dates in its time zone and the app's mark. Made once per version and kept. The share page's `og:image` names the current version: under it the picture never changes (`public, max-age=86400, immutable`); an older version's URL answers the current picture, kept 5 minutes. 404 for a private experience (its page shows the app's own card) or one that does not exist.",
      responses: { 200: { contentType: ["image/jpeg", "image/png"], description: "The cut cover (image/jpeg) or the card (image/png)" } },
      errors: [400, 404],
    }),
    validate("param", shareImageParamsSchema),
    async (c) => {
      const { eventId, version } = c.req.valid("param");
      return shareImageResponse(c.env, getDb(c.env.DB), c.req.url, eventId, version);
    },
  )
  .get(
    "/:eventId/activities/:activityId/calendar.ics",
    describe({
      summary: "One activity as a calendar file",
      description:
        "An iCalendar file (RFC 5545) with the activity's one event, as the itinerary's calendar holds it (same UID, UTC instants, `X-WR-TIMEZONE` of the experience's zone). Open to anyone with the link, as the itinerary is; 404 for an activity of another experience.",
      responses: { 200: { contentType: "text/calendar", description: "The .ics file, as an attachment named after the activity" } },
      errors: [404],
    }),
    validate("param", itineraryActivityParamsSchema),
    async (c) => {
      const { eventId, activityId } = c.req.valid("param");
      const { body, disposition } = await activityCalendarFile(c.env, getDb(c.env.DB), eventId, activityId);
      return c.body(body, 200, calendarHeaders(disposition));
    },
  );

const SHARE_PAGE: OwnSpec = {
  summary: "The share link's HTML page, with the experience's share tags",
  responses: {
    200: { contentType: "text/html", description: "The app's page with og: tags" },
    404: { contentType: "text/html", description: "The app's page, which says the experience was not found" },
  },
};
const sharePage = describe(SHARE_PAGE);

/** The same page under any sub-path (a tab of the share link): one operation in the document, this one left out of it. */
const sharePageTab = describe({ ...SHARE_PAGE, extra: { hide: true } });

/** The language a visitor's browser asks for, or null when it names none (a crawler): the experience's is used then. */
const askedLanguage = (c: Context<AppEnv>) => (c.req.header("Accept-Language") ? c.var.locale : null);

/** Mounted at /itinerary: the SPA's HTML with the experience's share tags. */
export const itineraryPageRoutes = new Hono<AppEnv>()
  .get("/:eventId", sharePage, validate("param", itineraryParamsSchema), (c) =>
    itineraryPage(c.env, getDb(c.env.DB), c.req.url, c.req.valid("param").eventId, askedLanguage(c)),
  )
  .get("/:eventId/*", sharePageTab, validate("param", itineraryParamsSchema), (c) =>
    itineraryPage(c.env, getDb(c.env.DB), c.req.url, c.req.valid("param").eventId, askedLanguage(c)),
  );
