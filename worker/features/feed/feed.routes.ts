import { Hono, type Context } from "hono";
import { getDb } from "@worker/db/client";
import type { AppEnv } from "@worker/env";
import { userId } from "@worker/lib/auth/middleware";
import { describer } from "@worker/lib/openapi";
import { uploadLimit } from "@worker/lib/upload-limit";
import { validate } from "@worker/lib/validation";
import { publish, published } from "@worker/live/publish";
import { FEED_LIMITS } from "@worker/shared/feed-limits";
import { successSchema } from "@worker/shared/views.schema";
import { addComment, deleteComment, listComments } from "./comments.service";
import { createPost } from "./create-post.service";
import { deletePost } from "./delete-post.service";
import { feedPage, feedPost } from "./feed-page.service";
import {
  commentBodySchema,
  commentSchema,
  FEED_IMAGE_MAX_BYTES,
  FEED_MESSAGES,
  feedCommentParamsSchema,
  feedEventParamsSchema,
  feedPageQuerySchema,
  feedPageSchema,
  feedPostParamsSchema,
  feedPostSchema,
  likeSchema,
  postFormSchema,
} from "./feed.schema";
import { toggleLike } from "./like.service";
import { feedPlaces } from "./moderation.routes";

const describe = describer({ tags: ["Feed"], errors: [403, 404] });

type Viewer = (c: Context<AppEnv>) => string | null;

/** The reads, for the signed-in API and for signed-out visitors of public experiences alike. */
const feedReads = (viewer: Viewer, who: string) =>
  new Hono<AppEnv>()
    .get(
      "/:eventId",
      describe({
        summary: `A page of the feed, newest first${who}`,
        description:
          "Participants read any experience's feed; anyone reads a public one. The first page answers `cursor`: pass it back as `before` for the next pages, which then count and read only posts at or before it, so new posts never shift them.",
        responses: { 200: feedPageSchema },
        errors: [404],
      }),
      validate("param", feedEventParamsSchema),
      validate("query", feedPageQuerySchema),
      async (c) => {
        return c.json(await feedPage(c.env, getDb(c.env.DB), c.req.valid("param").eventId, viewer(c), c.req.valid("query")), 200);
      },
    )
    .get(
      "/:eventId/:feedId",
      describe({ summary: `A post of the feed${who}`, responses: { 200: feedPostSchema }, errors: [404] }),
      validate("param", feedPostParamsSchema),
      async (c) => {
        const { eventId, feedId } = c.req.valid("param");
        return c.json(await feedPost(c.env, getDb(c.env.DB), eventId, feedId, viewer(c)), 200);
      },
    )
    .get(
      "/:eventId/:feedId/comment",
      describe({ summary: `Every comment of a post, oldest first${who}`, responses: { 200: commentSchema.array() }, errors: [404] }),
      validate("param", feedPostParamsSchema),
      async (c) => {
        const { eventId, feedId } = c.req.valid("param");
        return c.json(await listComments(c.env, getDb(c.env.DB), eventId, feedId, viewer(c)), 200);
      },
    );

/** Mounted at /oapi/feeds: a public experience's feed for visitors who are not signed in (selfLike is always false). */
export const publicFeedRoutes = feedReads(() => null, " (signed out)");

/** Mounted at /api/feeds. */
export const feedRoutes = feedReads((c) => userId(c), "")
  .post(
    "/:eventId",
    describe({
      summary: "Post to the feed",
      description: `Participants who are not muted, at most ${FEED_LIMITS.post} posts a minute (429). A multipart form: \`title\` (text), and at most one of \`file\` (a photo or video under ${FEED_IMAGE_MAX_BYTES / 1024 / 1024} MB, typed by its bytes) or \`mediaId\` (a larger upload answered by PUT /api/feeds/{eventId}/media). Text, media or both; never neither. Width and height are read from the file.`,
      responses: { 201: feedPostSchema },
      errors: [403, 404, 409, 413, 429],
    }),
    validate("param", feedEventParamsSchema),
    uploadLimit(FEED_IMAGE_MAX_BYTES, FEED_MESSAGES.formFileTooLarge),
    validate("form", postFormSchema),
    async (c) => {
      const { eventId } = c.req.valid("param");
      const post = await createPost(c.env, getDb(c.env.DB), eventId, userId(c), c.req.valid("form"), feedPlaces(c, eventId));
      await publish(c.env, { type: "feed.posted", eventId, postId: post.id });
      return c.json(post, 201);
    },
  )
  .delete(
    "/:eventId/:feedId",
    describe({
      summary: "Delete a post",
      description: "Its author, the owner or a host. Its likes, comments and photo or video go with it.",
      responses: { 200: successSchema },
    }),
    validate("param", feedPostParamsSchema),
    async (c) => {
      const { eventId, feedId } = c.req.valid("param");
      await deletePost(c.env, getDb(c.env.DB), eventId, feedId, userId(c));
      return published(c, { type: "feed.deleted", eventId, postId: feedId });
    },
  )
  .post(
    "/:eventId/:feedId/like",
    describe({
      summary: "Like or unlike a post",
      description: "Participants only. Toggles the caller's like; answers the new count.",
      responses: { 200: likeSchema },
    }),
    validate("param", feedPostParamsSchema),
    async (c) => {
      const { eventId, feedId } = c.req.valid("param");
      const like = await toggleLike(getDb(c.env.DB), eventId, feedId, userId(c));
      await publish(c.env, { type: "like.changed", eventId, postId: feedId, likesCount: like.likesCount });
      return c.json(like, 200);
    },
  )
  .post(
    "/:eventId/:feedId/comment",
    describe({
      summary: "Comment on a post",
      description: `Participants who are not muted, at most ${FEED_LIMITS.comment} comments a minute (429); a blank comment is refused.`,
      responses: { 201: commentSchema },
      errors: [403, 404, 429],
    }),
    validate("param", feedPostParamsSchema),
    validate("json", commentBodySchema),
    async (c) => {
      const { eventId, feedId } = c.req.valid("param");
      const text = c.req.valid("json").comment;
      const { comment, commentCount } = await addComment(c.env, getDb(c.env.DB), eventId, feedId, userId(c), text, feedPlaces(c, eventId));
      await publish(c.env, { type: "comment.changed", eventId, postId: feedId, commentCount });
      return c.json(comment, 201);
    },
  )
  .delete(
    "/:eventId/:feedId/comment/:commentId",
    describe({ summary: "Delete a comment", description: "Its author, the owner or a host.", responses: { 200: successSchema } }),
    validate("param", feedCommentParamsSchema),
    async (c) => {
      const { eventId, feedId, commentId } = c.req.valid("param");
      const commentCount = await deleteComment(getDb(c.env.DB), eventId, feedId, commentId, userId(c));
      return published(c, { type: "comment.changed", eventId, postId: feedId, commentCount });
    },
  );
