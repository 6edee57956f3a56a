import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { feedPosts, files } from "@worker/db/schema";
import { ORPHAN_AGE } from "@worker/domain/orphan-sweep";
import type { Bindings } from "@worker/env";
import { AppError, badRequest } from "@worker/lib/errors";
import { servedFileName, sniffMimeType } from "@worker/lib/files";
import { type Dimensions } from "@worker/lib/media/dimensions";
import { refuseHugePicture } from "@worker/lib/media/picture-limit";
import { probeMedia, probeStoredMedia } from "@worker/lib/media/probe";
import { BodyHead, IncompleteBody, putStreamed } from "@worker/lib/media/streamed-put";
import {
  FEED_IMAGE_MAX_BYTES,
  FEED_IMAGE_TYPES,
  FEED_MESSAGES,
  FEED_PENDING_UPLOADS_MAX,
  FEED_VIDEO_MAX_BYTES,
  FEED_VIDEO_TYPES,
} from "./feed.schema";

/** Enough of the body to tell its type by its signature. */
const SNIFF_BYTES = 4 * 1024;
/** Read ahead before storing: a photo's or WebM's size (and a web-optimised MP4's) is known from it, and goes in the object's metadata. */
const HEAD_BYTES = 256 * 1024;

const isImage = (mimeType: string) => (FEED_IMAGE_TYPES as readonly string[]).includes(mimeType);
const isFeedMedia = (mimeType: string) => isImage(mimeType) || (FEED_VIDEO_TYPES as readonly string[]).includes(mimeType);

/** Feed uploads live under their own prefix, so nothing else an experience stores can be posted, or swept as unclaimed. */
const feedMediaPrefix = (eventId: string) => `events/${eventId}/feed/`;

/** How long an upload waits to be posted before the hourly sweep of files nothing names deletes it. */
export const UNCLAIMED_MEDIA_TTL = ORPHAN_AGE;

/** An upload that is not yet part of any post (the unique media_file_id of feed_posts keeps it to one). */
const unclaimedMedia = sql`not exists (select 1 from ${feedPosts} p where p.media_file_id = ${files.id})`;

/** This uploader's feed uploads of this experience still waiting to be posted (those past a day only wait for the sweep). */
const pendingUploads = (eventId: string, uploaderId: string) => {
  const prefix = feedMediaPrefix(eventId);
  return and(
    eq(files.eventId, eventId),
    eq(files.uploaderId, uploaderId),
    sql`substr(${files.key}, 1, ${prefix.length}) = ${prefix}`,
    gt(files.createdAt, new Date(Date.now() - UNCLAIMED_MEDIA_TTL)),
    unclaimedMedia,
  );
};

const tooManyUploads = () => new AppError(429, FEED_MESSAGES.tooManyUploads);

/** Refuses, before the body is read, an uploader who already has the most uploads waiting to be posted. */
export async function requireUploadRoom(db: Db, eventId: string, uploaderId: string): Promise<void> {
  const [row] = await db.select({ n: count() }).from(files).where(pendingUploads(eventId, uploaderId));
  if ((row?.n ?? 0) >= FEED_PENDING_UPLOADS_MAX) throw tooManyUploads();
}

export interface MediaUpload {
  mediaId: string;
  mimeType: string;
  mediaMetadata: Dimensions | null;
}

/** The upload's size from its Content-Length, refused when missing, empty or over the largest media (a video) allows. */
export function declaredLength(header: string | undefined): number {
  if (header === undefined) throw new AppError(411, FEED_MESSAGES.uploadLengthRequired);
  if (!/^\d{1,15}$/.test(header.trim())) throw badRequest(FEED_MESSAGES.uploadLengthRequired);
  const length = Number(header);
  if (length === 0) throw badRequest(FEED_MESSAGES.uploadEmpty);
  if (length > FEED_VIDEO_MAX_BYTES) throw new AppError(413, FEED_MESSAGES.videoTooLarge);
  return length;
}

/**
 * Streams a photo or video into R2 (the caller has checked the role and the length): typed by its first bytes,
 * measured from its own headers, recorded as the uploader's file of this experience, waiting to be posted.
 */
