import { Hono } from "hono";
import { getDb } from "@worker/db/client";
import { matchesEtag } from "@worker/domain/public-itinerary-cache";
import type { AppEnv } from "@worker/env";
import { userId } from "@worker/lib/auth/middleware";
import { sha256Hex } from "@worker/lib/crypto";
import { describer } from "@worker/lib/openapi";
import { validate } from "@worker/lib/validation";
import { calendarFeedFile } from "./calendar-feed-file.service";
import { calendarFeed, rotateCalendarFeed } from "./calendar-feed.service";
import { calendarFeedSchema, calendarFileParamsSchema } from "./calendar.schema";

const describe = describer({ tags: ["Calendar"] });

/** Calendar apps fetch about hourly (the feed's own hint); a browser or proxy may keep it 5 minutes, for this person only. */
const CACHE_CONTROL = "private, max-age=300";

/** Mounted at /api/calendar: the signed-in person's feed URL. */
export const calendarRoutes = new Hono<AppEnv>()
  .get(
    "/feed",
    describe({
      summary: "My calendar feed's URL",
      description:
        "The private URL of the caller's calendar feed, as https and as webcal://, made on the first call. The same URL until it is reset; anyone holding it sees the caller's experiences and activities, so it is shown only here.",
      responses: { 200: calendarFeedSchema },
    }),
    async (c) => c.json(await calendarFeed(c.env, getDb(c.env.DB), userId(c)), 200),
  )
  .post(
    "/feed/rotate",
    describe({
      summary: "Reset my calendar feed's URL",
      description: "Replaces the feed's token: the old URL answers 404 from now on, and the answer holds the new one.",
      responses: { 200: calendarFeedSchema },
    }),
    async (c) => c.json(await rotateCalendarFeed(c.env, getDb(c.env.DB), userId(c)), 200),
  );

/** Mounted at /oapi/calendar: the feed itself, for calendar apps (no bearer token: the URL is the key). */
export const publicCalendarRoutes = new Hono<AppEnv>().get(
  "/:file",
  describe({
    summary: "A person's calendar feed",
    description:
      "An iCalendar feed (RFC 5545) at `/oapi/calendar/{token}.ics`: each experience the token's owner owns, hosts or attends (RSVP yes) as an all-day event on its local dates, its activities as the one-off .ics has them (same UIDs, UTC times) with `SEQUENCE` and `LAST-MODIFIED` from the change log, and activities removed within 30 days as `STATUS:CANCELLED`. `REFRESH-INTERVAL` and `X-PUBLISHED-TTL` ask for an hourly refresh. An ETag; `If-None-Match` answers 304. A token that was reset or never made: 404.",
    responses: {
      200: { contentType: "text/calendar", description: "The feed" },
      304: { empty: true, description: "The client's copy is current" },
    },
    errors: [404],
  }),
  validate("param", calendarFileParamsSchema),
  async (c) => {
    const body = await calendarFeedFile(c.env, getDb(c.env.DB), c.req.valid("param").file);
    const etag = `"${await sha256Hex(body)}"`;
    if (matchesEtag(c.req.header("If-None-Match") ?? null, etag)) return c.body(null, 304, { ETag: etag, "Cache-Control": CACHE_CONTROL });
    return c.body(body, 200, { "Content-Type": "text/calendar; charset=utf-8", ETag: etag, "Cache-Control": CACHE_CONTROL });
  },
);
