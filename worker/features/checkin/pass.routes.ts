import { Hono } from "hono";
import { getDb } from "@worker/db/client";
import type { AppEnv } from "@worker/env";
import { userId } from "@worker/lib/auth/middleware";
import { describer } from "@worker/lib/openapi";
import { success } from "@worker/lib/success";
import { validate } from "@worker/lib/validation";
import { successSchema } from "@worker/shared/views.schema";
import { eventParamSchema, passMailsSchema, passSchema } from "./checkin.schema";
import { mailOwnPass, mailPasses, ORGANISER_MAILS_PER_ADDRESS, ownPass, SELF_MAILS_PER_DAY } from "./pass.service";

const describe = describer({ tags: ["Check-in"] });

/** Mounted at /api/events/:eventId: the guest's own pass, and the organisers' 'E-mail passes'. */
export const passRoutes = new Hono<AppEnv>()
  .get(
    "/pass",
    describe({
      summary: "Your pass",
      description:
        "The caller's pass while their RSVP is YES (owner and hosts too, with one): the signed token its QR code holds, the QR code as SVG, the name on it and when they were last admitted. Issued on first read. 404 when not attending.",
      responses: { 200: passSchema },
      errors: [404],
    }),
    validate("param", eventParamSchema),
    async (c) => c.json(await ownPass(c.env, getDb(c.env.DB), c.req.valid("param").eventId, userId(c)), 200),
  )
  .post(
    "/pass/mail",
    describe({
      summary: "E-mail me my pass",
      description: `Queues the 'Your pass' e-mail to the caller (attending only), with the QR code inline. At most ${SELF_MAILS_PER_DAY} a day (429 beyond).`,
      responses: { 200: successSchema },
      errors: [404, 429],
    }),
    validate("param", eventParamSchema),
    async (c) => {
      await mailOwnPass(c.env, getDb(c.env.DB), c.req.valid("param").eventId, userId(c));
      return success(c);
    },
  )
  .post(
    "/checkin/passes/mail",
    describe({
      summary: "E-mail passes",
      description: `Owner and hosts only. Issues the passes attending guests lack, then queues the 'Your pass' e-mail to every attending guest whose current pass was never mailed, except addresses that stopped this experience's mail and addresses that got ${ORGANISER_MAILS_PER_ADDRESS} today. A second press queues none. Answers how many were queued.`,
      responses: { 200: passMailsSchema },
      errors: [403, 404],
    }),
    validate("param", eventParamSchema),
    async (c) => c.json({ queued: await mailPasses(c.env, getDb(c.env.DB), c.req.valid("param").eventId, userId(c)) }, 200),
  );
