import { eq, inArray } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { files, type ImageRef } from "@worker/db/schema";
import type { Bindings } from "@worker/env";
import { fillMessage } from "@worker/shared/fill-message";
import type { ImageView } from "@worker/shared/views.schema";
import { idChunks } from "./batch";
import { hmacSha256, timingSafeEqual } from "./crypto";
import { badRequest } from "./errors";
import { refuseHugePicture } from "./media/picture-limit";
import { variantKeys } from "./picture-variants";

export type FileKind = "image" | "video" | "document" | "spreadsheet";

const MB = 1024 * 1024;
export const SIZE_LIMITS: Record<FileKind, number> = {
  image: 10 * MB,
  video: 100 * MB,
  document: 20 * MB,
  spreadsheet: 5 * MB,
};

/** Every type the app stores: its kind (for the size limit) and the name extensions it is served under, the first preferred. */
const TYPES: Record<string, { kind: FileKind; extensions: readonly string[] }> = {
  "image/jpeg": { kind: "image", extensions: ["jpg", "jpeg"] },
  "image/png": { kind: "image", extensions: ["png"] },
  "image/gif": { kind: "image", extensions: ["gif"] },
  "image/webp": { kind: "image", extensions: ["webp"] },
  "image/avif": { kind: "image", extensions: ["avif"] },
  "image/bmp": { kind: "image", extensions: ["bmp"] },
  "video/mp4": { kind: "video", extensions: ["mp4", "m4v"] },
  "video/quicktime": { kind: "video", extensions: ["mov"] },
  "video/webm": { kind: "video", extensions: ["webm"] },
  "application/pdf": { kind: "document", extensions: ["pdf"] },
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": { kind: "spreadsheet", extensions: ["xlsx"] },
};

export const STORED_TYPES = Object.keys(TYPES);

/**
 * The name a stored file is served under: the uploader's name, with its extension made to match the type read
 * from the bytes (poly.html holding a PNG is served as poly.png), so a saved copy never opens as something else.
 */
export function servedFileName(name: string, mimeType: string): string {
  const extensions = TYPES[mimeType]?.extensions ?? ["bin"];
  const base = name.slice(Math.max(name.lastIndexOf("/"), name.lastIndexOf("\\")) + 1).trim();
  const dot = base.lastIndexOf(".");
  const stem = (dot >= 0 ? base.slice(0, dot) : base).trim();
  const extension = dot >= 0 ? base.slice(dot + 1) : "";
  if (stem && extensions.includes(extension.toLowerCase())) return base;
  return `${stem || "file"}.${extensions[0]}`;
}

/** Pictures, videos and PDFs open in the browser; anything else is only ever downloaded. */
const OPENS_INLINE = /^(image|video)\/|^application\/pdf$/;

/** The Content-Disposition of a stored file: inline for what a browser shows, attachment otherwise. */
export function contentDisposition(name: string, mimeType: string): string {
  return dispositionHeader(OPENS_INLINE.test(mimeType) ? "inline" : "attachment", servedFileName(name, mimeType));
}

/** A Content-Disposition value (RFC 6266): an ASCII fallback name, and the full name in UTF-8 when they differ. */
export function dispositionHeader(type: "inline" | "attachment", fileName: string): string {
  const ascii = fileName.replace(/[^\w.\- ]+/g, "_");
  if (ascii === fileName) return `${type}; filename="${ascii}"`;
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The file's real type, read from its first bytes; the name and the browser's claim are ignored. */
export function sniffMimeType(bytes: Uint8Array): string | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "image/gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  if (startsWith(bytes, ascii("BM")) && bytes.length >= 26 && startsWith(bytes, [0, 0, 0, 0], 6)) return "image/bmp";
  if (startsWith(bytes, ascii("%PDF-"))) return "application/pdf";
  if (startsWith(bytes, ascii("ftyp"), 4) && (startsWith(bytes, ascii("avif"), 8) || startsWith(bytes, ascii("avis"), 8)))
    return "image/avif";
  if (startsWith(bytes, ascii("ftyp"), 4)) return startsWith(bytes, ascii("qt  "), 8) ? "video/quicktime" : "video/mp4";
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return "video/webm";
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
  return null;
}

export interface Upload {
  bytes: Uint8Array;
  mimeType: string;
  kind: FileKind;
  name: string;
}

/** The refusal of a file over its kind's size limit. */
/** The refusal of a file over its kind's limit, filled with `tooLargeValues`. */
export const TOO_LARGE = /*i18n*/ "The file is larger than {megabytes} MB";
export const tooLargeValues = (kind: FileKind) => ({ megabytes: SIZE_LIMITS[kind] / MB });
/** The refusal in English. */
export const tooLargeMessage = (kind: FileKind) => fillMessage(TOO_LARGE, tooLargeValues(kind));

/**
 * Reads an uploaded file and accepts it only if its bytes are of one of the allowed types and within the size
 * limit, and, for a picture, if its header states at most MAX_PICTURE_PIXELS.
 */
export async function readUpload(value: unknown, allowed: readonly string[], message: string): Promise<Upload> {
  if (!(value instanceof File)) throw badRequest(/*i18n*/ "A file is required");
  const bytes = new Uint8Array(await value.arrayBuffer());
  const mimeType = sniffMimeType(bytes);
  if (!mimeType || !allowed.includes(mimeType)) throw badRequest(message);
  const kind = TYPES[mimeType]!.kind;
  if (bytes.byteLength > SIZE_LIMITS[kind]) throw badRequest(TOO_LARGE, tooLargeValues(kind));
  if (bytes.byteLength === 0) throw badRequest(/*i18n*/ "The file is empty");
  if (kind === "image") refuseHugePicture(bytes, mimeType);
  return { bytes, mimeType, kind, name: value.name.slice(0, 200) };
}

