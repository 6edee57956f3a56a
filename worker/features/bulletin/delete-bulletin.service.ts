import { and, eq } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { bulletins } from "@worker/db/schema";
import type { Bindings } from "@worker/env";
import { notFound } from "@worker/lib/errors";
import { deleteFiles } from "@worker/lib/files";
import { requireBulletinHost } from "./bulletin-access";
import { BULLETIN_MESSAGES } from "./bulletin.schema";

/** Deletes a bulletin as the owner or a host, then its image. */
export async function deleteBulletin(env: Bindings, db: Db, eventId: string, bulletinId: string, userId: string): Promise<void> {
  await requireBulletinHost(db, eventId, userId);
  const deleted = await db
    .delete(bulletins)
    .where(and(eq(bulletins.id, bulletinId), eq(bulletins.eventId, eventId)))
    .returning({ mediaFileId: bulletins.mediaFileId });
  // Never there, or deleted meanwhile by someone else.
  if (deleted.length === 0) throw notFound(BULLETIN_MESSAGES.notFound);
  await deleteFiles(
    env,
    db,
    deleted.flatMap((row) => (row.mediaFileId ? [row.mediaFileId] : [])),
  );
}
