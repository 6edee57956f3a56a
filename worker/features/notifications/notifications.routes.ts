import { Hono } from "hono";
import { getDb } from "@worker/db/client";
import type { AppEnv } from "@worker/env";
import { ONE_CLICK_MEDIA, oneClickFormSchema } from "@worker/features/unsubscribe/unsubscribe.schema";
import { userId } from "@worker/lib/auth/middleware";
import { describer, multipartToo } from "@worker/lib/openapi";
import { success } from "@worker/lib/success";
import { validate } from "@worker/lib/validation";
import { successSchema } from "@worker/shared/views.schema";
import { listChanges, markSeen } from "./changes.service";
import { setMute } from "./mutes.service";
import { chooseLinkKind, linkStatus, oneClickStop } from "./notification-link.service";
import {
  changesQuerySchema,
  changesSchema,
  eventParamSchema,
  muteBodySchema,
  muteSchema,
  preferencesPatchSchema,
  preferencesSchema,
  pushEndpointSchema,
  pushSubscriptionBodySchema,
  pushSubscriptionSchema,
  seenBodySchema,
  seenSchema,
  tokenBodySchema,
  tokenQuerySchema,
  tokenStatusSchema,
  PUSH_SUBSCRIPTIONS_MAX,
} from "./notifications.schema";
import { readPreferences, updatePreferences } from "./preferences.service";
import { deletePushSubscription, savePushSubscription } from "./push-subscriptions.service";

const describe = describer({ tags: ["Notifications"] });
const participants =
  "Participants only (owner, hosts, guests who said yes or maybe): 404 for an experience the caller may not see, 403 for a public one they do not take part in.";

/** Mounted at /api/notifications: the signed-in person's switches, mutes and browsers. */
export const notificationsRoutes = new Hono<AppEnv>()
  .get(
    "/preferences",
    describe({
      summary: "Your notification switches",
      description: "E-mail and push, per kind; a switch never set has its default. With the experiences you muted.",
      responses: { 200: preferencesSchema },
    }),
    async (c) => c.json(await readPreferences(getDb(c.env.DB), userId(c)), 200),
  )
  .put(
    "/preferences",
    describe({
      summary: "Change notification switches",
      description: "Only the switches named change. Answers every switch after the change.",
      responses: { 200: preferencesSchema },
    }),
    validate("json", preferencesPatchSchema),
    async (c) => c.json(await updatePreferences(getDb(c.env.DB), userId(c), c.req.valid("json")), 200),
  )
  .put(
    "/mutes/:eventId",
    describe({
      summary: "Mute or unmute an experience",
      description: `${participants} A muted experience sends nothing, of any kind, on any channel.`,
      responses: { 200: muteSchema },
      errors: [403, 404],
    }),
    validate("param", eventParamSchema),
    validate("json", muteBodySchema),
    async (c) => {
      const { eventId } = c.req.valid("param");
      return c.json(await setMute(getDb(c.env.DB), eventId, userId(c), c.req.valid("json").muted), 200);
    },
  )
  .post(
    "/push-subscriptions",
    describe({
      summary: "Send push notifications to this browser",
      description: `The browser's PushSubscription.toJSON(). Only a browser's push service is taken (Google's FCM, Mozilla's autopush, Apple's web push, Microsoft's WNS: https on port 443, no user name or password, no IP address), with \`p256dh\` an uncompressed P-256 point; anything else is 400 naming why. Saved again by its account, an endpoint gets the new keys; an endpoint another account holds answers 409 and stays theirs until they remove it. A person keeps their newest ${PUSH_SUBSCRIPTIONS_MAX} browsers: saving one more drops the oldest.`,
      responses: { 201: pushSubscriptionSchema },
      errors: [409],
    }),
    validate("json", pushSubscriptionBodySchema),
    async (c) => {
      const userAgent = c.req.header("User-Agent")?.slice(0, 300) ?? null;
      return c.json(await savePushSubscription(getDb(c.env.DB), userId(c), c.req.valid("json"), userAgent), 201);
    },
  )
  .delete(
    "/push-subscriptions",
    describe({ summary: "Stop push notifications to this browser", responses: { 200: successSchema } }),
    validate("json", pushEndpointSchema),
    async (c) => {
      await deletePushSubscription(getDb(c.env.DB), userId(c), c.req.valid("json").endpoint);
      return success(c);
    },
  );

/** Mounted at /api/events/:eventId/changes: 'What changed since you last looked'. */
export const changesRoutes = new Hono<AppEnv>()
  .get(
    "/",
    describe({
      summary: "What changed since you last looked",
      description: `${participants} The changes after \`since\` (else after your marker; none before your first look), of the last 30 days, newest first, at most 50; never your own; a decision only for the person it is about; join requests only for the owner and hosts.`,
      responses: { 200: changesSchema },
      errors: [403, 404],
    }),
    validate("param", eventParamSchema),
    validate("query", changesQuerySchema),
    async (c) => {
      const { eventId } = c.req.valid("param");
      return c.json(await listChanges(getDb(c.env.DB), eventId, userId(c), c.req.valid("query").since, c.var.i18n), 200);
    },
  )
  .put(
    "/seen",
    describe({
      summary: "Mark the changes seen",
      description: `${participants} Moves your marker to \`seq\`; never back.`,
      responses: { 200: seenSchema },
      errors: [403, 404],
    }),
    validate("param", eventParamSchema),
    validate("json", seenBodySchema),
    async (c) => {
      const { eventId } = c.req.valid("param");
      return c.json(await markSeen(getDb(c.env.DB), eventId, userId(c), c.req.valid("json").seq), 200);
    },
  );

const noSignIn = "No sign-in: the signed token of the e-mail's link names the person and the kind of e-mail.";

/** Mounted at /oapi/notifications: the links of every notification e-mail. */
export const notificationLinkRoutes = new Hono<AppEnv>()
  .get(
    "/",
    describe({
      summary: "Whether a kind of notification e-mail reaches its person",
      description: noSignIn,
      responses: { 200: tokenStatusSchema },
      errors: [400],
    }),
    validate("query", tokenQuerySchema),
    async (c) => c.json(await linkStatus(c.env, getDb(c.env.DB), c.req.valid("query").token), 200),
  )
  .put(
    "/",
    describe({
      summary: "Stop (or receive again) a kind of notification e-mail",
      description: noSignIn,
      responses: { 200: tokenStatusSchema },
      errors: [400],
    }),
    validate("query", tokenQuerySchema),
    validate("json", tokenBodySchema),
    async (c) => c.json(await chooseLinkKind(c.env, getDb(c.env.DB), c.req.valid("query").token, c.req.valid("json").enabled), 200),
  )
  .post(
    "/one-click",
    describe({
      summary: "One-click unsubscribe (RFC 8058): the List-Unsubscribe URL of every notification e-mail",
      description: `${noSignIn} Mail clients POST List-Unsubscribe=One-Click (as application/x-www-form-urlencoded, RFC 8058's example; multipart/form-data is read too); that kind of e-mail stops.`,
      responses: { 200: successSchema },
      errors: [400],
      extra: multipartToo(oneClickFormSchema),
    }),
    validate("query", tokenQuerySchema),
    validate("form", oneClickFormSchema, ONE_CLICK_MEDIA),
    async (c) => {
      await oneClickStop(c.env, getDb(c.env.DB), c.req.valid("query").token);
      return success(c);
    },
  );
