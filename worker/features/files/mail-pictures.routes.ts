import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { getDb } from "@worker/db/client";
import { files } from "@worker/db/schema";
import type { AppEnv } from "@worker/env";
import { notFound } from "@worker/lib/errors";
import { verifyMailPictureSignature } from "@worker/lib/files";
import { describe } from "@worker/lib/openapi";
import { mailPicture } from "@worker/lib/picture-variants";
import { validate } from "@worker/lib/validation";
import { fileParamsSchema, mailPictureQuerySchema } from "./files.schema";

/** A mail's picture stays the same for as long as its file is kept: the reader's client may keep it a month. */
const MAIL_PICTURE_CACHE = "private, max-age=2592000, immutable";

/**
 * The pictures mails show (an invitation's cover): a sized JPEG copy of a stored picture, by the never-expiring URL
 * the mail was written with (docs/files-and-media.md). It answers while the file is kept: once the cover is replaced
 * or the experience deleted, 404, and the mail shows its alt text.
 */
export const mailPicturesRoutes = new Hono<AppEnv>().get(
  "/:fileId",
  describe({
    summary: "A stored picture as a mail shows it, by the URL the mail was written with",
    description:
      "At most 1,040 px wide (the mail's 520 px column at 2x), as JPEG, made once and kept. The signature `s` does not expire, since a mail is read for as long as it is kept; a picture whose file was deleted (a replaced cover, a deleted experience) answers 404.",
    tags: ["Files"],
    responses: { 200: { contentType: "image/jpeg", description: "The mail copy" } },
    errors: [404],
  }),
  validate("param", fileParamsSchema),
  validate("query", mailPictureQuerySchema),
  async (c) => {
    const { fileId } = c.req.valid("param");
    if (!(await verifyMailPictureSignature(c.env, fileId, c.req.valid("query").s))) throw notFound(/*i18n*/ "File not found");
    const [file] = await getDb(c.env.DB).select().from(files).where(eq(files.id, fileId)).limit(1);
    const picture = file?.mimeType.startsWith("image/") ? await mailPicture(c.env, file.key, file.mimeType) : null;
    if (!picture) throw notFound(/*i18n*/ "File not found");
    return new Response(picture.body, {
      headers: { "Content-Type": picture.mimeType, "Content-Length": String(picture.size), "Cache-Control": MAIL_PICTURE_CACHE },
    });
  },
);
