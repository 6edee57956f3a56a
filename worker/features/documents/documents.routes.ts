import { Hono, type Context } from "hono";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { userId } from "../../lib/auth/middleware";
import { badRequest } from "../../lib/errors";
import { itineraryChanged } from "../programs/itinerary-write";
import { deleteDocument, listDocuments, uploadDocuments } from "./documents.service";

/** The form's files, sent as `files` (one or more, also `files[]`) or as `file`. */
async function formFiles(c: Context<AppEnv>): Promise<unknown[]> {
  const body = await c.req.parseBody({ all: true }).catch(() => {
    throw badRequest("The upload could not be read: send the files as multipart/form-data");
  });
  return ["files", "files[]", "file"].flatMap((key) => {
    const value = body[key];
    return value === undefined ? [] : Array.isArray(value) ? value : [value];
  });
}

/** Mounted at /api/documents. */
export const documentsRoutes = new Hono<AppEnv>()
  .post("/event/:eventId/common", async (c) => {
    const values = await formFiles(c);
    return c.json(await uploadDocuments(c.env, getDb(c.env.DB), c.req.param("eventId"), userId(c), null, values), 201);
  })
  .post("/event/:eventId/user/:userId", async (c) => {
    const values = await formFiles(c);
    return c.json(await uploadDocuments(c.env, getDb(c.env.DB), c.req.param("eventId"), userId(c), c.req.param("userId"), values), 201);
  })
  .get("/event/:eventId/user/:userId", async (c) => {
    return c.json(await listDocuments(c.env, getDb(c.env.DB), c.req.param("eventId"), userId(c), c.req.param("userId")));
  })
  .delete("/:documentId", async (c) => {
    const { eventId, wasLinked } = await deleteDocument(c.env, getDb(c.env.DB), c.req.param("documentId"), userId(c));
    if (wasLinked) await itineraryChanged(c.env, c.req.url, eventId);
    return c.json({ success: true as const });
  });
