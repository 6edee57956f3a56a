import { i18n } from "@web/lib/i18n";
import {
  FEED_IMAGE_MAX_BYTES,
  FEED_IMAGE_TYPES,
  FEED_MESSAGES,
  FEED_VIDEO_MAX_BYTES,
  FEED_VIDEO_TYPES,
} from "@worker/features/feed/feed.schema";

export type MediaKind = "image" | "video";

const IMAGE_TYPES: readonly string[] = FEED_IMAGE_TYPES;
const VIDEO_TYPES: readonly string[] = FEED_VIDEO_TYPES;

// What a picked file's name says when its browser gives it no type.
const EXTENSION_KINDS: Record<string, MediaKind> = {
  jpg: "image",
  jpeg: "image",
  png: "image",
  gif: "image",
  webp: "image",
  avif: "image",
  mp4: "video",
  m4v: "video",
  mov: "video",
  webm: "video",
};

/**
 * What the file input offers: the types, and the extensions for systems that know no type for some of them
 * (a .mov on Windows). The server decides again from the bytes.
 */
export const MEDIA_ACCEPT = [...FEED_IMAGE_TYPES, ...FEED_VIDEO_TYPES, ...Object.keys(EXTENSION_KINDS).map((ext) => `.${ext}`)].join(",");

export const mediaKind = (mimeType: string | null | undefined): MediaKind | null =>
  mimeType && IMAGE_TYPES.includes(mimeType) ? "image" : mimeType && VIDEO_TYPES.includes(mimeType) ? "video" : null;

const extensionOf = (name: string): string | null => /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase() ?? null;

/**
 * What a picked file is: by its type, else (some browsers give a .mov or .webm no type) by its extension.
 * "unknown" is a file with neither, left to the server, which types it by its bytes; null is a file known
 * not to be a photo or a video.
 */
export function fileKind(file: File): MediaKind | "unknown" | null {
  if (file.type) return mediaKind(file.type);
  const extension = extensionOf(file.name);
  if (extension === null) return "unknown";
  return EXTENSION_KINDS[extension] ?? null;
}

/** Why a chosen file cannot be posted (spec 2 §5: it must be an image or a video), or null when it can. */
export function mediaProblem(file: File): string | null {
  const kind = fileKind(file);
  if (!kind) return i18n._(FEED_MESSAGES.wrongMedia);
  if (kind === "image" && file.size > FEED_IMAGE_MAX_BYTES) return i18n._(FEED_MESSAGES.imageTooLarge);
  // A file of no known kind may be a video: the largest allowed, and the server refuses a photo over its own.
  if (kind !== "image" && file.size > FEED_VIDEO_MAX_BYTES) return i18n._(FEED_MESSAGES.videoTooLarge);
  return null;
}

/** Spec 2 §9's aspect ratios: what a box takes before its media's own size is known. */
const ASPECT = { square: 1, video: 16 / 9, portrait: 9 / 16 } as const;

/**
 * The box a post's media fills, as width / height, known before the media loads (no layout shift): its own
 * proportions, kept between portrait 9/16 and video 16/9 (anything taller or wider is letterboxed inside),
 * else square for a photo and 16/9 for a video.
 */
export function mediaAspect(kind: MediaKind, size: { width: number; height: number } | null | undefined): number {
  if (!size || size.width <= 0 || size.height <= 0) return kind === "video" ? ASPECT.video : ASPECT.square;
  return Math.min(ASPECT.video, Math.max(ASPECT.portrait, size.width / size.height));
}