export async function uploadFeedMedia(
  env: Bindings,
  db: Db,
  upload: { eventId: string; uploaderId: string; length: number; body: ReadableStream<Uint8Array> | null },
): Promise<MediaUpload> {
  if (!upload.body) throw badRequest(FEED_MESSAGES.uploadEmpty);
  const head = new BodyHead(upload.body.getReader());
  const id = crypto.randomUUID();
  const key = `${feedMediaPrefix(upload.eventId)}${id}`;
  let mimeType: string;
  let size: Dimensions | null;
  try {
    await head.fill(SNIFF_BYTES);
    const sniffed = sniffMimeType(head.bytes(SNIFF_BYTES));
    if (!sniffed || !isFeedMedia(sniffed)) throw badRequest(FEED_MESSAGES.wrongMedia);
    if (isImage(sniffed) && upload.length > FEED_IMAGE_MAX_BYTES) throw new AppError(413, FEED_MESSAGES.imageTooLarge);
    mimeType = sniffed;
    // A photo (at most 10 MB) is read whole before it is stored, so its header is found however late it comes.
    await head.fill(isImage(mimeType) ? upload.length : HEAD_BYTES);
    if (isImage(mimeType)) refuseHugePicture(head.bytes(upload.length), mimeType);
    size = probeMedia(head.bytes(HEAD_BYTES), mimeType);
    const customMetadata = size ? { width: String(size.width), height: String(size.height) } : undefined;
    await putStreamed(env.FILES, key, head.stream(), upload.length, { httpMetadata: { contentType: mimeType }, customMetadata });
  } catch (error) {
    await head.discard();
    if (error instanceof IncompleteBody) throw badRequest(FEED_MESSAGES.uploadIncomplete);
    throw error;
  }
  // A phone's MP4 keeps its sizes (moov) after the media data: read from the stored object with ranged gets.
  size ??= upload.length > HEAD_BYTES ? await probeStoredMedia(env.FILES, key, mimeType, upload.length) : null;

  const name = servedFileName(isImage(mimeType) ? "photo" : "video", mimeType);
  // Recorded only while the uploader still has room: uploads sent side by side all passed the early check.
  let recorded: boolean;
  try {
    const result = await db.run(sql`
      insert into ${files} (id, key, event_id, uploader_id, mime_type, size, name)
      select ${id}, ${key}, ${upload.eventId}, ${upload.uploaderId}, ${mimeType}, ${upload.length}, ${name}
      where (select count(*) from ${files} where ${pendingUploads(upload.eventId, upload.uploaderId)}) < ${FEED_PENDING_UPLOADS_MAX}`);
    recorded = result.meta.changes === 1;
  } catch (error) {
    await env.FILES.delete(key);
    throw error;
  }
  if (!recorded) {
    await env.FILES.delete(key);
    throw tooManyUploads();
  }
  return { mediaId: id, mimeType, mediaMetadata: size };
}

/**
 * The upload a post names by `mediaId`: it must be this user's feed upload for this experience, not yet posted.
 * Its size comes from the object's metadata, or (a movie whose sizes came after the read-ahead) from the file.
 */
export async function claimMedia(
  env: Bindings,
  db: Db,
  mediaId: string,
  owner: { userId: string; eventId: string },
): Promise<{ fileId: string; mimeType: string; width: number | null; height: number | null }> {
  const prefix = feedMediaPrefix(owner.eventId);
  const [row] = await db
    .select({ id: files.id, key: files.key, mimeType: files.mimeType, size: files.size })
    .from(files)
    .where(
      and(
        eq(files.id, mediaId),
        eq(files.eventId, owner.eventId),
        eq(files.uploaderId, owner.userId),
        sql`substr(${files.key}, 1, ${prefix.length}) = ${prefix}`,
        unclaimedMedia,
      ),
    )
    .limit(1);
  const object = row && (await env.FILES.head(row.key));
  if (!row || !object) throw badRequest(FEED_MESSAGES.mediaUnclaimable);
  const size = storedSize(object.customMetadata) ?? (await probeStoredMedia(env.FILES, row.key, row.mimeType, row.size));
  return { fileId: row.id, mimeType: row.mimeType, width: size?.width ?? null, height: size?.height ?? null };
}

function storedSize(metadata: Record<string, string> | undefined): Dimensions | null {
  const width = Number(metadata?.width);
  const height = Number(metadata?.height);
  return Number.isInteger(width) && width > 0 && Number.isInteger(height) && height > 0 ? { width, height } : null;
}
