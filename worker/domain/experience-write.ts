import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { Db } from "@worker/db/client";
import { events, files, type ImageRef } from "@worker/db/schema";
import type { Bindings } from "@worker/env";
import { chunkedInserts } from "@worker/lib/batch";
import { causedBy, conflict } from "@worker/lib/errors";
import { deleteFiles, putFile, type FileRow, type Upload } from "@worker/lib/files";
import { changeLogStatements, changesLogged, type ChangeEntry } from "./change-log";
import { externalImageRef, imageCopier, type ImageCopier, type ImageInput } from "./itinerary-images";
import { requireOrganiser } from "./organiser";
import type { EventRole, EventRow } from "./permissions";

export const EXPERIENCE_CHANGED = /*i18n*/ "This experience was changed by someone else. Please try again.";

// The view of migrations/0001_experience_write_guard.sql, declared here rather than in schema.ts so that
// drizzle-kit never generates a table for it. Inserting into it stores nothing; it aborts the batch when the
// event is no longer at `expectedVersion`.
const writeGuard = sqliteTable("experience_write_guard", {
  eventId: text("event_id").notNull(),
  expectedVersion: integer("expected_version").notNull(),
});
const CONFLICT = "experience_version_conflict";

const ATTEMPTS = 5;
const BACKOFF_MS = 15;

export interface ExperienceChange<T> {
  /** Run between the version check and the version bump, in one D1 batch: all of them or none. */
  statements?: BatchItem<"sqlite">[];
  /** What the change log keeps of it (docs/notifications.md), written in the same batch; the digest desk is poked once it lands. */
  changes?: ChangeEntry[];
  /** Columns of the event row itself, set together with the version bump. */
  event?: Partial<typeof events.$inferInsert>;
  /** Files that nothing references once the change has landed (replaced or removed images): deleted only then. */
  freedFileIds?: string[];
  result: T;
}

interface ExperienceWriter {
  /** The picture as an ImageRef of this experience. An upload goes to R2 once for all attempts; its row is written with the change. */
  image(input: ImageInput): Promise<ImageRef>;
  /** Copies of uploaded images under this experience (see imageCopier); objects and rows are written with the change. */
  copier(images: (ImageRef | null)[]): Promise<ImageCopier>;
}

export type ExperiencePlan<T> = (state: { event: EventRow; role: EventRole }, writer: ExperienceWriter) => Promise<ExperienceChange<T>>;

const isConflict = (error: unknown): boolean => causedBy(error, CONFLICT);

/** Whether another write has landed on the event (or deleted it) since its version was read. */
export async function versionMoved(db: Db, eventId: string, version: number): Promise<boolean> {
  const [row] = await db.select({ version: events.version }).from(events).where(eq(events.id, eventId));
  return row?.version !== version;
}

/** What an attempt answers when another write landed first: the whole read-decide-write runs again. */
export const LOST_RACE = Symbol("lost race");

/** Runs `attempt` until it does not lose the race, a few times with a short jittered pause; then 409. */
export async function retryLostRaces<T>(attempt: () => Promise<T | typeof LOST_RACE>): Promise<T> {
  for (let n = 1; ; n++) {
    const result = await attempt();
    if (result !== LOST_RACE) return result;
    if (n === ATTEMPTS) throw conflict(EXPERIENCE_CHANGED);
    await new Promise((resolve) => setTimeout(resolve, Math.random() * BACKOFF_MS * 2 ** n));
  }
}

/**
 * Every write to an experience whose correctness depends on what it read (its days, activities, images):
 * reads the event (and the caller's right to change it) with its version, lets `plan` read the rest and decide,
 * then writes the change in one D1 batch that starts by checking the version is still the one read and ends
 * by bumping it. D1 runs batches one at a time, so a batch either sees exactly the state its plan read or
 * aborts whole; then the read-plan-write runs again, a few times with a short jittered pause, and finally
 * answers 409. R2 objects written for a change that does not land are removed again.
 */
export async function writeExperience<T>(env: Bindings, db: Db, eventId: string, userId: string, plan: ExperiencePlan<T>): Promise<T> {
  const uploads = new Map<Upload, FileRow>();
  let landed: Landed<T>;
  try {
    landed = await retryLostRaces(() => attemptWrite(env, db, eventId, userId, plan, uploads));
  } catch (error) {
    if (uploads.size) await env.FILES.delete([...uploads.values()].map((row) => row.key));
    throw error;
  }
  const unused = [...uploads.values()].filter((row) => !landed.uploaded.includes(row));
  if (unused.length) await env.FILES.delete(unused.map((row) => row.key));
  await deleteFiles(env, db, landed.change.freedFileIds ?? []);
  if (landed.change.changes?.length) await changesLogged(env, eventId);
  return landed.change.result;
}

interface Landed<T> {
  change: ExperienceChange<T>;
  /** The uploads whose rows this change wrote. */
  uploaded: FileRow[];
}

/** One read-plan-write. The caller keeps `uploads` across attempts. */
async function attemptWrite<T>(
  env: Bindings,
  db: Db,
  eventId: string,
  userId: string,
  plan: ExperiencePlan<T>,
  uploads: Map<Upload, FileRow>,
): Promise<Landed<T> | typeof LOST_RACE> {
  const state = await requireOrganiser(db, eventId, userId);
  const uploaded: FileRow[] = [];
  const copiers: ImageCopier[] = [];
  const writer: ExperienceWriter = {
    async image(input) {
      if (!("bytes" in input)) return externalImageRef(input);
      let row = uploads.get(input);
      if (!row) {
        row = await putFile(env, input, { eventId, uploaderId: userId });
        uploads.set(input, row);
      }
      if (!uploaded.includes(row)) uploaded.push(row);
      return { source: "UPLOAD", fileId: row.id };
    },
    async copier(images) {
      const copier = await imageCopier(db, eventId, userId, images);
      copiers.push(copier);
      return copier;
    },
  };
  const change = await plan(state, writer);
  const copies = copiers.flatMap((copier) => copier.copies.map((copy) => copy.row));
  if (!change.statements?.length && !change.changes?.length && !change.event && !uploaded.length && !copies.length)
    return { change, uploaded };

  const copied: string[] = [];
  try {
    for (const copier of copiers) copied.push(...(await copier.commit(env)));
    await db.batch([
      db.insert(writeGuard).values({ eventId, expectedVersion: state.event.version }),
      ...chunkedInserts(db, files, [...uploaded, ...copies]),
      ...(change.statements ?? []),
      ...changeLogStatements(db, eventId, userId, change.changes ?? []),
      db
        .update(events)
        .set({ ...change.event, version: state.event.version + 1 })
        .where(eq(events.id, eventId)),
    ]);
  } catch (error) {
    if (copied.length) await env.FILES.delete(copied);
    // A copy's source object can vanish too: the write that replaced that image landed after this read.
    if (isConflict(error) || (await versionMoved(db, eventId, state.event.version))) return LOST_RACE;
    throw error;
  }
  return { change, uploaded };
}
