import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "@worker/db/client";
import { files, users, userTags } from "@worker/db/schema";
import { loadUserView } from "@worker/domain/user-view";
import type { Bindings } from "@worker/env";
import { deleteFiles, putFile, type Upload } from "@worker/lib/files";
import { type UserView } from "@worker/shared/views.schema";
import type { UpdateProfileInput } from "./profile.schema";

export async function updateProfile(env: Bindings, db: Db, userId: string, input: UpdateProfileInput): Promise<UserView> {
  const { tags, ...fields } = input;
  const statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] = [
    db
      .update(users)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(users.id, userId)),
  ];
  if (tags) {
    statements.push(db.delete(userTags).where(eq(userTags.userId, userId)));
    // At most 30 tags of 3 values each: one insert stays under D1's 100 bound parameters.
    if (tags.length > 0) statements.push(db.insert(userTags).values(tags.map((tag, position) => ({ userId, tag, position }))));
  }
  await db.batch(statements);
  return loadUserView(env, db, userId);
}

/**
 * Stores the new picture, points the user at it, then removes the picture it replaced. The old id is read and
 * the new one written in one D1 batch, which D1 runs alone: concurrent uploads each replace exactly the picture
 * before them, so every picture but the last is removed and none is removed while the user still points at it.
 */
export async function setProfilePicture(env: Bindings, db: Db, userId: string, upload: Upload): Promise<UserView> {
  const row = await putFile(env, upload, { uploaderId: userId });
  let replaced: string | null | undefined;
  try {
    const [, [before]] = await db.batch([
      db.insert(files).values(row),
      db.select({ fileId: users.profilePicFileId }).from(users).where(eq(users.id, userId)),
      db.update(users).set({ profilePicFileId: row.id, updatedAt: new Date() }).where(eq(users.id, userId)),
    ]);
    replaced = before?.fileId;
  } catch (error) {
    await env.FILES.delete(row.key);
    throw error;
  }
  if (replaced) await deleteFiles(env, db, [replaced]);
  return loadUserView(env, db, userId);
}
