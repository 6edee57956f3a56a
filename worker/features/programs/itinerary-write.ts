import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { events, files, type ImageRef } from "../../db/schema";
import type { Bindings } from "../../env";
import { idChunks } from "../../lib/batch";
import { storeFile, type Upload } from "../../lib/files";
import { publish } from "../../live/publish";
import type { ExternalImageInput } from "../events/events.schema";
import { purgePublicItinerary } from "../itinerary/itinerary.cache";

// What every write to days and activities shares: the version bump (the public itinerary's cache key),
// the purge and the live message, and how a picture becomes an ImageRef.

export const bumpVersion = (db: Db, eventId: string) =>
  db.update(events).set({ version: sql`${events.version} + 1` }).where(eq(events.id, eventId));

/** After the write has landed: drop the cached public itinerary and tell open browsers. */
export async function itineraryChanged(env: Bindings, requestUrl: string, eventId: string): Promise<void> {
  await purgePublicItinerary(env, eventId, new URL(requestUrl).origin);
  await publish(env, { type: "itinerary.changed", eventId });
}

export type ImageInput = Upload | ExternalImageInput;

/** Stores an upload under the event, or points at the external picture. */
export async function imageRefOf(env: Bindings, db: Db, eventId: string, uploaderId: string, image: ImageInput): Promise<ImageRef> {
  if ("bytes" in image) return { source: "UPLOAD", fileId: await storeFile(env, db, image, { eventId, uploaderId }) };
  return { source: image.source, url: image.rawUrl, ...(image.photoId ? { photoId: image.photoId } : {}) };
}

export const uploadedFileIds = (images: (ImageRef | null | undefined)[]) =>
  images.flatMap((image) => (image?.source === "UPLOAD" ? [image.fileId] : []));

/**
 * Copies of uploaded images, so a copied day or activity never shares an R2 object with its source
 * (deleting one would break the other). Plan with `copy`, then `commit` the objects before the rows.
 */
export async function imageCopier(db: Db, eventId: string, uploaderId: string, images: (ImageRef | null)[]) {
  const ids = uploadedFileIds(images);
  const rows: (typeof files.$inferSelect)[] = [];
  for (const chunk of idChunks(ids)) rows.push(...(await db.select().from(files).where(inArray(files.id, chunk))));
  const sources = new Map(rows.map((row) => [row.id, row]));
  const copies: { from: string; row: typeof files.$inferInsert }[] = [];
  return {
    copies,
    copy(image: ImageRef | null): ImageRef | null {
      if (image?.source !== "UPLOAD") return image;
      const file = sources.get(image.fileId);
      if (!file) return null;
      const fileId = crypto.randomUUID();
      copies.push({ from: file.key, row: { ...file, id: fileId, key: `events/${eventId}/${fileId}`, eventId, uploaderId, createdAt: undefined } });
      return { source: "UPLOAD", fileId };
    },
    /** Copies the R2 objects; answers the new keys so a failed row write can remove them. */
    async commit(env: Bindings): Promise<string[]> {
      const written: string[] = [];
      try {
        for (const { from, row } of copies) {
          const object = await env.FILES.get(from);
          if (!object) throw new Error(`R2 object ${from} is missing`);
          await env.FILES.put(row.key, object.body, { httpMetadata: object.httpMetadata });
          written.push(row.key);
        }
      } catch (error) {
        if (written.length) await env.FILES.delete(written);
        throw error;
      }
      return written;
    },
  };
}
