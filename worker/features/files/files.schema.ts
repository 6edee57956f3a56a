import { z } from "zod";
import { VARIANT_NAMES } from "@worker/shared/image-variants";
import { pathId } from "@worker/shared/views.schema";

export const fileParamsSchema = z.object({ fileId: pathId });

/** The signature the API put in the URL: its expiry (`e`) and HMAC (`s`). A missing part finds no file. */
export const signedFileQuerySchema = z.object({
  e: z.string().max(20).default(""),
  s: z.string().max(200).default(""),
});

/** A picture's sized copy: `/files/{fileId}/{width}.webp`. */
export const fileVariantParamsSchema = fileParamsSchema.extend({
  variant: z.enum(VARIANT_NAMES, { error: /*i18n*/ "Not a size of this picture" }),
});

/** A mail picture's signature (`s`), which does not expire. A missing one finds no picture. */
export const mailPictureQuerySchema = z.object({ s: z.string().max(200).default("") });
