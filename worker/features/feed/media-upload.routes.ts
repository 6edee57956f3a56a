import { Hono } from "hono";
import { getDb } from "@worker/db/client";
import type { AppEnv } from "@worker/env";
import { userId } from "@worker/lib/auth/middleware";
import { describe } from "@worker/lib/openapi";
import { validate } from "@worker/lib/validation";
import { requireUnmuted } from "./feed-access";
import {
  FEED_IMAGE_MAX_BYTES,
  FEED_PENDING_UPLOADS_MAX,
  FEED_VIDEO_MAX_BYTES,
  feedEventParamsSchema,
  mediaUploadSchema,
} from "./feed.schema";
import { declaredLength, requireUploadRoom, uploadFeedMedia } from "./media-upload.service";

const MB = 1024 * 1024;

const rawBody = {
  parameters: [
    {
      in: "header",
      name: "Content-Length",
      required: true,
      schema: { type: "integer", minimum: 1, maximum: FEED_VIDEO_MAX_BYTES },
      description: "The file's size in bytes",
    },
  ],
  requestBody: {
    required: true,
    description:
      "The file's bytes, as they are (not a form), sent with the file's own type as the browser knows it (`image/jpeg`, `video/quicktime`, …), or none. The type is read from the bytes; the Content-Type sent is not trusted.",
    content: Object.fromEntries(
      ["image/*", "video/*", "application/octet-stream"].map((type) => [type, { schema: { type: "string", format: "binary" } }]),
    ),
  },
};

/** Mounted at /api/feeds/:eventId/media. */
export const mediaUploadRoutes = new Hono<AppEnv>().put(
  "/",
  describe({
    summary: "Upload a photo or video for a post, streamed to storage",
    description: `Participants only, checked before the body is read. The body is the raw file with its Content-Length: photos (JPEG, PNG, GIF, WebP, AVIF) up to ${FEED_IMAGE_MAX_BYTES / MB} MB, videos (MP4, WebM, QuickTime) up to ${FEED_VIDEO_MAX_BYTES / MB} MB, typed by their first bytes. Width and height are read from the file (null when it does not state them). Post it by naming \`mediaId\` in POST /api/feeds/{eventId} within a day: uploads never posted are deleted after that. A participant has at most ${FEED_PENDING_UPLOADS_MAX} uploads waiting to be posted in an experience at once: more are refused with 429 until one is posted or a day old.`,
    tags: ["Feed"],
    responses: { 201: mediaUploadSchema },
    errors: [403, 404, 409, 411, 413, 429],
    extra: rawBody,
  }),
  validate("param", feedEventParamsSchema),
  async (c) => {
    const { eventId } = c.req.valid("param");
    const db = getDb(c.env.DB);
    const uploaderId = userId(c);
    await requireUnmuted(db, eventId, uploaderId);
    const length = declaredLength(c.req.header("Content-Length"));
    await requireUploadRoom(db, eventId, uploaderId);
    return c.json(await uploadFeedMedia(c.env, db, { eventId, uploaderId, length, body: c.req.raw.body }), 201);
  },
);
