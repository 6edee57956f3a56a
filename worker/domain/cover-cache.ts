import { eq } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { events, files } from "@worker/db/schema";
import type { Bindings } from "@worker/env";
import { liveFileSignatures } from "@worker/lib/files";
import { VARIANT_NAMES, type VariantName } from "@worker/shared/image-variants";

/** Any picture but a public experience's cover is kept by the browser of whoever holds its signed URL, as its original is. */
export const PRIVATE_PICTURE_CACHE = "private, max-age=604800, immutable";

/**
 * A public experience's cover is shown to anyone, so browsers and shared caches may keep its copies, but never past
 * the signature's expiry (`expires`, ms since the epoch): a cache may not answer a URL the Worker would refuse. The
 * bytes under a URL never change (a new cover is a new file), hence `immutable`.
 */
export function publicCoverCache(expires: number, now = Date.now()): string {
  return `public, max-age=${Math.max(0, Math.floor((expires - now) / 1000))}, immutable`;
}

type StoredPicture = Pick<typeof files.$inferSelect, "id" | "key" | "name" | "mimeType">;

/**
 * The file with whether it is, now, the current cover of a PUBLIC experience: one D1 read, made on every request
 * before any cached copy is used, so a cover whose experience turned private, was deleted or got a new cover is
 * never answered as public again.
 */
export async function pictureAndPublicness(db: Db, fileId: string): Promise<{ file: StoredPicture; publicCover: boolean } | null> {
  const [row] = await db
    .select({ id: files.id, key: files.key, name: files.name, mimeType: files.mimeType, privacy: events.privacy, cover: events.image })
    .from(files)
    .leftJoin(events, eq(events.id, files.eventId))
    .where(eq(files.id, fileId))
    .limit(1);
  if (!row) return null;
  const { privacy, cover, ...file } = row;
  return { file, publicCover: privacy === "PUBLIC" && cover?.source === "UPLOAD" && cover.fileId === file.id };
}

/**
 * Where a public cover's copy is kept in the edge cache: one key per copy and signature, whatever else the URL's
 * query holds or however its expiry is spelled, so purgeCoverCopies finds every entry.
 */
export const coverCopyKey = (origin: string, fileId: string, variant: VariantName, expires: number, signature: string) =>
  `${origin}/files/${encodeURIComponent(fileId)}/${variant}?e=${expires}&s=${signature}`;

/**
 * Drops the cached copies of pictures that stop being a public cover (the experience turned private, got a new cover
 * or was deleted): every width under every signature still valid, at the request's origin and the app's own.
 */
export async function purgeCoverCopies(env: Bindings, origin: string, fileIds: string[], now = Date.now()): Promise<void> {
  const origins = [...new Set([origin, env.APP_ORIGIN])];
  const signatures = await Promise.all(fileIds.map(async (fileId) => ({ fileId, live: await liveFileSignatures(env, fileId, now) })));
  const keys = signatures.flatMap(({ fileId, live }) =>
    live.flatMap(({ e, s }) => origins.flatMap((o) => VARIANT_NAMES.map((variant) => coverCopyKey(o, fileId, variant, e, s)))),
  );
  await Promise.all(keys.map((key) => caches.default.delete(key)));
}
