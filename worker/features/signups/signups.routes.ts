import { Hono } from "hono";
import { getDb } from "@worker/db/client";
import { changesLogged } from "@worker/domain/change-log";
import { itineraryWrite } from "@worker/domain/itinerary-changed";
import type { AppEnv } from "@worker/env";
import { userId } from "@worker/lib/auth/middleware";
import { exportResponse } from "@worker/lib/export-file";
import { describer } from "@worker/lib/openapi";
import { validate } from "@worker/lib/validation";
import { EXPORT_MEDIA_TYPES } from "@worker/shared/export-format";
import { addSignup } from "./add-signup.service";
import { exportSignups } from "./export-signups.service";
import { signupsExportQuerySchema } from "./export.schema";
import { leaveActivity } from "./leave-activity.service";
import { listSignups } from "./list-signups.service";
import { moveSignup } from "./move-signup.service";
import { promoteSignup } from "./promote-signup.service";
import { removeSignup } from "./remove-signup.service";
import { signUp } from "./sign-up.service";
import {
  addSignupBodySchema,
  moveSignupBodySchema,
  signupAnswerSchema,
  signupListSchema,
  signupParamsSchema,
  signupPersonParamsSchema,
} from "./signups.schema";

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
  .post(
    "/signups",
    describe({
      summary: "Add a guest to an activity",
      description:
        "Owner and hosts: a guest going to the experience takes a free place, else the end of the waitlist (the sign-up window does not bind organisers). 409 for a guest not going, outside the activity's groups, or holding another activity at the same time unless `allowOverlap`.",
      responses: { 200: signupListSchema },
    }),
    validate("param", signupParamsSchema),
    validate("json", addSignupBodySchema),
    async (c) => {
      const path = c.req.valid("param");
      const list = await itineraryWrite(c, path.eventId, addSignup(c.env, getDb(c.env.DB), path, userId(c), c.req.valid("json")));
      await changesLogged(c.env, path.eventId);
      return c.json(list, 200);
    },
  )
  .delete(
    "/signups/:userId",
    describe({
      summary: "Take a guest off an activity, or its waitlist",
      description: "Owner and hosts. A freed place passes at once to the first waiting.",
      responses: { 200: signupListSchema },
    }),
    validate("param", signupPersonParamsSchema),
    async (c) => {
      const { userId: guestId, ...path } = c.req.valid("param");
      const list = await itineraryWrite(c, path.eventId, removeSignup(c.env, getDb(c.env.DB), path, userId(c), guestId));
      await changesLogged(c.env, path.eventId);
      return c.json(list, 200);
    },
  )
  .post(
    "/signups/:userId/promote",
    describe({
      summary: "Give someone waiting a place now",
      description: "Owner and hosts: ahead of the queue, even when the activity is full (the count then shows more than its places).",
      responses: { 200: signupListSchema },
    }),
    validate("param", signupPersonParamsSchema),
    async (c) => {
      const { userId: guestId, ...path } = c.req.valid("param");
      const list = await itineraryWrite(c, path.eventId, promoteSignup(c.env, getDb(c.env.DB), path, userId(c), guestId));
      await changesLogged(c.env, path.eventId);
      return c.json(list, 200);
    },
  )
  .put(
    "/signups/:userId/position",
    describe({
      summary: "Move someone to another place on the waitlist",
      description: "Owner and hosts. Position 1 is given the next freed place; a position past the end puts them last.",
      responses: { 200: signupListSchema },
    }),
    validate("param", signupPersonParamsSchema),
    validate("json", moveSignupBodySchema),
    async (c) => {
      const { userId: guestId, ...path } = c.req.valid("param");
      const { position } = c.req.valid("json");
      return c.json(await itineraryWrite(c, path.eventId, moveSignup(c.env, getDb(c.env.DB), path, userId(c), guestId, position)), 200);
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
  )
  .get(
    "/signups/export",
    describe({
      summary: "Who signed up for an activity, and who waits, as a CSV or Excel file",
      description:
        "Owner and hosts only. The list's order: who holds a place, then who waits, by waitlist position. Columns: Name, E-mail, Organisation, Status ('Signed up' or 'Waiting'), Waitlist position, Signed up at (on the experience's clock with its zone's abbreviation) and Groups (the organisers' labels). CSV: UTF-8 with a byte-order mark, CRLF, RFC 4180 quoting. .xlsx: one sheet, the header bold and frozen. Any cell starting with =, +, -, @, tab or carriage return gets a leading ' (OWASP CSV injection). The file is named '{activity} sign-ups {date}' (Content-Disposition with RFC 5987 for non-ASCII names).",
      responses: { 200: { contentType: [EXPORT_MEDIA_TYPES.csv, EXPORT_MEDIA_TYPES.xlsx], description: "The file" } },
      errors: [403, 404],
    }),
    validate("param", signupParamsSchema),
    validate("query", signupsExportQuerySchema),
    async (c) =>
      exportResponse(c.req.valid("query").format, await exportSignups(c.env, getDb(c.env.DB), c.req.valid("param"), userId(c), c.var.i18n)),
  );