/** Every image type browsers show. SVG is not one of them here: it can carry scripts. */
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp", "image/avif", "image/bmp"] as const;

export type FileRow = typeof files.$inferInsert & { id: string; key: string };

/**
 * Puts the bytes in R2 under a key the server makes and answers the row that records the object, for the
 * caller to insert in the same D1 batch as the rows that reference it (and to delete the object if that batch fails).
 */
export async function putFile(
  env: Bindings,
  upload: Upload,
  owner: { eventId?: string | null; uploaderId: string | null },
): Promise<FileRow> {
  const id = crypto.randomUUID();
  const key = owner.eventId ? `events/${owner.eventId}/${id}` : `users/${owner.uploaderId}/${id}`;
  await env.FILES.put(key, upload.bytes, { httpMetadata: { contentType: upload.mimeType } });
  return {
    id,
    key,
    eventId: owner.eventId ?? null,
    uploaderId: owner.uploaderId,
    mimeType: upload.mimeType,
    size: upload.bytes.byteLength,
    name: upload.name,
  };
}

/** Puts the bytes in R2 under a key the server makes, and records the object so it can never be orphaned. */
export async function storeFile(
  env: Bindings,
  db: Db,
  upload: Upload,
  owner: { eventId?: string | null; uploaderId: string | null },
): Promise<string> {
  const row = await putFile(env, upload, owner);
  try {
    await db.insert(files).values(row);
  } catch (error) {
    await env.FILES.delete(row.key);
    throw error;
  }
  return row.id;
}

/** Removes objects and their rows; R2 first, so a failure leaves a row to retry rather than an orphan. */
export async function deleteFiles(env: Bindings, db: Db, fileIds: string[]): Promise<void> {
  if (fileIds.length === 0) return;
  for (const ids of idChunks([...new Set(fileIds)])) {
    const rows = await db.select({ id: files.id, key: files.key }).from(files).where(inArray(files.id, ids));
    if (rows.length === 0) continue;
    await env.FILES.delete(rows.flatMap((r) => [r.key, ...variantKeys(r.key)]));
    await db.delete(files).where(
      inArray(
        files.id,
        rows.map((r) => r.id),
      ),
    );
  }
}

export async function deleteEventFiles(env: Bindings, db: Db, eventId: string): Promise<void> {
  const rows = await db.select({ id: files.id }).from(files).where(eq(files.eventId, eventId));
  await deleteFiles(
    env,
    db,
    rows.map((r) => r.id),
  );
}

// Signed file URLs: the role check happens when the entity carrying the URL is read, and the URL is the
// capability. Expiry is rounded to a week boundary so URLs stay stable (and cacheable) for days.
const WEEK = 7 * 24 * 60 * 60 * 1000;

/** The expiry (`e`, ms since the epoch) and signature (`s`) of the file's URL signed at `now`. */
async function fileSignature(env: Bindings, fileId: string, now = Date.now()): Promise<{ e: number; s: string }> {
  const e = (Math.floor(now / WEEK) + 2) * WEEK;
  return { e, s: await hmacSha256(env.JWT_SECRET, `file:${fileId}:${e}`) };
}

export async function signedFileUrl(env: Bindings, fileId: string, now = Date.now()): Promise<string> {
  const { e, s } = await fileSignature(env, fileId, now);
  return `/files/${fileId}?e=${e}&s=${s}`;
}

/** Every signature of the file still valid at `now`: the one signed this week and the one signed last week. */
export const liveFileSignatures = (env: Bindings, fileId: string, now = Date.now()) =>
  Promise.all([now - WEEK, now].map((at) => fileSignature(env, fileId, at)));

export async function verifyFileSignature(env: Bindings, fileId: string, expires: string, signature: string) {
  const exp = Number(expires);
  if (!Number.isFinite(exp) || exp < Date.now()) return false;
  return timingSafeEqual(await hmacSha256(env.JWT_SECRET, `file:${fileId}:${exp}`), signature);
}

/** The API's view of an image: uploads become signed URLs, external pictures keep their own. */
export async function imageView(env: Bindings, ref: ImageRef | null | undefined): Promise<ImageView | null> {
  if (!ref) return null;
  if (ref.source === "UPLOAD") {
    const url = await signedFileUrl(env, ref.fileId);
    return { original: url, thumbnail: url, source: "UPLOAD" };
  }
  return { original: ref.url, thumbnail: ref.url, source: ref.source, ...(ref.photoId ? { photoId: ref.photoId } : {}) };
}

/** The signature of a stored picture's mail copy: it never expires, since a mail is read for as long as it is kept. */
const mailPictureSignature = (env: Bindings, fileId: string) => hmacSha256(env.JWT_SECRET, `mail-picture:${fileId}`);

export async function verifyMailPictureSignature(env: Bindings, fileId: string, signature: string) {
  return timingSafeEqual(await mailPictureSignature(env, fileId), signature);
}

/**
 * An image's address as a mail shows it: a stored picture's mail copy (sized, JPEG) under a signature that does not
 * expire, on the app's origin (`/mail-pictures/{fileId}?s=…`); another site's picture keeps its own address.
 */
export async function mailImageUrl(env: Bindings, ref: ImageRef | null | undefined): Promise<string | null> {
  if (!ref) return null;
  if (ref.source !== "UPLOAD") return new URL(ref.url, env.APP_ORIGIN).href;
  return new URL(`/mail-pictures/${ref.fileId}?s=${await mailPictureSignature(env, ref.fileId)}`, env.APP_ORIGIN).href;
}
