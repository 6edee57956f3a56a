import {
  FEED_IMAGE_MAX_BYTES,
  FEED_IMAGE_TYPES,
  FEED_MESSAGES,
  FEED_VIDEO_MAX_BYTES,
  FEED_VIDEO_TYPES,
} from "../../../../worker/features/feed/feed.schema";

export type MediaKind = "image" | "video";

const IMAGE_TYPES: readonly string[] = FEED_IMAGE_TYPES;
const VIDEO_TYPES: readonly string[] = FEED_VIDEO_TYPES;

/** What the file input offers; the server decides again from the bytes. */
export const MEDIA_ACCEPT = [...FEED_IMAGE_TYPES, ...FEED_VIDEO_TYPES].join(",");

export const mediaKind = (mimeType: string | null | undefined): MediaKind | null =>
  mimeType && IMAGE_TYPES.includes(mimeType) ? "image" : mimeType && VIDEO_TYPES.includes(mimeType) ? "video" : null;

/** Why a chosen file cannot be posted (spec 2 §5: it must be an image or a video), or null when it can. */
export function mediaProblem(file: File): string | null {
  const kind = mediaKind(file.type);
  if (!kind) return FEED_MESSAGES.wrongMedia;
  if (kind === "image" && file.size > FEED_IMAGE_MAX_BYTES) return FEED_MESSAGES.imageTooLarge;
  if (kind === "video" && file.size > FEED_VIDEO_MAX_BYTES) return FEED_MESSAGES.videoTooLarge;
  return null;
}

/** Spec 2 §9's aspect ratios: what a box takes before its media's own size is known. */
export const ASPECT = { square: 1, video: 16 / 9, portrait: 9 / 16 } as const;

/**
 * The box a post's media fills, as width / height, known before the media loads (no layout shift): its own
 * proportions, kept between portrait 9/16 and video 16/9 (anything taller or wider is letterboxed inside),
 * else square for a photo and 16/9 for a video.
 */
export function mediaAspect(kind: MediaKind, size: { width: number; height: number } | null | undefined): number {
  if (!size || size.width <= 0 || size.height <= 0) return kind === "video" ? ASPECT.video : ASPECT.square;
  return Math.min(ASPECT.video, Math.max(ASPECT.portrait, size.width / size.height));
}
