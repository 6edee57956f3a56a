import type { BatchItem } from "drizzle-orm/batch";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users, userTags } from "../../db/schema";
import type { Bindings } from "../../env";
import { loadUserView, type UserView } from "../../lib/auth/user-view";
import { deleteFiles, storeFile, type Upload } from "../../lib/files";
import type { UpdateProfileInput } from "./profile.schema";

export async function updateProfile(env: Bindings, db: Db, userId: string, input: UpdateProfileInput): Promise<UserView> {
  const { tags, ...fields } = input;
  const statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] = [
    db.update(users).set({ ...fields, updatedAt: new Date() }).where(eq(users.id, userId)),
  ];
  if (tags) {
    statements.push(db.delete(userTags).where(eq(userTags.userId, userId)));
    // At most 30 tags of 3 values each: one insert stays under D1's 100 bound parameters.
    if (tags.length > 0) statements.push(db.insert(userTags).values(tags.map((tag, position) => ({ userId, tag, position }))));
  }
  await db.batch(statements);
  return loadUserView(env, db, userId);
}

/** Stores the new picture, points the user at it, then removes the old one. */
export async function setProfilePicture(env: Bindings, db: Db, userId: string, upload: Upload): Promise<UserView> {
  const [current] = await db.select({ fileId: users.profilePicFileId }).from(users).where(eq(users.id, userId)).limit(1);
  const fileId = await storeFile(env, db, upload, { uploaderId: userId });
  await db.update(users).set({ profilePicFileId: fileId, updatedAt: new Date() }).where(eq(users.id, userId));
  if (current?.fileId) await deleteFiles(env, db, [current.fileId]);
  return loadUserView(env, db, userId);
}
