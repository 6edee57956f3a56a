import { Hono } from "hono";
import { getDb } from "@worker/db/client";
import type { AppEnv } from "@worker/env";
import { describer, multipartToo } from "@worker/lib/openapi";
import { success } from "@worker/lib/success";
import { validate } from "@worker/lib/validation";
import { successSchema } from "@worker/shared/views.schema";
import {
  ONE_CLICK_MEDIA,
  oneClickFormSchema,
  unsubscribeBodySchema,
  unsubscribeQuerySchema,
  unsubscribeStatusSchema,
} from "./unsubscribe.schema";
import { chooseInvitations, subjectOf, unsubscribeOneClick, unsubscribeStatus } from "./unsubscribe.service";

const describe = describer({ tags: ["Unsubscribe"], errors: [400] });
const noSignIn = "No sign-in: the signed token of the invitation's link names the address and the experience.";

/** Mounted at /oapi/unsubscribe. */
export const unsubscribeRoutes = new Hono<AppEnv>()
  .get(
    "/",
    describe({ summary: "What an invitation's address receives", description: noSignIn, responses: { 200: unsubscribeStatusSchema } }),
    validate("query", unsubscribeQuerySchema),
    async (c) => c.json(await unsubscribeStatus(getDb(c.env.DB), await subjectOf(c.env, c.req.valid("query").token)), 200),
  )
  .put(
    "/",
    describe({
      summary: "Stop (or receive again) invitations: to this experience, from everyone",
      description: `${noSignIn} Both choices are set as sent: false receives those invitations again.`,
      responses: { 200: unsubscribeStatusSchema },
    }),
    validate("query", unsubscribeQuerySchema),
    validate("json", unsubscribeBodySchema),
    async (c) => {
      const subject = await subjectOf(c.env, c.req.valid("query").token);
      return c.json(await chooseInvitations(getDb(c.env.DB), subject, c.req.valid("json")), 200);
    },
  )
  .post(
    "/one-click",
    describe({
      summary: "One-click unsubscribe (RFC 8058): the List-Unsubscribe URL of every invitation and reminder",
      description: `${noSignIn} Mail clients POST List-Unsubscribe=One-Click (as application/x-www-form-urlencoded, RFC 8058's example; multipart/form-data is read too); the address gets no more invitations to the experience.`,
      responses: { 200: successSchema },
      extra: multipartToo(oneClickFormSchema),
    }),
    validate("query", unsubscribeQuerySchema),
    validate("form", oneClickFormSchema, ONE_CLICK_MEDIA),
    async (c) => {
      await unsubscribeOneClick(getDb(c.env.DB), await subjectOf(c.env, c.req.valid("query").token));
      return success(c);
    },
  );
