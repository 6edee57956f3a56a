import { Hono } from "hono";
import { getDb } from "@worker/db/client";
import type { AppEnv } from "@worker/env";
import { describe } from "@worker/lib/openapi";
import { validate } from "@worker/lib/validation";
import { readInvitation } from "./read-invitation.service";
import { invitationTokenParamsSchema, invitationViewSchema } from "./rsvp.schema";

/** Mounted at /oapi/invitations: what an invitation mail's link names, without a sign-in. */
export const invitationLinkRoutes = new Hono<AppEnv>().get(
  "/:token",
  describe({
    summary: "What an invitation link names",
    description:
      "The token of an invitation mail's link (/itinerary/{eventId}?invitation={token}): the experience, the invited address, the names the organiser gave and whether it still waits for an answer. The share page fills the light sign-in (POST /oapi/otp with SIGNIN, then POST /auth/email-code) from it. Tokens this app did not sign, and invitations withdrawn since, answer 404.",
    tags: ["Guests"],
    responses: { 200: invitationViewSchema },
    errors: [404],
  }),
  validate("param", invitationTokenParamsSchema),
  async (c) => {
    return c.json(await readInvitation(c.env, getDb(c.env.DB), c.req.valid("param").token), 200);
  },
);
