import { asc, eq } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { users, userTags } from "@worker/db/schema";
import type { Bindings } from "@worker/env";
import { unauthorized } from "@worker/lib/errors";
import { imageView } from "@worker/lib/files";
import { isLocale } from "@worker/shared/locales";
import type { UserView } from "@worker/shared/views.schema";

type UserRow = typeof users.$inferSelect;

/** The user as every endpoint shows it. */
async function toUserView(env: Bindings, row: UserRow, tags: string[]): Promise<UserView> {
  return {
    guid: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    emailId: row.email,
    organisation: row.organisation,
    bio: row.bio,
    tags,
    profilePic: row.profilePicFileId ? await imageView(env, { source: "UPLOAD", fileId: row.profilePicFileId }) : null,
    language: isLocale(row.language) ? row.language : null,
  };
}

/** Reads the user and their tags in one round trip; a token for a vanished account is a dead session. */
export async function loadUserView(env: Bindings, db: Db, userId: string): Promise<UserView> {
  const [[row], tags] = await db.batch([
    db.select().from(users).where(eq(users.id, userId)).limit(1),
    db.select({ tag: userTags.tag }).from(userTags).where(eq(userTags.userId, userId)).orderBy(asc(userTags.position)),
  ]);
  if (!row) throw unauthorized(/*i18n*/ "Your session has expired. Please sign in again.");
  return toUserView(
    env,
    row,
    tags.map((t) => t.tag),
  );
}
