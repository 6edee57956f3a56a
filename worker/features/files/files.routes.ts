import { Hono } from "hono";
import { getDb } from "@worker/db/client";
import { coverCopyKey, pictureAndPublicness, PRIVATE_PICTURE_CACHE, publicCoverCache } from "@worker/domain/cover-cache";
import type { AppEnv } from "@worker/env";
import { notFound } from "@worker/lib/errors";
import { contentDisposition, verifyFileSignature } from "@worker/lib/files";
import { describe } from "@worker/lib/openapi";
import { pictureVariant } from "@worker/lib/picture-variants";
import { validate } from "@worker/lib/validation";
import { VARIANT_WIDTHS, variantWidth } from "@worker/shared/image-variants";
import { rangeAsked } from "./byte-range";
import { fileParamsSchema, fileVariantParamsSchema, signedFileQuerySchema } from "./files.schema";

const rangeHeaders = {
  parameters: [
    {
      in: "header",
      name: "Range",
      required: false,
      schema: { type: "string" },
      description: "One byte range: `bytes=a-b`, `bytes=a-` or `bytes=-n`. Several ranges get the whole file.",
    },
    {
      in: "header",
      name: "If-Range",
      required: false,
      schema: { type: "string" },
      description: "The ETag the range was planned on; another one gets the whole file.",
    },
  ],
};

/**
 * Serves a stored file to whoever holds a signed URL for it (the API signs URLs only for callers allowed to see
 * them), in byte ranges when asked, so a video seeks and plays on phones (Safari asks for ranges before playing).
 */
export const filesRoutes = new Hono<AppEnv>()
  .get(
    "/:fileId",
    describe({
      summary: "A stored file, by the signed URL the API gave (whole, or one byte range)",
      description:
        "Images, videos and PDFs inline, other types as downloads, under a name whose extension matches the type. `Accept-Ranges: bytes`: one range answers 206 with Content-Range; a range past the end answers 416 with `Content-Range: bytes */{size}`; several ranges, or an If-Range that is not the current ETag, answer 200 with the whole file. HEAD answers the same headers without the body. A public experience's current cover is cacheable by anyone until its signature expires (`public`, as its sized copies); any other file only by the browser holding the URL (`private`).",
      tags: ["Files"],
      responses: {
        200: { contentType: "application/octet-stream", description: "The whole file, with its own Content-Type" },
        206: { contentType: "application/octet-stream", description: "The byte range asked, with Content-Range" },
      },
      errors: [404, 416],
      extra: rangeHeaders,
    }),
    validate("param", fileParamsSchema),
    validate("query", signedFileQuerySchema),
    async (c) => {
      const { fileId } = c.req.valid("param");
      const { e, s } = c.req.valid("query");
      if (!(await verifyFileSignature(c.env, fileId, e, s))) throw notFound(/*i18n*/ "File not found");
      const found = await pictureAndPublicness(getDb(c.env.DB), fileId);
      const row = found?.file;
      const stored = row && (await c.env.FILES.head(row.key));
      if (!row || !stored) throw notFound(/*i18n*/ "File not found");
      const headers: Record<string, string> = {
        "Content-Type": row.mimeType,
        "Content-Disposition": contentDisposition(row.name, row.mimeType),
        // The same rule as its sized copies: a public experience's cover is anyone's to cache until its signature expires.
        "Cache-Control": found.publicCover ? publicCoverCache(Number(e)) : PRIVATE_PICTURE_CACHE,
        "Accept-Ranges": "bytes",
        ETag: stored.httpEtag,
      };
      const asked = rangeAsked(c.req.header("Range"), c.req.header("If-Range"), stored.httpEtag, stored.size);
      if (asked.kind === "unsatisfiable") {
        return c.json({ error: c.var.i18n._(/*i18n*/ "The range asked lies past the end of the file") }, 416, {
          "Accept-Ranges": "bytes",
          "Content-Range": `bytes */${stored.size}`,
        });
      }
      const part = asked.kind === "part" ? asked : null;
      const length = part ? part.length : stored.size;
      if (part) headers["Content-Range"] = `bytes ${part.offset}-${part.offset + part.length - 1}/${stored.size}`;
      headers["Content-Length"] = String(length);
      const status = part ? 206 : 200;
      if (c.req.method === "HEAD") return new Response(null, { status, headers });
      const object = await c.env.FILES.get(row.key, part ? { range: { offset: part.offset, length: part.length } } : undefined);
      if (!object) throw notFound(/*i18n*/ "File not found");
      return new Response(object.body, { status, headers });
    },
  )
  .get(
    "/:fileId/:variant",
    describe({
      summary: "A stored picture's sized copy, by the signed URL of its original",
      description: `The picture at most ${VARIANT_WIDTHS.join(", ")} px wide (never enlarged), as WebP, signed as its original is (\`/files/{id}/960.webp?e=…&s=…\`). A public experience's current cover is cacheable by anyone until its signature expires (\`public, max-age={seconds left}, immutable\`: a new cover is a new file, so its URLs change); any other picture only by the browser that holds the URL (\`private\`). Public-ness is read from the database on every request: once the experience turns private, is deleted or gets a new cover, its copies are answered \`private\` (or 404) and dropped from the edge cache. GIFs and BMPs are answered whole.`,
      tags: ["Files"],
      responses: { 200: { contentType: "image/webp", description: "The sized copy" } },
      errors: [400, 404],
    }),
    validate("param", fileVariantParamsSchema),
    validate("query", signedFileQuerySchema),
    async (c) => {
      const { fileId, variant } = c.req.valid("param");
      const { e, s } = c.req.valid("query");
      if (!(await verifyFileSignature(c.env, fileId, e, s))) throw notFound(/*i18n*/ "File not found");
      const found = await pictureAndPublicness(getDb(c.env.DB), fileId);
      if (!found?.file.mimeType.startsWith("image/")) throw notFound(/*i18n*/ "File not found");
      const { file, publicCover } = found;
      const expires = Number(e);
      const cacheControl = publicCover ? publicCoverCache(expires) : PRIVATE_PICTURE_CACHE;
      const key = coverCopyKey(new URL(c.req.url).origin, fileId, variant, expires, s);
      const cached = publicCover ? await caches.default.match(key) : undefined;
      if (cached) {
        // A cached answer's headers are immutable; its max-age is counted again from now.
        const response = new Response(cached.body, cached);
        response.headers.set("Cache-Control", cacheControl);
        return response;
      }
      const picture = await pictureVariant(c.env, file.key, file.mimeType, variantWidth(variant));
      if (!picture) throw notFound(/*i18n*/ "File not found");
      const response = new Response(picture.body, {
        headers: {
          "Content-Type": picture.mimeType,
          "Content-Disposition": contentDisposition(file.name, picture.mimeType),
          "Content-Length": String(picture.size),
          "Cache-Control": cacheControl,
        },
      });
      if (publicCover) await caches.default.put(key, response.clone());
      return response;
    },
  );
