import { and, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { files } from "../../db/schema";
import type { Bindings } from "../../env";
import { deleteFiles } from "../../lib/files";
import { unclaimedMedia } from "./media-upload.service";

/** How long an upload waits to be posted before the hourly sweep deletes it. */
export const UNCLAIMED_MEDIA_TTL = 24 * 60 * 60 * 1000;
/** Per run: a backlog is worked off over the following hours rather than in one long invocation. */
const SWEEP_LIMIT = 500;

/** Deletes feed uploads (object and row) that no post names and that are older than a day; answers how many. */
export async function deleteUnclaimedMedia(env: Bindings, db: Db, now = Date.now()): Promise<number> {
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(and(sql`${files.key} glob 'events/*/feed/*'`, lt(files.createdAt, new Date(now - UNCLAIMED_MEDIA_TTL)), unclaimedMedia))
    .limit(SWEEP_LIMIT);
  await deleteFiles(env, db, rows.map((r) => r.id));
  return rows.length;
}
