import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { getDb } from "../../db/client";
import { files } from "../../db/schema";
import type { AppEnv } from "../../env";
import { notFound } from "../../lib/errors";
import { contentDisposition, verifyFileSignature } from "../../lib/files";
import { describe } from "../../lib/openapi";
import { validate } from "../../lib/validation";
import { fileParamsSchema, signedFileQuerySchema } from "./files.schema";

/** Serves a stored file to whoever holds a signed URL for it (the API signs URLs only for callers allowed to see them). */
export const filesRoutes = new Hono<AppEnv>().get(
  "/:fileId",
  describe({
    summary: "A stored file, by the signed URL the API gave",
    description: "Images and PDFs inline, other types as downloads, under a name whose extension matches the type.",
    tags: ["Files"],
    responses: { 200: { contentType: "application/octet-stream", description: "The file, with its own Content-Type" } },
    errors: [404],
  }),
  validate("param", fileParamsSchema),
  validate("query", signedFileQuerySchema),
  async (c) => {
    const { fileId } = c.req.valid("param");
    const { e, s } = c.req.valid("query");
    if (!(await verifyFileSignature(c.env, fileId, e, s))) throw notFound("File not found");
    const [row] = await getDb(c.env.DB).select().from(files).where(eq(files.id, fileId)).limit(1);
    const object = row && (await c.env.FILES.get(row.key));
    if (!row || !object) throw notFound("File not found");
    return new Response(object.body, {
      headers: {
        "Content-Type": row.mimeType,
        "Content-Length": String(row.size),
        "Content-Disposition": contentDisposition(row.name, row.mimeType),
        "Cache-Control": "private, max-age=604800, immutable",
        ETag: object.httpEtag,
      },
    });
  },
);
