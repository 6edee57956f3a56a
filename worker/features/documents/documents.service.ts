import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { activityDocuments, documents, files, users } from "@worker/db/schema";
import { writeExperience } from "@worker/domain/experience-write";
import { eventRole, isOrganiser, isParticipant, requireEventRole } from "@worker/domain/permissions";
import type { Bindings } from "@worker/env";
import { chunkedInserts } from "@worker/lib/batch";
import { badRequest, forbidden, notFound } from "@worker/lib/errors";
import { deleteFiles, signedFileUrl, sniffMimeType, storeFile } from "@worker/lib/files";
import { refuseHugePicture } from "@worker/lib/media/picture-limit";
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MAX_FILES,
  DOCUMENT_MESSAGES,
  DOCUMENT_MIME_TYPES,
  type DocumentUpload,
  type DocumentView,
} from "./documents.schema";

interface CheckedDocument {
  file: File;
  mimeType: (typeof DOCUMENT_MIME_TYPES)[number];
  name: string;
}

/**
 * Every file of the form, each a JPEG, PNG or PDF by its first bytes and within the size limit, and a picture
 * within the pixel limit; all are checked before any is stored. A picture is read whole for its header (a JPEG's
 * may come late) and let go; otherwise only the first bytes are read, so the files are copied out of the form one
 * at a time.
 */
async function checkDocuments(values: unknown[]): Promise<CheckedDocument[]> {
  if (values.length === 0) throw badRequest(DOCUMENT_MESSAGES.noFiles);
  if (values.length > DOCUMENT_MAX_FILES) throw badRequest(DOCUMENT_MESSAGES.tooMany);
  const checked: CheckedDocument[] = [];
  for (const value of values) {
    if (!(value instanceof File)) throw badRequest(DOCUMENT_MESSAGES.type);
    if (value.size > DOCUMENT_MAX_BYTES) throw badRequest(DOCUMENT_MESSAGES.tooLarge);
    const mimeType = sniffMimeType(new Uint8Array(await value.slice(0, 16).arrayBuffer()));
    const allowed = DOCUMENT_MIME_TYPES.find((type) => type === mimeType);
    if (!allowed) throw badRequest(DOCUMENT_MESSAGES.type);
    if (allowed !== "application/pdf") refuseHugePicture(new Uint8Array(await value.arrayBuffer()), allowed);
    checked.push({ file: value, mimeType: allowed, name: value.name.slice(0, 200) });
  }
  return checked;
}

const defaultType = (mimeType: string) => (mimeType === "application/pdf" ? "pdf" : "image");

const viewColumns = {
  id: documents.id,
  type: documents.type,
  otherDocumentType: documents.otherDocumentType,
  userId: documents.userId,
  uploaderId: documents.uploaderId,
  createdAt: documents.createdAt,
  fileId: files.id,
  mimeType: files.mimeType,
  name: files.name,
  uploaderFirstName: users.firstName,
  uploaderLastName: users.lastName,
};

const documentsQuery = (db: Db) =>
  db
    .select(viewColumns)
    .from(documents)
    .innerJoin(files, eq(files.id, documents.fileId))
    .leftJoin(users, eq(users.id, documents.uploaderId));

type ViewRow = Awaited<ReturnType<typeof documentsQuery>>[number];

