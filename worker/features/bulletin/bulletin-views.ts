import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { bulletins, files, users } from "@worker/db/schema";
import { toPerson } from "@worker/domain/people";
import type { Bindings } from "@worker/env";
import { signedFileUrl } from "@worker/lib/files";
import type { Bulletin } from "./bulletin.schema";

const columns = {
  id: bulletins.id,
  eventId: bulletins.eventId,
  title: bulletins.title,
  description: bulletins.description,
  mediaFileId: bulletins.mediaFileId,
  mimeType: files.mimeType,
  createdAt: bulletins.createdAt,
  // Named apart from the bulletin's own columns: D1 keys a row's values by column name.
  authorGuid: sql<string | null>`${users.id}`.as("author_guid"),
  authorFirstName: sql<string | null>`${users.firstName}`.as("author_first_name"),
  authorLastName: sql<string | null>`${users.lastName}`.as("author_last_name"),
  authorProfilePicFileId: sql<string | null>`${users.profilePicFileId}`.as("author_profile_pic_file_id"),
};

const bulletinsQuery = (db: Db) =>
  db.select(columns).from(bulletins).leftJoin(files, eq(files.id, bulletins.mediaFileId)).leftJoin(users, eq(users.id, bulletins.authorId));

type BulletinRow = Awaited<ReturnType<typeof bulletinsQuery>>[number];

async function toBulletin(env: Bindings, row: BulletinRow): Promise<Bulletin> {
  const hasMedia = row.mediaFileId !== null && row.mimeType !== null;
  return {
    id: row.id,
    eventId: row.eventId,
    title: row.title,
    description: row.description,
    media: hasMedia ? await signedFileUrl(env, row.mediaFileId!) : null,
    mimeType: hasMedia ? row.mimeType : null,
    author:
      row.authorGuid === null
        ? null
        : await toPerson(env, {
            guid: row.authorGuid,
            firstName: row.authorFirstName ?? "",
            lastName: row.authorLastName ?? "",
            profilePicFileId: row.authorProfilePicFileId,
          }),
    timestamp: row.createdAt.toISOString(),
  };
}

/**
 * The experience's bulletins, newest first. Two posted within one millisecond keep the order they were
 * written in (rowid grows with every insert).
 */
export async function eventBulletins(env: Bindings, db: Db, eventId: string): Promise<Bulletin[]> {
  const rows = await bulletinsQuery(db)
    .where(eq(bulletins.eventId, eventId))
    .orderBy(desc(bulletins.createdAt), desc(sql`${bulletins}.rowid`));
  return Promise.all(rows.map((row) => toBulletin(env, row)));
}

export async function oneBulletin(env: Bindings, db: Db, eventId: string, bulletinId: string): Promise<Bulletin | null> {
  const [row] = await bulletinsQuery(db)
    .where(and(eq(bulletins.eventId, eventId), eq(bulletins.id, bulletinId)))
    .limit(1);
  return row ? toBulletin(env, row) : null;
}
