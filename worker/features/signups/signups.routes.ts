import { Hono } from "hono";
import { getDb } from "@worker/db/client";
import { changesLogged } from "@worker/domain/change-log";
import { itineraryWrite } from "@worker/domain/itinerary-changed";
import type { AppEnv } from "@worker/env";
import { userId } from "@worker/lib/auth/middleware";
import { describer } from "@worker/lib/openapi";
import { validate } from "@worker/lib/validation";
import { leaveActivity } from "./leave-activity.service";
import { listSignups } from "./list-signups.service";
import { signUp } from "./sign-up.service";
import { signupAnswerSchema, signupListSchema, signupParamsSchema } from "./signups.schema";

const describe = describer({ tags: ["Activities"], errors: [403, 404, 409] });

/** Mounted at /api/events/:eventId/programs/:dayId/activity/:activityId (docs/programme.md). */
export const signupsRoutes = new Hono<AppEnv>()
  .post(
    "/signup",
    describe({
      summary: "Sign up for an activity",
      description:
        "A guest going to the experience takes one of a SIGNUP activity's places, or the end of its waitlist when it is full (`mine` says which, with the position). Asking again keeps the place. 409 for an activity everyone attends, outside the sign-up window, or over another activity the guest holds at the same time (the error names it).",
      responses: { 200: signupAnswerSchema },
    }),
    validate("param", signupParamsSchema),
    async (c) => {
      const path = c.req.valid("param");
      return c.json(await itineraryWrite(c, path.eventId, signUp(getDb(c.env.DB), path, userId(c))), 200);
    },
  )
  .delete(
    "/signup",
    describe({
      summary: "Leave an activity, or its waitlist",
      description: "The place passes at once to the first waiting, who is told by notification.",
      responses: { 200: signupAnswerSchema },
    }),
    validate("param", signupParamsSchema),
    async (c) => {
      const path = c.req.valid("param");
      const places = await itineraryWrite(c, path.eventId, leaveActivity(getDb(c.env.DB), path, userId(c)));
      await changesLogged(c.env, path.eventId);
      return c.json(places, 200);
    },
  )
  .get(
    "/signups",
    describe({
      summary: "Who signed up for an activity, and who waits",
      description: "Owner and hosts only.",
      responses: { 200: signupListSchema },
    }),
    validate("param", signupParamsSchema),
    async (c) => c.json(await listSignups(c.env, getDb(c.env.DB), c.req.valid("param"), userId(c)), 200),
  );
