import { Hono } from "hono";
import { getDb } from "@worker/db/client";
import type { AppEnv } from "@worker/env";
import { userId } from "@worker/lib/auth/middleware";
import { describer } from "@worker/lib/openapi";
import { validate } from "@worker/lib/validation";
import { published } from "@worker/live/publish";
import { successSchema } from "@worker/shared/views.schema";
import { resendInvitation } from "./resend-invitation.service";
import { invitationResentSchema, pendingInvitationParamsSchema } from "./rsvp.schema";
import { withdrawInvitation } from "./withdraw-invitation.service";

const describe = describer({ tags: ["Guests"], errors: [403, 404] });

/** Mounted at /api/events/:eventId/invitations: one pending invitation, from its row's menu in Attendees' Pending group. */
export const pendingInvitationRoutes = new Hono<AppEnv>()
  .post(
    "/:rsvpId/resend",
    describe({
      summary: "Send one pending invitation again",
      description:
        "Owner and hosts only; the RSVP must still wait for an answer (REQUESTED, ONBOARD_REQUESTED), else 404. The invitation mail goes again within the mail limits (docs/security-and-limits.md): `mailed` false with the reason in `unreachable` for an address that unsubscribed or had 3 invitation e-mails today; over the inviter's daily quota, 429.",
      responses: { 200: invitationResentSchema },
      errors: [403, 404, 429],
    }),
    validate("param", pendingInvitationParamsSchema),
    async (c) => {
      const { eventId, rsvpId } = c.req.valid("param");
      return c.json(await resendInvitation(c.env, getDb(c.env.DB), userId(c), eventId, rsvpId), 200);
    },
  )
  .delete(
    "/:rsvpId",
    describe({
      summary: "Withdraw one pending invitation",
      description:
        "Owner and hosts only; the RSVP must still wait for an answer, else 404 (an answer that came first stays). The RSVP is deleted: the invitation's link answers 404 from then on and the address can be invited again.",
      responses: { 200: successSchema },
    }),
    validate("param", pendingInvitationParamsSchema),
    async (c) => {
      const { eventId, rsvpId } = c.req.valid("param");
      await withdrawInvitation(getDb(c.env.DB), userId(c), eventId, rsvpId);
      return published(c, { type: "rsvp.changed", eventId });
    },
  );
