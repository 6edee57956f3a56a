import { Hono, type Context } from "hono";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { userId } from "../../lib/auth/middleware";
import { AppError, badRequest } from "../../lib/errors";
import { itineraryChanged } from "../../lib/itinerary/itinerary-changed";
import { describe, successSchema } from "../../lib/openapi";
import { validate } from "../../lib/validation";
import { documentOwnerParamsSchema, documentParamsSchema, documentUploadParamsSchema, documentViewSchema } from "./documents.schema";
import { deleteDocument, listDocuments, uploadDocuments } from "./documents.service";

const tags = ["Documents"];

/** The form's files, sent as `files` (one or more, also `files[]`) or as `file`. */
async function formFiles(c: Context<AppEnv>): Promise<unknown[]> {
  if (!/^multipart\/form-data\b/i.test(c.req.header("Content-Type") ?? "")) throw new AppError(415, "Send the body as multipart/form-data");
  const body = await c.req.parseBody({ all: true }).catch(() => {
    throw badRequest("The upload could not be read: send the files as multipart/form-data");
  });
  return ["files", "files[]", "file"].flatMap((key) => {
    const value = body[key];
    return value === undefined ? [] : Array.isArray(value) ? value : [value];
  });
}

const uploadBody = {
  requestBody: {
    required: true,
    content: {
      "multipart/form-data": {
        schema: {
          type: "object",
          properties: { files: { type: "array", items: { type: "string", format: "binary" }, description: "JPEG, PNG or PDF, typed by their bytes" } },
          required: ["files"],
        },
      },
    },
  },
};

/** Mounted at /api/documents. */
export const documentsRoutes = new Hono<AppEnv>()
  .post(
    "/event/:eventId/common",
    describe({ summary: "Upload common documents", tags, responses: { 201: documentViewSchema.array() }, errors: [403, 404, 413], extra: uploadBody }),
    validate("param", documentUploadParamsSchema),
    async (c) => {
      const values = await formFiles(c);
      return c.json(await uploadDocuments(c.env, getDb(c.env.DB), c.req.valid("param").eventId, userId(c), null, values), 201);
    },
  )
  .post(
    "/event/:eventId/user/:userId",
    describe({ summary: "Upload a guest's documents", tags, responses: { 201: documentViewSchema.array() }, errors: [403, 404, 413], extra: uploadBody }),
    validate("param", documentOwnerParamsSchema),
    async (c) => {
      const { eventId, userId: ownerId } = c.req.valid("param");
      const values = await formFiles(c);
      return c.json(await uploadDocuments(c.env, getDb(c.env.DB), eventId, userId(c), ownerId, values), 201);
    },
  )
  .get(
    "/event/:eventId/user/:userId",
    describe({ summary: "A guest's documents, or the common ones (`common`)", tags, responses: { 200: documentViewSchema.array() }, errors: [403, 404] }),
    validate("param", documentOwnerParamsSchema),
    async (c) => {
      const { eventId, userId: ownerId } = c.req.valid("param");
      return c.json(await listDocuments(c.env, getDb(c.env.DB), eventId, userId(c), ownerId), 200);
    },
  )
  .delete(
    "/:documentId",
    describe({ summary: "Delete a document", tags, responses: { 200: successSchema }, errors: [403, 404] }),
    validate("param", documentParamsSchema),
    async (c) => {
      const { eventId, wasLinked } = await deleteDocument(c.env, getDb(c.env.DB), c.req.valid("param").documentId, userId(c));
      if (wasLinked) await itineraryChanged(c.env, c.req.url, eventId);
      return c.json({ success: true as const }, 200);
    },
  );
