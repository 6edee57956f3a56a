import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "@worker/db/client";
import { feedPosts, files } from "@worker/db/schema";
import type { Bindings } from "@worker/env";
import { AppError, badRequest, causedBy, conflict } from "@worker/lib/errors";
import { putFile, readUpload, type FileRow } from "@worker/lib/files";
import { probeMedia } from "@worker/lib/media/probe";
import { isBlank } from "@worker/shared/visible-text";
import { requireFeedPlace, type TakeFeedPlace } from "./feed-access";
import { feedPost } from "./feed-page.service";
import { FEED_IMAGE_MAX_BYTES, FEED_IMAGE_TYPES, FEED_MESSAGES, FEED_VIDEO_TYPES, type FeedPost } from "./feed.schema";
import { claimMedia } from "./media-upload.service";

const FEED_MEDIA_TYPES = [...FEED_IMAGE_TYPES, ...FEED_VIDEO_TYPES];

interface Media {
  fileId: string;
  mimeType: string;
  width: number | null;
  height: number | null;
  /** A file of the form, stored in R2 for this post: its row goes in the post's batch. */
  stored?: FileRow;
}

/** A photo or small video sent in the form: typed by its bytes, measured, and put in R2 (its row is the caller's to insert). */
async function storeFormFile(env: Bindings, file: File, eventId: string, authorId: string): Promise<Media> {
  if (file.size > FEED_IMAGE_MAX_BYTES) throw new AppError(413, FEED_MESSAGES.formFileTooLarge);
  const upload = await readUpload(file, FEED_MEDIA_TYPES, FEED_MESSAGES.wrongMedia);
  const size = probeMedia(upload.bytes, upload.mimeType);
  const stored = await putFile(env, upload, { eventId, uploaderId: authorId });
  return { fileId: stored.id, mimeType: upload.mimeType, width: size?.width ?? null, height: size?.height ?? null, stored };
}

/**
 * Every post is created strictly later than every earlier post of its experience (D1 runs writes one at a
 * time), so a page's cursor never has a later arrival at or before it, even within one millisecond.
 */
const nextCreatedAt = (eventId: string) =>
  sql`max(cast(unixepoch('subsec') * 1000 as integer), coalesce((select max(p.created_at) from feed_posts p where p.event_id = ${eventId}), 0) + 1)`;

/** Posts text, a photo or video, or both, as a participant. */
export async function createPost(
  env: Bindings,
  db: Db,
  eventId: string,
  authorId: string,
  form: { title: string; file?: File; mediaId?: string },
  take: TakeFeedPlace,
): Promise<FeedPost> {
  await requireFeedPlace(db, eventId, authorId, "post", take);
  const title = isBlank(form.title) ? "" : form.title.trim();
  if (form.file && form.mediaId) throw badRequest(FEED_MESSAGES.mediaTwice);
  if (!title && !form.file && !form.mediaId) throw badRequest(FEED_MESSAGES.emptyPost);

  const media: Media | null = form.file
    ? await storeFormFile(env, form.file, eventId, authorId)
    : form.mediaId
      ? await claimMedia(env, db, form.mediaId, { userId: authorId, eventId })
      : null;
  const id = crypto.randomUUID();
  const statements: BatchItem<"sqlite">[] = [];
  if (media?.stored) statements.push(db.insert(files).values(media.stored));
  statements.push(
    db.insert(feedPosts).values({
      id,
      eventId,
      authorId,
      title,
      mediaFileId: media?.fileId ?? null,
      mimeType: media?.mimeType ?? null,
      mediaWidth: media?.width ?? null,
      mediaHeight: media?.height ?? null,
      createdAt: nextCreatedAt(eventId),
    }),
  );
  try {
    await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (error) {
    if (media?.stored) await env.FILES.delete(media.stored.key);
    // Two posts naming the same upload at once: the first takes it.
    if (causedBy(error, "feed_posts.media_file_id")) throw badRequest(FEED_MESSAGES.mediaUnclaimable);
    // The hourly sweep deleted the upload after it was claimed: refused, never posted without its media.
    if (form.mediaId && causedBy(error, "FOREIGN KEY constraint failed")) throw conflict(FEED_MESSAGES.mediaUnclaimable);
    throw error;
  }
  return feedPost(env, db, eventId, id, authorId);
}
