import { eq } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { events, files } from "@worker/db/schema";
import { uploadedFileIds } from "@worker/domain/itinerary-images";
import { requireEventRole } from "@worker/domain/permissions";
import { shareImageKey } from "@worker/domain/share-image";
import type { Bindings } from "@worker/env";
import { idChunks } from "@worker/lib/batch";
import { deleteEventFiles } from "@worker/lib/files";
import { variantKeys } from "@worker/lib/picture-variants";

/**
 * Deletes the event's R2 objects first (their rows cascade with the event), then the event and everything
 * under it. A file stored meanwhile has a row that the same batch reads before the delete cascades it, so its
 * object goes too; a write that lands after the delete aborts on its version check and removes its own upload.
 * Answers the uploads that were its cover (read before and at the delete), whose cached copies the caller drops.
 */
export async function deleteExperience(env: Bindings, db: Db, eventId: string, userId: string): Promise<{ coverFileIds: string[] }> {
  const { event } = await requireEventRole(db, eventId, userId, ["owner"]);
  await deleteEventFiles(env, db, eventId);
  const [late, [deleted]] = await db.batch([
    db.select({ key: files.key }).from(files).where(eq(files.eventId, eventId)),
    db.delete(events).where(eq(events.id, eventId)).returning({ image: events.image }),
  ]);
  for (const keys of idChunks(late.flatMap((row) => [row.key, ...variantKeys(row.key)]))) await env.FILES.delete(keys);
  await env.FILES.delete(shareImageKey(eventId));
  return { coverFileIds: [...new Set(uploadedFileIds([event.image, deleted?.image]))] };
}
