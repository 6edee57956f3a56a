import { and, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { files } from "@worker/db/schema";
import type { Bindings } from "@worker/env";
import { chunkedInserts } from "@worker/lib/batch";
import { UNCLAIMED_MEDIA_TTL, unclaimedMedia } from "./media-upload.service";

/** Per run: a backlog is worked off over the following hours rather than in one long invocation. */
const SWEEP_LIMIT = 500;

/**
 * Deletes feed uploads (row, then object) that no post names and that are older than a day; answers how many.
 *
 * The rows go in one conditional DELETE, never a read followed by a delete: a post claiming an upload meanwhile
 * either lands first (the DELETE sees it and keeps the row) or after (its insert fails on the foreign key and
 * is refused), so no post ever loses its media to the sweep.
 */
export async function deleteUnclaimedMedia(env: Bindings, db: Db, now = Date.now()): Promise<number> {
  const stale = db
    .select({ id: files.id })
    .from(files)
    .where(and(sql`${files.key} glob 'events/*/feed/*'`, lt(files.createdAt, new Date(now - UNCLAIMED_MEDIA_TTL)), unclaimedMedia))
    .limit(SWEEP_LIMIT);
  const deleted = await db.delete(files).where(inArray(files.id, stale)).returning();
  if (deleted.length === 0) return 0;
  try {
    await env.FILES.delete(deleted.map((row) => row.key));
  } catch (error) {
    // The rows are put back so the next run retries, rather than leaving objects no row names. Whatever R2 did
    // delete cannot be posted meanwhile: claiming an upload checks that its object is there.
    const [first, ...rest] = chunkedInserts(db, files, deleted);
    if (first) await db.batch([first, ...rest]);
    throw error;
  }
  return deleted.length;
}
