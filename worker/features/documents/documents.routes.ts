import { Hono, type Context } from "hono";
import { getDb, type Db } from "@worker/db/client";
import { itineraryChanged } from "@worker/domain/itinerary-changed";
import { organiserIds } from "@worker/domain/organiser";
import type { AppEnv, Bindings } from "@worker/env";
import { userId } from "@worker/lib/auth/middleware";
import { describer, type OwnSpec } from "@worker/lib/openapi";
import { success } from "@worker/lib/success";
import { uploadLimit } from "@worker/lib/upload-limit";
import { validate } from "@worker/lib/validation";
import { publish } from "@worker/live/publish";
import { successSchema } from "@worker/shared/views.schema";
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MAX_FILES,
  DOCUMENT_MAX_REQUEST_BYTES,
  DOCUMENT_MESSAGES,
  type DocumentUpload,
  documentOwnerParamsSchema,
  documentParamsSchema,
  documentUploadParamsSchema,
  documentUploadSchema,
  documentViewSchema,
} from "./documents.schema";
import { deleteDocument, listDocuments, uploadDocuments } from "./documents.service";

const describe = describer({ tags: ["Documents"] });
const MB = 1024 * 1024;

/** The most one upload request may carry, refused before the form is read into memory. */
const documentsLimit = uploadLimit(DOCUMENT_MAX_REQUEST_BYTES, DOCUMENT_MESSAGES.requestTooLarge);

/** Uploading common documents and uploading a participant's own are documented alike. */
const uploading = {
  description:
    `Form files (\`files\`, repeated, or one \`file\`): JPEG, PNG or PDF by their bytes, each ${DOCUMENT_MAX_BYTES / MB} MB or smaller, ` +
    `at most ${DOCUMENT_MAX_FILES} files and ${DOCUMENT_MAX_REQUEST_BYTES / MB} MB a request (413 beyond, before the body is read). ` +
    "Optional `type` (snake_case) for every file of the request, `other` with `otherDocumentType`; without it, `pdf` or `image`. Owner and hosts only; guests read.",
  responses: { 201: documentViewSchema.array() },
  errors: [403, 404, 409, 413],
} satisfies Omit<OwnSpec, "summary">;

/**
 * After a document list changed (`ownerId` null: the common one): every participant's open Documents tab is told
 * of a common change; a participant's own documents are news to them and the organisers only, so nobody else
 * learns they changed. The message names the list, never a file.
 */
async function documentsChanged(env: Bindings, db: Db, eventId: string, ownerId: string | null): Promise<void> {
  if (ownerId === null) return publish(env, { type: "documents.changed", eventId, owner: "common" });
  await publish(env, { type: "documents.changed", eventId, owner: ownerId }, [ownerId, ...(await organiserIds(db, eventId))]);
}

/** Uploads the form's files to the list (`ownerId` null: the common one) and tells who follows it; answers the documents. */
async function upload(c: Context<AppEnv>, eventId: string, ownerId: string | null, form: DocumentUpload) {
  const db = getDb(c.env.DB);
  const uploaded = await uploadDocuments(c.env, db, eventId, userId(c), ownerId, form);
  await documentsChanged(c.env, db, eventId, ownerId);
  return c.json(uploaded, 201);
}

/** Mounted at /api/documents. */
export const documentsRoutes = new Hono<AppEnv>()
  .post(
    "/event/:eventId/common",
    describe({ summary: "Upload common documents", ...uploading }),
    validate("param", documentUploadParamsSchema),
    documentsLimit,
    validate("form", documentUploadSchema),
    async (c) => upload(c, c.req.valid("param").eventId, null, c.req.valid("form")),
  )
  .post(
    "/event/:eventId/user/:userId",
    describe({ summary: "Upload a participant's own documents", ...uploading }),
    validate("param", documentOwnerParamsSchema),
    documentsLimit,
    validate("form", documentUploadSchema),
    async (c) => {
      const { eventId, userId: ownerId } = c.req.valid("param");
      return upload(c, eventId, ownerId, c.req.valid("form"));
    },
  )
  .get(
    "/event/:eventId/user/:userId",
    describe({
      summary: "A participant's own documents, or the common ones (`common`), newest first",
      description:
        "Every participant reads the common documents and their own; the owner and hosts read anyone's. Another guest's documents answer 403; strangers get 404 for a private experience, 403 for a public one.",
      responses: { 200: documentViewSchema.array() },
      errors: [403, 404],
    }),
    validate("param", documentOwnerParamsSchema),
    async (c) => {
      const { eventId, userId: ownerId } = c.req.valid("param");
      return c.json(await listDocuments(c.env, getDb(c.env.DB), eventId, userId(c), ownerId), 200);
    },
  )
  .delete(
    "/:documentId",
    describe({ summary: "Delete a document", responses: { 200: successSchema }, errors: [403, 404, 409] }),
    validate("param", documentParamsSchema),
    async (c) => {
      const db = getDb(c.env.DB);
      const { eventId, ownerId, wasLinked } = await deleteDocument(c.env, db, c.req.valid("param").documentId, userId(c));
      await documentsChanged(c.env, db, eventId, ownerId);
      if (wasLinked) await itineraryChanged(c.env, c.req.url, eventId);
      return success(c);
    },
  );
