import { Hono } from "hono";
import { getDb } from "@worker/db/client";
import type { AppEnv } from "@worker/env";
import { userId } from "@worker/lib/auth/middleware";
import { describer } from "@worker/lib/openapi";
import { validate } from "@worker/lib/validation";
import { peopleMoved } from "@worker/live/publish";
import { moveBodySchema, promoteBodySchema, waitlistParamsSchema, waitlistSchema } from "./waitlist.schema";
import { moveOnWaitlist, promoteFromWaitlist } from "./waitlist.service";

const describe = describer({ tags: ["Guests"], errors: [403, 404, 409] });

/** Mounted at /api/events/:eventId/waitlist: the organisers' hand on the queue (docs/waitlist.md). */
export const waitlistRoutes = new Hono<AppEnv>()
  .put(
    "/:rsvpId/position",
    describe({
      summary: "Move a waiting guest to another place in the waitlist",
      description:
        "Owner and hosts only. `position` counts from 1; past the end means last. Answers the queue after the move; every waiting guest's page follows live.",
      responses: { 200: waitlistSchema },
    }),
    validate("param", waitlistParamsSchema),
    validate("json", moveBodySchema),
    async (c) => {
      const { eventId, rsvpId } = c.req.valid("param");
      const moved = moveOnWaitlist(getDb(c.env.DB), userId(c), eventId, rsvpId, c.req.valid("json").position);
      return c.json(await peopleMoved(c.env, eventId, moved), 200);
    },
  )
  .post(
    "/:rsvpId/promote",
    describe({
      summary: "Give a waiting guest a place now",
      description:
        "Owner and hosts only. While the experience is full it answers 409 saying so, unless `overCapacity` is true: the organiser then goes over the capacity knowingly. The guest is told by notification. Answers the queue after the promotion.",
      responses: { 200: waitlistSchema },
    }),
    validate("param", waitlistParamsSchema),
    validate("json", promoteBodySchema),
    async (c) => {
      const { eventId, rsvpId } = c.req.valid("param");
      const promoted = promoteFromWaitlist(c.env, getDb(c.env.DB), userId(c), eventId, rsvpId, c.req.valid("json").overCapacity);
      return c.json(await peopleMoved(c.env, eventId, promoted), 200);
    },
  );