async function toDocumentView(env: Bindings, row: ViewRow): Promise<DocumentView> {
  return {
    id: row.id,
    type: row.type,
    otherDocumentType: row.otherDocumentType,
    mimeType: row.mimeType,
    name: row.name,
    document: { original: await signedFileUrl(env, row.fileId) },
    thirdPartyUploader:
      row.uploaderId === null || row.uploaderId === row.userId || row.uploaderFirstName === null
        ? null
        : { firstName: row.uploaderFirstName, lastName: row.uploaderLastName ?? "" },
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Stores the form's files as documents of the event: common ones (forUserId null) or one participant's own.
 * Only organisers upload; every file is checked before any is stored, and if storing fails midway, what
 * was stored is removed again.
 */
export async function uploadDocuments(
  env: Bindings,
  db: Db,
  eventId: string,
  uploaderId: string,
  forUserId: string | null,
  form: DocumentUpload,
): Promise<DocumentView[]> {
  await requireEventRole(db, eventId, uploaderId, ["owner", "host"]);
  if (forUserId) {
    const target = await eventRole(db, eventId, forUserId);
    if (!target || !isParticipant(target.role)) throw notFound(DOCUMENT_MESSAGES.userNotFound);
  }
  const checked = await checkDocuments(form.files);
  const [uploader] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, uploaderId));
  const stored: string[] = [];
  try {
    for (const { file, mimeType, name } of checked) {
      const kind = mimeType === "application/pdf" ? "document" : "image";
      stored.push(
        await storeFile(env, db, { bytes: new Uint8Array(await file.arrayBuffer()), mimeType, kind, name }, { eventId, uploaderId }),
      );
    }
    const createdAt = new Date();
    const rows = checked.map((upload, i) => ({
      id: crypto.randomUUID(),
      eventId,
      userId: forUserId,
      fileId: stored[i]!,
      type: form.type ?? defaultType(upload.mimeType),
      otherDocumentType: form.otherDocumentType,
      uploaderId,
      createdAt,
    }));
    const [first, ...rest] = chunkedInserts(db, documents, rows);
    await db.batch([first!, ...rest]);
    return Promise.all(
      rows.map((row, i) =>
        toDocumentView(env, {
          ...row,
          mimeType: checked[i]!.mimeType,
          name: checked[i]!.name,
          uploaderFirstName: uploader?.firstName ?? null,
          uploaderLastName: uploader?.lastName ?? null,
        }),
      ),
    );
  } catch (error) {
    await deleteFiles(env, db, stored);
    throw error;
  }
}

/** Common documents for any participant; a user's own documents for that user and for organisers. Newest first. */
export async function listDocuments(
  env: Bindings,
  db: Db,
  eventId: string,
  viewerId: string,
  of: "common" | string,
): Promise<DocumentView[]> {
  const { role } = await requireEventRole(db, eventId, viewerId, ["owner", "host", "guest"]);
  if (of !== "common" && of !== viewerId && !isOrganiser(role)) throw forbidden();
  const rows = await documentsQuery(db)
    .where(and(eq(documents.eventId, eventId), of === "common" ? isNull(documents.userId) : eq(documents.userId, of)))
    .orderBy(desc(documents.createdAt), desc(documents.id));
  return Promise.all(rows.map((row) => toDocumentView(env, row)));
}

/**
 * Deletes the document (its activity links cascade), then its file. Answers whose list it was in, and whether an
 * activity listed it, because then the itinerary changed. It is an itinerary write even when no activity lists it yet: an
 * activity edit that checked the document exists must not link it after it is gone.
 */
export async function deleteDocument(
  env: Bindings,
  db: Db,
  documentId: string,
  userId: string,
): Promise<{ eventId: string; ownerId: string | null; wasLinked: boolean }> {
  const [doc] = await db
    .select({ eventId: documents.eventId, ownerId: documents.userId })
    .from(documents)
    .where(eq(documents.id, documentId))
    .limit(1);
  if (!doc) throw notFound(DOCUMENT_MESSAGES.notFound);
  const found = await eventRole(db, doc.eventId, userId);
  if (!found || !isOrganiser(found.role)) {
    // Whoever may not see the event may not learn the document exists.
    if (!found || (!isParticipant(found.role) && found.event.privacy === "PRIVATE")) throw notFound(DOCUMENT_MESSAGES.notFound);
    throw forbidden();
  }
  const wasLinked = await writeExperience(env, db, doc.eventId, userId, async () => {
    const [current] = await db
      .select({ fileId: documents.fileId, linked: activityDocuments.activityId })
      .from(documents)
      .leftJoin(activityDocuments, eq(activityDocuments.documentId, documents.id))
      .where(eq(documents.id, documentId))
      .limit(1);
    if (!current) throw notFound(DOCUMENT_MESSAGES.notFound);
    return {
      statements: [db.delete(documents).where(eq(documents.id, documentId))],
      freedFileIds: [current.fileId],
      result: current.linked !== null,
    };
  });
  return { eventId: doc.eventId, ownerId: doc.ownerId, wasLinked };
}
