import { z } from "zod";
import { optionalFormFile } from "@worker/shared/form-file";
import { personSchema, pathId } from "@worker/shared/views.schema";
import { requiredText } from "@worker/shared/visible-text";

// Shared with the Social tab: only zod and constants here.

/** Spec 2 §9: ten posts a page; the three latest comments ride along with each post. */
export const FEED_PAGE_SIZE = 10;
const FEED_MAX_PAGE_SIZE = 50;
export const LATEST_COMMENTS = 3;
export const POST_TITLE_MAX = 2000;
export const COMMENT_MAX = 1000;

const MB = 1024 * 1024;
/** What a post may carry, typed by its bytes. */
export const FEED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp", "image/avif"] as const;
export const FEED_VIDEO_TYPES = ["video/mp4", "video/webm", "video/quicktime"] as const;
export const FEED_IMAGE_MAX_BYTES = 10 * MB;
export const FEED_VIDEO_MAX_BYTES = 100 * MB;
/** Uploads a participant may have waiting to be posted in one experience at once. */
export const FEED_PENDING_UPLOADS_MAX = 5;

export const FEED_MESSAGES = {
  posted: /*i18n*/ "Your post is live!",
  postFailed: /*i18n*/ "Error posting feed",
  loadFailed: /*i18n*/ "Error loading feeds",
  empty: /*i18n*/ "No feeds available yet",
  emptyPost: /*i18n*/ "Write something or add a photo or video",
  titleTooLong: /*i18n*/ "A post is at most 2000 characters",
  wrongMedia: /*i18n*/ "Only photos (JPEG, PNG, GIF, WebP, AVIF) and videos (MP4, WebM, MOV) can be posted",
  imageTooLarge: /*i18n*/ "Photos must be less than 10MB",
  videoTooLarge: /*i18n*/ "Videos must be less than 100MB",
  uploadLengthRequired: /*i18n*/ "Send the file with its Content-Length (its size in bytes)",
  uploadEmpty: /*i18n*/ "The file is empty",
  uploadIncomplete: /*i18n*/ "The upload ended before the whole file arrived; upload the file again",
  mediaUnclaimable: /*i18n*/ "This upload cannot be posted; upload the file again",
  tooManyUploads: /*i18n*/ "You have 5 uploads waiting to be posted. Post them, or wait a day for them to expire, before uploading more.",
  blankComment: /*i18n*/ "Write a comment first",
  commentTooLong: /*i18n*/ "A comment is at most 1000 characters",
  postNotFound: /*i18n*/ "Post not found",
  commentNotFound: /*i18n*/ "Comment not found",
  notYours: /*i18n*/ "Only its author or a host can delete this",
  mediaTwice: /*i18n*/ "Send the photo or video once: as the file or as the uploaded mediaId",
  formFileTooLarge: /*i18n*/ "A file sent with the post must be less than 10MB; upload a larger video first",
  badCursor: /*i18n*/ "before must be a cursor the feed answered",
} as const;

export const feedEventParamsSchema = z.object({ eventId: pathId });
export const feedPostParamsSchema = feedEventParamsSchema.extend({ feedId: pathId });
export const feedCommentParamsSchema = feedPostParamsSchema.extend({ commentId: pathId });

/**
 * A page of the feed, newest first. `before` is the cursor the first page answered: later pages count only
 * posts at or before it, so posts arriving at the top never shift a page (nothing repeats, nothing is skipped).
 */
export const feedPageQuerySchema = z.object({
  page: z.coerce
    .number({ error: /*i18n*/ "page must be a number" })
    .int()
    .min(1, /*i18n*/ "page must be 1 or more")
    .max(100_000)
    .default(1),
  limit: z.coerce
    .number({ error: /*i18n*/ "limit must be a number" })
    .int()
    .min(1, /*i18n*/ "limit must be 1 or more")
    .max(FEED_MAX_PAGE_SIZE, /*i18n*/ "limit must be at most {maximum}")
    .default(FEED_PAGE_SIZE),
  before: z
    .string()
    .regex(/^\d{1,15}$/, FEED_MESSAGES.badCursor)
    .optional(),
});

/**
 * POST multipart: the text, and at most one of a small photo or video in `file` or a `mediaId` answered by the
 * media upload. Whether it says anything at all is checked by the service, after the role.
 */
export const postFormSchema = z.object({
  title: z.string({ error: /*i18n*/ "title must be text" }).max(POST_TITLE_MAX, FEED_MESSAGES.titleTooLong).default(""),
  file: optionalFormFile,
  mediaId: z.string({ error: /*i18n*/ "mediaId must be text" }).max(100).optional(),
});

export const commentSchema = z
  .object({
    id: z.string(),
    comment: z.string(),
    owner: personSchema,
    createdAt: z.string(),
    /** Hidden by an organiser: only organisers are answered hidden comments (docs/moderation.md). */
    hidden: z.boolean(),
  })
  .meta({ id: "Comment" });

/** A photo's or video's width and height in pixels, as shown (a rotated phone photo's are swapped). */
const mediaMetadataSchema = z.object({ width: z.number().int(), height: z.number().int() }).meta({ id: "MediaMetadata" });

export const feedPostSchema = z
  .object({
    id: z.string(),
    eventId: z.string(),
    title: z.string(),
    /** A signed URL of the photo or video, or null for a text post. */
    media: z.string().nullable(),
    mimeType: z.string().nullable(),
    mediaMetadata: mediaMetadataSchema.nullable(),
    owner: personSchema,
    createdAt: z.string(),
    likesCount: z.number().int(),
    /** Whether the caller likes it; always false for a visitor who is not signed in. */
    selfLike: z.boolean(),
    /** Comments guests see (hidden ones are not counted). */
    commentCount: z.number().int(),
    /** Hidden by an organiser: only organisers are answered hidden posts (docs/moderation.md). */
    hidden: z.boolean(),
    /** The latest three comments, oldest first. */
    lastThreeComments: z.array(commentSchema),
  })
  .meta({ id: "FeedPost" });

export const feedPageSchema = z
  .object({
    feeds: z.array(feedPostSchema),
    page: z.number().int(),
    totalPages: z.number().int(),
    /** Pass it back as `before` for the next pages; null when the feed is empty. */
    cursor: z.string().nullable(),
  })
  .meta({ id: "FeedPage" });

export const commentBodySchema = z.object({
  comment: requiredText(FEED_MESSAGES.blankComment).max(COMMENT_MAX, FEED_MESSAGES.commentTooLong),
});

/** The answer of PUT /api/feeds/{eventId}/media: name `mediaId` in the post's form to post it. */
export const mediaUploadSchema = z
  .object({ mediaId: z.string(), mimeType: z.string(), mediaMetadata: mediaMetadataSchema.nullable() })
  .meta({ id: "MediaUpload" });

export const likeSchema = z.object({ likesCount: z.number().int(), selfLike: z.boolean() }).meta({ id: "Like" });

export type FeedPost = z.infer<typeof feedPostSchema>;
export type FeedPage = z.infer<typeof feedPageSchema>;
export type Comment = z.infer<typeof commentSchema>;
