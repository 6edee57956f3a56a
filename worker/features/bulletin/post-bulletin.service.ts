import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "@worker/db/client";
import { bulletins, files } from "@worker/db/schema";
import { changeLogStatements, changesLogged, excerpt } from "@worker/domain/change-log";
import type { Bindings } from "@worker/env";
import { AppError } from "@worker/lib/errors";
import { putFile, readUpload, type FileRow } from "@worker/lib/files";
import { requireBulletinHost } from "./bulletin-access";
import { oneBulletin } from "./bulletin-views";
import { BULLETIN_IMAGE_MAX_BYTES, BULLETIN_IMAGE_TYPES, BULLETIN_MESSAGES, type Bulletin } from "./bulletin.schema";

/** The image, typed by its bytes and put in R2; its row is the caller's to insert with the bulletin. */
async function storeImage(env: Bindings, image: File, eventId: string, authorId: string): Promise<FileRow> {
  if (image.size > BULLETIN_IMAGE_MAX_BYTES) throw new AppError(413, BULLETIN_MESSAGES.imageTooLarge);
  const upload = await readUpload(image, BULLETIN_IMAGE_TYPES, BULLETIN_MESSAGES.wrongImage);
  return putFile(env, upload, { eventId, uploaderId: authorId });
}

/** Posts a bulletin as the owner or a host: the row and its image's row are written together, or neither. */
export async function postBulletin(
  env: Bindings,
  db: Db,
  eventId: string,
  authorId: string,
  form: { title: string; description: string; image?: File },
): Promise<Bulletin> {
  await requireBulletinHost(db, eventId, authorId);
  const stored = form.image ? await storeImage(env, form.image, eventId, authorId) : null;
  const id = crypto.randomUUID();
  const statements: BatchItem<"sqlite">[] = [];
  if (stored) statements.push(db.insert(files).values(stored));
  statements.push(
    db
      .insert(bulletins)
      .values({ id, eventId, authorId, title: form.title, description: form.description, mediaFileId: stored?.id ?? null }),
    ...changeLogStatements(db, eventId, authorId, [
      {
        kind: "bulletins",
        subjectType: "bulletin",
        subjectId: id,
        field: "posted",
        label: form.title,
        oldValue: null,
        newValue: { title: form.title, text: excerpt(form.description) },
        recipientId: null,
        urgent: true,
      },
    ]),
  );
  try {
    await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (error) {
    if (stored) await env.FILES.delete(stored.key);
    throw error;
  }
  await changesLogged(env, eventId);
  const bulletin = await oneBulletin(env, db, eventId, id);
  // Deleted between the write and this read (by a host, or with the experience).
  if (!bulletin) throw new AppError(404, BULLETIN_MESSAGES.notFound);
  return bulletin;
}
