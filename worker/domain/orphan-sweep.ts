import { and, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { activities, bulletins, documents, events, feedPosts, files, programs, users } from "@worker/db/schema";
import type { Bindings } from "@worker/env";
import { chunkedInserts, idChunks } from "@worker/lib/batch";
import { variantKeys } from "@worker/lib/picture-variants";
import { shareImageEventId } from "./share-image";

/**
 * How old an unreferenced file must be before the sweep deletes it. Every upload writes its object, then its row in
 * the same D1 batch as the row that names it, within one request; a day is far past any request, and is also how long
 * a feed upload sent ahead of its post waits to be posted.
 */
export const ORPHAN_AGE = 24 * 60 * 60 * 1000;

/** Rows per run: a backlog is worked off over the following hours rather than in one long invocation. */
const ROWS_PER_RUN = 500;
/** R2 list pages (of up to 1000 objects) per run; the next run resumes where this one stopped. */
const PAGES_PER_RUN = 5;
/** Keys one R2 delete takes. */
const KEYS_PER_DELETE = 1000;
/** Where the object sweep keeps the last key it looked at, so a large bucket is walked over several runs. */
export const SWEEP_CURSOR_KEY = "sweeps/orphan-objects";

/** The id of an uploaded file in an image column (events, programs, activities): `{ source: "UPLOAD", fileId }`. */
const uploadedIds = (table: typeof events | typeof programs | typeof activities) =>
  sql`select json_extract(${table.image}, '$.fileId') from ${table}
      where json_extract(${table.image}, '$.source') = 'UPLOAD' and json_extract(${table.image}, '$.fileId') is not null`;

/**
 * A file nothing names: no experience cover, day or activity image, profile picture, document, feed post (a feed
 * upload waiting for its post is one of these) or bulletin. Each list is read once per statement.
 */
const unreferencedFile = and(
  sql`${files.id} not in (${uploadedIds(events)})`,
  sql`${files.id} not in (${uploadedIds(programs)})`,
  sql`${files.id} not in (${uploadedIds(activities)})`,
  sql`${files.id} not in (select ${users.profilePicFileId} from ${users} where ${users.profilePicFileId} is not null)`,
  sql`${files.id} not in (select ${documents.fileId} from ${documents})`,
  sql`${files.id} not in (select ${feedPosts.mediaFileId} from ${feedPosts} where ${feedPosts.mediaFileId} is not null)`,
  sql`${files.id} not in (select ${bulletins.mediaFileId} from ${bulletins} where ${bulletins.mediaFileId} is not null)`,
)!;

async function deleteObjects(bucket: R2Bucket, keys: string[]): Promise<void> {
  for (const chunk of idChunks(keys, KEYS_PER_DELETE)) await bucket.delete(chunk);
}

/**
 * Deletes up to ROWS_PER_RUN `files` rows that nothing names and that are older than ORPHAN_AGE, then their objects
 * (the original and its sized copies); answers how many.
 *
 * The rows go in one conditional DELETE, never a read followed by a delete: a request naming a file meanwhile either
 * lands first (the DELETE sees it and keeps the row) or after (its insert fails on the foreign key and is refused, as
 * a feed post claiming its upload is), so nothing is ever left naming a deleted file. If R2 refuses, the rows are put
 * back so the next run retries, rather than leaving objects no row names.
 */
export async function sweepOrphanRows(env: Bindings, db: Db, now = Date.now()): Promise<number> {
  const stale = db
    .select({ id: files.id })
    .from(files)
    .where(and(lt(files.createdAt, new Date(now - ORPHAN_AGE)), unreferencedFile))
    .limit(ROWS_PER_RUN);
  const deleted = await db.delete(files).where(inArray(files.id, stale)).returning();
  if (deleted.length === 0) return 0;
  try {
    await deleteObjects(
      env.FILES,
      deleted.flatMap((row) => [row.key, ...variantKeys(row.key)]),
    );
  } catch (error) {
    const [first, ...rest] = chunkedInserts(db, files, deleted);
    if (first) await db.batch([first, ...rest]);
    throw error;
  }
  return deleted.length;
}

/**
 * The key of the upload an object belongs to (`events/{event}/{file}`, `events/{event}/feed/{file}`,
 * `users/{user}/{file}`, or a sized copy `…/w{width}.webp` beside one); null for anything else, which is never swept.
 */
function uploadKeyOf(objectKey: string): string | null {
  const match = /^(events\/[^/]+\/(?:feed\/)?[^/]+|users\/[^/]+\/[^/]+)(?:\/w\d+\.webp)?$/.exec(objectKey);
  return match?.[1] ?? null;
}

/**
 * Share images (`share-images/{event}`) older than ORPHAN_AGE whose experience is gone: one made by a request that
 * raced the experience's deletion, which deletes the object it finds.
 */
async function orphanShareImages(db: Db, objects: R2Object[], now: number): Promise<string[]> {
  const byEvent = new Map<string, string>();
  for (const object of objects) {
    const eventId = shareImageEventId(object.key);
    if (eventId && object.uploaded.getTime() < now - ORPHAN_AGE) byEvent.set(eventId, object.key);
  }
  for (const ids of idChunks([...byEvent.keys()])) {
    for (const row of await db.select({ id: events.id }).from(events).where(inArray(events.id, ids))) byEvent.delete(row.id);
  }
  return [...byEvent.values()];
}

/**
 * Deletes R2 objects of uploads that have no `files` row and are older than ORPHAN_AGE: a request that died between
 * writing its object and its batch, or a sized copy made while its picture was being deleted. Walks the bucket
 * PAGES_PER_RUN list pages a run, resuming after the last key it saw; answers how many objects it deleted.
 *
 * The rows are read after the listing, and the age keeps a request still writing its row out of reach: its object is
 * at most seconds old when its batch lands.
 */
export async function sweepOrphanObjects(
  env: Bindings,
  db: Db,
  now = Date.now(),
  { pages = PAGES_PER_RUN, pageSize = 1000 } = {},
): Promise<number> {
  const cursor = await env.FILES.head(SWEEP_CURSOR_KEY);
  let startAfter = cursor?.customMetadata?.after;
  let swept = 0;
  let finished = false;
  for (let page = 0; page < pages && !finished; page++) {
    const listing = await env.FILES.list({ limit: pageSize, ...(startAfter ? { startAfter } : {}) });
    const old = listing.objects.filter((object) => object.uploaded.getTime() < now - ORPHAN_AGE && uploadKeyOf(object.key));
    const uploadKeys = [...new Set(old.map((object) => uploadKeyOf(object.key)!))];
    const recorded = new Set<string>();
    for (const keys of idChunks(uploadKeys)) {
      const rows = await db.select({ key: files.key }).from(files).where(inArray(files.key, keys));
      for (const row of rows) recorded.add(row.key);
    }
    const orphans = old.filter((object) => !recorded.has(uploadKeyOf(object.key)!)).map((object) => object.key);
    orphans.push(...(await orphanShareImages(db, listing.objects, now)));
    await deleteObjects(env.FILES, orphans);
    swept += orphans.length;
    startAfter = listing.objects.at(-1)?.key ?? startAfter;
    finished = !listing.truncated;
  }
  if (finished) {
    if (cursor) await env.FILES.delete(SWEEP_CURSOR_KEY);
  } else if (startAfter) {
    await env.FILES.put(SWEEP_CURSOR_KEY, "", { customMetadata: { after: startAfter } });
  }
  return swept;
}

/** The hourly sweep (wrangler.jsonc triggers): half-written uploads of every kind, rows first, then objects. */
export async function sweepOrphanFiles(env: Bindings, db: Db, now = Date.now()): Promise<{ rows: number; objects: number }> {
  const rows = await sweepOrphanRows(env, db, now);
  const objects = await sweepOrphanObjects(env, db, now);
  return { rows, objects };
}
