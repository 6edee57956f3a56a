import { z } from "zod";
import { personSchema, pathId } from "@worker/shared/views.schema";
import { requiredText } from "@worker/shared/visible-text";

// Shared with the Bulletin tab: only zod and constants here.

export const BULLETIN_TITLE_MAX = 200;
export const BULLETIN_DESCRIPTION_MAX = 5000;

const MB = 1024 * 1024;
/** Spec 2 §5: one optional image, JPEG, PNG or GIF, typed by its bytes. */
export const BULLETIN_IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif"] as const;
/** What the picker offers; the server still decides by the bytes. */
export const BULLETIN_IMAGE_ACCEPT = ".jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif";
export const BULLETIN_IMAGE_MAX_BYTES = 10 * MB;

export const BULLETIN_MESSAGES = {
  posted: /*i18n*/ "Bulletin posted successfully",
  postFailed: /*i18n*/ "Error posting bulletin",
  confirmDelete: /*i18n*/ "Are you sure you want to delete this bulletin?",
  deleted: /*i18n*/ "Bulletin deleted",
  deleteFailed: /*i18n*/ "Error deleting bulletin",
  loadFailed: /*i18n*/ "Error loading bulletins",
  empty: /*i18n*/ "No bulletins yet",
  titleRequired: /*i18n*/ "Title is required",
  descriptionRequired: /*i18n*/ "Description is required",
  titleTooLong: /*i18n*/ "A title is at most 200 characters",
  descriptionTooLong: /*i18n*/ "A description is at most 5000 characters",
  wrongImage: /*i18n*/ "Only JPEG, PNG and GIF images can be posted",
  oneImage: /*i18n*/ "Attach one image at most",
  imageTooLarge: /*i18n*/ "The image must be less than 10MB",
  hostsOnly: /*i18n*/ "Only the owner or a host can post or delete bulletins",
  notFound: /*i18n*/ "Bulletin not found",
} as const;

export const bulletinEventParamsSchema = z.object({ eventId: pathId });
export const bulletinParamsSchema = bulletinEventParamsSchema.extend({ bulletinId: pathId });

// A form sends line breaks as CRLF; they are kept as LF.
const bulletinText = (required: string, max: number, tooLong: string) =>
  requiredText(required)
    .transform((text) => text.replace(/\r\n?/g, "\n"))
    .pipe(z.string().max(max, tooLong));

/**
 * A browser sends an empty file input as a nameless empty File: that is no image. The same name sent twice
 * arrives as a list, refused here rather than silently keeping one of them.
 */
const imageField = z
  .union([z.instanceof(File), z.literal(""), z.array(z.union([z.instanceof(File), z.string()]))], { error: BULLETIN_MESSAGES.wrongImage })
  .optional()
  .transform((value, ctx) => {
    if (Array.isArray(value)) {
      ctx.addIssue({ code: "custom", message: BULLETIN_MESSAGES.oneImage });
      return z.NEVER;
    }
    return value instanceof File && (value.size > 0 || value.name !== "") ? value : undefined;
  });

/** POST multipart: title and description (line breaks kept), and at most one `image`. */
export const bulletinFormSchema = z.object({
  title: bulletinText(BULLETIN_MESSAGES.titleRequired, BULLETIN_TITLE_MAX, BULLETIN_MESSAGES.titleTooLong),
  description: bulletinText(BULLETIN_MESSAGES.descriptionRequired, BULLETIN_DESCRIPTION_MAX, BULLETIN_MESSAGES.descriptionTooLong),
  image: imageField,
});

export const bulletinSchema = z
  .object({
    id: z.string(),
    eventId: z.string(),
    title: z.string(),
    description: z.string(),
    /** A signed URL of the image, or null. */
    media: z.string().nullable(),
    mimeType: z.string().nullable(),
    /** Who posted it; null once their account is gone. */
    author: personSchema.nullable(),
    timestamp: z.iso.datetime(),
  })
  .meta({ id: "Bulletin" });

export type Bulletin = z.infer<typeof bulletinSchema>;
export type BulletinForm = z.input<typeof bulletinFormSchema>;
