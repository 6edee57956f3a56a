import { inArray } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { files, type ImageRef } from "@worker/db/schema";
import type { Bindings } from "@worker/env";
import { idChunks } from "@worker/lib/batch";
import type { FileRow, Upload } from "@worker/lib/files";
import type { ExternalImageInput } from "@worker/shared/image-input.schema";

export const IMAGE_MESSAGE = /*i18n*/ "Please upload an image file";

/** A picture for an event, a day or an activity: an upload, or a picture hosted elsewhere. */
export type ImageInput = Upload | ExternalImageInput;

export const externalImageRef = (image: ExternalImageInput): ImageRef => ({
  source: image.source,
  url: image.rawUrl,
  ...(image.photoId ? { photoId: image.photoId } : {}),
});

export const uploadedFileIds = (images: (ImageRef | null | undefined)[]) =>
  images.flatMap((image) => (image?.source === "UPLOAD" ? [image.fileId] : []));

export type ImageCopier = Awaited<ReturnType<typeof imageCopier>>;

/**
 * Copies of uploaded images, so a copied day, activity or experience never shares an R2 object with its
 * source (deleting one would break the other). Plan with `copy`, then `commit` the objects before the rows.
 */
export async function imageCopier(db: Db, eventId: string, uploaderId: string, images: (ImageRef | null)[]) {
  const ids = uploadedFileIds(images);
  const rows: (typeof files.$inferSelect)[] = [];
  for (const chunk of idChunks(ids)) rows.push(...(await db.select().from(files).where(inArray(files.id, chunk))));
  const sources = new Map(rows.map((row) => [row.id, row]));
  const copies: { from: string; row: FileRow }[] = [];
  return {
    copies,
    copy(image: ImageRef | null): ImageRef | null {
      if (image?.source !== "UPLOAD") return image;
      const file = sources.get(image.fileId);
      if (!file) return null;
      const fileId = crypto.randomUUID();
      copies.push({
        from: file.key,
        row: { ...file, id: fileId, key: `events/${eventId}/${fileId}`, eventId, uploaderId, createdAt: undefined },
      });
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
