import { z } from "zod";
import { hasPublicHost, isHttpsUrl } from "@worker/shared/public-url";
import { EXTERNAL_IMAGE_SOURCES } from "@worker/shared/views.schema";

// A picture given to an experience, a day or an activity: an uploaded file, or one found by the image search or linked.

const IMAGE_INPUT_MESSAGES = {
  source: /*i18n*/ "Image source must be UNSPLASH, PEXELS, LINK or GOOGLE",
  url: /*i18n*/ "Image link must be an https URL",
  publicHost: /*i18n*/ "Image link must point to a public website",
} as const;

export const imageUploadSchema = z.object({
  file: z.instanceof(File, { error: /*i18n*/ "Please upload an image file" }),
});

export const externalImageSchema = z.object({
  photoId: z.string().max(200).optional(),
  source: z.enum(EXTERNAL_IMAGE_SOURCES, { error: IMAGE_INPUT_MESSAGES.source }),
  rawUrl: z
    .string({ error: IMAGE_INPUT_MESSAGES.url })
    .max(2000, /*i18n*/ "Image link is too long")
    .refine(isHttpsUrl, { error: IMAGE_INPUT_MESSAGES.url, abort: true })
    .refine(hasPublicHost, IMAGE_INPUT_MESSAGES.publicHost),
});

export type ExternalImageInput = z.output<typeof externalImageSchema>;
