import { Hono, type Context } from "hono";
import { getDb } from "@worker/db/client";
import { organiserIds } from "@worker/domain/organiser";
import type { AppEnv } from "@worker/env";
import { userId } from "@worker/lib/auth/middleware";
import { describer, type OwnSpec } from "@worker/lib/openapi";
import { success } from "@worker/lib/success";
import { validate } from "@worker/lib/validation";
import { publish } from "@worker/live/publish";
import { eventRoom } from "@worker/live/room";
import { FEED_LIMITS } from "@worker/shared/feed-limits";
import { successSchema } from "@worker/shared/views.schema";
import type { TakeFeedPlace } from "./feed-access";
import { commentSchema, feedCommentParamsSchema, feedEventParamsSchema, feedPostParamsSchema, feedPostSchema } from "./feed.schema";
import { hideComment, hidePost } from "./hide.service";
import {
  feedMuteParamsSchema,
  feedReportsParamsSchema,
  feedReportsSchema,
  moderationBodySchema,
  muteBodySchema,
  muteSchema,
  reportBodySchema,
  reportReceiptSchema,
} from "./moderation.schema";
import { setMute } from "./mute.service";
import { reportSubject } from "./report.service";
import { dismissReports, listReports } from "./reports.service";

const describe = describer({ tags: ["Feed moderation"], errors: [403, 404] });
const organisers = "The owner and hosts only.";

/** The 'Reported' lists of the experience's organisers read again (reports, hidden marks, mutes changed). */
async function tellOrganisers(c: Context<AppEnv>, eventId: string) {
  await publish(c.env, { type: "feed.reported", eventId }, await organiserIds(getDb(c.env.DB), eventId));
}

/** Awaits a write to the reports or the mutes, then tellOrganisers; answers what the write answered. */
async function reportsWrite<T>(c: Context<AppEnv>, eventId: string, write: Promise<T>): Promise<T> {
  const result = await write;
  await tellOrganisers(c, eventId);
  return result;
}

/** The caller's places in the experience's EventRoom, for a service to take one after its role and mute checks. */
export const feedPlaces =
  (c: Context<AppEnv>, eventId: string): TakeFeedPlace =>
  (action) =>
    eventRoom(c.env, eventId).takeFeedPlace(userId(c), action);

/** Reporting a post and reporting a comment are documented alike. */
const reporting = {
  description: `Participants who are not muted; at most ${FEED_LIMITS.report} reports a minute (429). One report per person and subject: a second answers 409. The owner and hosts are notified (kind \`requests\`).`,
  responses: { 201: reportReceiptSchema },
  errors: [403, 404, 409, 429],
} satisfies Omit<OwnSpec, "summary">;

/** Reports the post or comment as the caller and tells the organisers; answers the receipt. */
async function report(c: Context<AppEnv>, eventId: string, subject: Parameters<typeof reportSubject>[4], reason: string) {
  await reportsWrite(c, eventId, reportSubject(c.env, getDb(c.env.DB), eventId, userId(c), subject, reason, feedPlaces(c, eventId)));
  return c.json({ reported: true as const }, 201);
}

/** Mounted at /api/feeds, before the feed's own routes (its `/{eventId}/reports` would read as a post's id there). */
export const moderationRoutes = new Hono<AppEnv>()
  .get(
    "/:eventId/reports",
    describe({
      summary: "The 'Reported' list",
      description: `${organisers} Each post or comment reported, most recently first, with its count and reasons; and everyone muted in the feed.`,
      responses: { 200: feedReportsSchema },
    }),
    validate("param", feedEventParamsSchema),
    async (c) => c.json(await listReports(c.env, getDb(c.env.DB), c.req.valid("param").eventId, userId(c)), 200),
  )
  .delete(
    "/:eventId/reports/:subjectId",
    describe({
      summary: "Dismiss the reports about a post or comment",
      description: `${organisers} The post or comment stays as it is.`,
      responses: { 200: successSchema },
    }),
    validate("param", feedReportsParamsSchema),
    async (c) => {
      const { eventId, subjectId } = c.req.valid("param");
      await reportsWrite(c, eventId, dismissReports(getDb(c.env.DB), eventId, subjectId, userId(c)));
      return success(c);
    },
  )
  .put(
    "/:eventId/mutes/:userId",
    describe({
      summary: "Mute or unmute a participant in the feed",
      description: `${organisers} A muted person reads the feed; posting, commenting, liking, uploading and reporting answer 403. Organisers cannot be muted.`,
      responses: { 200: muteSchema },
    }),
    validate("param", feedMuteParamsSchema),
    validate("json", muteBodySchema),
    async (c) => {
      const { eventId, userId: targetId } = c.req.valid("param");
      const mute = setMute(getDb(c.env.DB), eventId, userId(c), targetId, c.req.valid("json").muted);
      return c.json(await reportsWrite(c, eventId, mute), 200);
    },
  )
  .put(
    "/:eventId/:feedId/moderation",
    describe({
      summary: "Hide a post from guests, or restore it",
      description: `${organisers} A hidden post is left out of guests' and visitors' reads and answered with \`hidden: true\` to organisers.`,
      responses: { 200: feedPostSchema },
    }),
    validate("param", feedPostParamsSchema),
    validate("json", moderationBodySchema),
    async (c) => {
      const { eventId, feedId } = c.req.valid("param");
      const post = await hidePost(c.env, getDb(c.env.DB), eventId, feedId, userId(c), c.req.valid("json").hidden);
      await publish(c.env, { type: "feed.moderated", eventId, postId: feedId }, await organiserIds(getDb(c.env.DB), eventId));
      await publish(c.env, { type: "feed.refreshed", eventId });
      await tellOrganisers(c, eventId);
      return c.json(post, 200);
    },
  )
  .put(
    "/:eventId/:feedId/comment/:commentId/moderation",
    describe({
      summary: "Hide a comment from guests, or restore it",
      description: `${organisers} Hidden comments are left out of guests' reads and of the post's count.`,
      responses: { 200: commentSchema },
    }),
    validate("param", feedCommentParamsSchema),
    validate("json", moderationBodySchema),
    async (c) => {
      const { eventId, feedId, commentId } = c.req.valid("param");
      const hidden = c.req.valid("json").hidden;
      const { comment, commentCount } = await hideComment(
        c.env,
        getDb(c.env.DB),
        eventId,
        { postId: feedId, commentId },
        userId(c),
        hidden,
      );
      await publish(c.env, { type: "comment.changed", eventId, postId: feedId, commentCount });
      await tellOrganisers(c, eventId);
      return c.json(comment, 200);
    },
  )
  .post(
    "/:eventId/:feedId/report",
    describe({ summary: "Report a post", ...reporting }),
    validate("param", feedPostParamsSchema),
    validate("json", reportBodySchema),
    async (c) => {
      const { eventId, feedId } = c.req.valid("param");
      return report(c, eventId, { postId: feedId }, c.req.valid("json").reason);
    },
  )
  .post(
    "/:eventId/:feedId/comment/:commentId/report",
    describe({ summary: "Report a comment", ...reporting }),
    validate("param", feedCommentParamsSchema),
    validate("json", reportBodySchema),
    async (c) => {
      const { eventId, feedId, commentId } = c.req.valid("param");
      return report(c, eventId, { postId: feedId, commentId }, c.req.valid("json").reason);
    },
  );
