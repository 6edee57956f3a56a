import { Hono } from "hono";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { userId } from "../../lib/auth/middleware";
import { itineraryChanged } from "../../lib/itinerary/itinerary-changed";
import { describe, successSchema } from "../../lib/openapi";
import { uploadLimit } from "../../lib/upload-limit";
import { validate } from "../../lib/validation";
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MAX_FILES,
  DOCUMENT_MESSAGES,
  documentOwnerParamsSchema,
  documentParamsSchema,
  documentUploadParamsSchema,
  documentUploadSchema,
  documentViewSchema,
} from "./documents.schema";
import { deleteDocument, listDocuments, uploadDocuments } from "./documents.service";

const tags = ["Documents"];

/** The most one upload may carry: its cap of files, each at the size limit. */
const documentsLimit = uploadLimit(DOCUMENT_MAX_FILES * DOCUMENT_MAX_BYTES, DOCUMENT_MESSAGES.tooLarge);

/** Mounted at /api/documents. */
export const documentsRoutes = new Hono<AppEnv>()
  .post(
    "/event/:eventId/common",
    describe({ summary: "Upload common documents", tags, responses: { 201: documentViewSchema.array() }, errors: [403, 404, 409, 413] }),
    validate("param", documentUploadParamsSchema),
    documentsLimit,
    validate("form", documentUploadSchema),
    async (c) => {
      return c.json(await uploadDocuments(c.env, getDb(c.env.DB), c.req.valid("param").eventId, userId(c), null, c.req.valid("form")), 201);
    },
  )
  .post(
    "/event/:eventId/user/:userId",
    describe({ summary: "Upload a guest's documents", tags, responses: { 201: documentViewSchema.array() }, errors: [403, 404, 409, 413] }),
    validate("param", documentOwnerParamsSchema),
    documentsLimit,
    validate("form", documentUploadSchema),
    async (c) => {
      const { eventId, userId: ownerId } = c.req.valid("param");
      return c.json(await uploadDocuments(c.env, getDb(c.env.DB), eventId, userId(c), ownerId, c.req.valid("form")), 201);
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
    describe({ summary: "Delete a document", tags, responses: { 200: successSchema }, errors: [403, 404, 409] }),
    validate("param", documentParamsSchema),
    async (c) => {
      const { eventId, wasLinked } = await deleteDocument(c.env, getDb(c.env.DB), c.req.valid("param").documentId, userId(c));
      if (wasLinked) await itineraryChanged(c.env, c.req.url, eventId);
      return c.json({ success: true as const }, 200);
    },
  );
