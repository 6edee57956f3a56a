import { type Dimensions, plausible } from "./dimensions";
import { bmpDimensions, gifDimensions, pngDimensions, webpDimensions } from "./images";
import { avifDimensions, boxHeader, movieDimensions, movieFileDimensions } from "./isobmff";
import { jpegDimensions } from "./jpeg";
import { webmDimensions } from "./webm";

type Reader = (view: DataView) => Dimensions | null;

/** Every picture type the app takes (IMAGE_TYPES): each reader answers the size its header states, however large. */
const PICTURE_READERS: Record<string, Reader> = {
  "image/jpeg": jpegDimensions,
  "image/png": pngDimensions,
  "image/gif": gifDimensions,
  "image/webp": webpDimensions,
  "image/avif": avifDimensions,
  "image/bmp": bmpDimensions,
};

const READERS: Record<string, Reader> = {
  ...PICTURE_READERS,
  "video/mp4": movieFileDimensions,
  "video/quicktime": movieFileDimensions,
  "video/webm": webmDimensions,
};

/**
 * Width and height as shown, read from the file's own headers (the file's type was decided by its bytes), or
 * null when the headers are not among the bytes given or make no sense. Never throws; the work is bounded by
 * the bytes given.
 */
export function probeMedia(bytes: Uint8Array, mimeType: string): Dimensions | null {
  return plausible(readHeader(READERS, bytes, mimeType));
}

/**
 * A picture's width and height as its header states them, even past any real photo's (a hostile file's claim
 * is what the pixel limit must see), or null when the header is not among the bytes given or is broken.
 */
export function statedPictureSize(bytes: Uint8Array, mimeType: string): Dimensions | null {
  return readHeader(PICTURE_READERS, bytes, mimeType);
}

function readHeader(readers: Record<string, Reader>, bytes: Uint8Array, mimeType: string): Dimensions | null {
  const read = readers[mimeType];
  if (!read) return null;
  try {
    return read(new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch {
    return null;
  }
}

const MB = 1024 * 1024;
/** How much of a stored file is read to find its size: a whole photo (they are at most 10 MB), a WebM's first MB. */
const STORED_HEAD_BYTES: Record<string, number> = { "video/webm": MB };
const STORED_IMAGE_BYTES = 10 * MB;
/** A movie's top-level boxes are a handful (ftyp, free, mdat, moov); more than this is not a movie worth walking. */
const MAX_TOP_LEVEL_BOXES = 32;
/** The sample tables of a 100 MB video take well under a megabyte; a larger `moov` is refused rather than read. */
const MAX_MOOV_BYTES = 8 * MB;

/**
 * `probeMedia` for a file already in R2, read with ranged gets: an MP4 or QuickTime file's top-level boxes are
 * walked (a phone puts `moov` after the media data) and only `moov` is read; other types are read from the start.
 */
export async function probeStoredMedia(bucket: R2Bucket, key: string, mimeType: string, size: number): Promise<Dimensions | null> {
  try {
    if (mimeType === "video/mp4" || mimeType === "video/quicktime") return await storedMovieDimensions(bucket, key, size);
    if (!READERS[mimeType]) return null;
    const head = await readRange(bucket, key, 0, Math.min(size, STORED_HEAD_BYTES[mimeType] ?? STORED_IMAGE_BYTES));
    return head && probeMedia(head, mimeType);
  } catch {
    return null;
  }
}

async function storedMovieDimensions(bucket: R2Bucket, key: string, size: number): Promise<Dimensions | null> {
  let offset = 0;
  for (let i = 0; i < MAX_TOP_LEVEL_BOXES && offset + 8 <= size; i++) {
    const bytes = await readRange(bucket, key, offset, Math.min(16, size - offset));
    if (!bytes || bytes.byteLength < 8) return null;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const box = boxHeader(view, 0, size - offset);
    if (!box) return null;
    if (box.type === "moov") {
      const length = Math.min(box.size, size - offset) - box.header;
      if (length <= 0 || length > MAX_MOOV_BYTES) return null;
      const moov = await readRange(bucket, key, offset + box.header, length);
      if (!moov) return null;
      return movieDimensions(new DataView(moov.buffer, moov.byteOffset, moov.byteLength), { start: 0, end: moov.byteLength });
    }
    offset += box.size;
  }
  return null;
}

async function readRange(bucket: R2Bucket, key: string, offset: number, length: number): Promise<Uint8Array | null> {
  if (length <= 0) return null;
  const object = await bucket.get(key, { range: { offset, length } });
  return object ? new Uint8Array(await object.arrayBuffer()) : null;
}
