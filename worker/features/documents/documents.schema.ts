import { z } from "zod";

// Shared with the Documents tab: only zod and constants here.

export const DOCUMENT_MIME_TYPES = ["image/jpeg", "image/png", "application/pdf"] as const;
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
export const DOCUMENT_MAX_FILES = 20;

export const DOCUMENT_MESSAGES = {
  type: "Only JPEG, PNG and PDF files can be uploaded",
  tooLarge: "Each file must be 20 MB or smaller",
  noFiles: "Choose at least one file to upload",
  tooMany: `Upload at most ${DOCUMENT_MAX_FILES} files at once`,
  notFound: "Document not found",
  userNotFound: "User not found",
} as const;

export const documentViewSchema = z
  .object({
    id: z.string(),
    /** snake_case, or 'other' with otherDocumentType. */
    type: z.string(),
    otherDocumentType: z.string().nullable(),
    mimeType: z.string(),
    name: z.string(),
    document: z.object({ original: z.string() }),
    thirdPartyUploader: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "Document" });

/** Whose documents: a user's guid, or `common` for the experience's shared ones. */
export const documentOwnerParamsSchema = z.object({ eventId: z.string().max(100), userId: z.string().max(100) });
export const documentUploadParamsSchema = z.object({ eventId: z.string().max(100) });
export const documentParamsSchema = z.object({ documentId: z.string().max(100) });

const documentFiles = z
  .union([z.instanceof(File), z.array(z.instanceof(File))], { error: DOCUMENT_MESSAGES.type })
  .optional()
  .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));

/** One or more files, sent as `files` (repeated, or as `files[]`) or as a single `file`; each is checked by its bytes. */
export const documentUploadSchema = z
  .object({ files: documentFiles, "files[]": documentFiles, file: documentFiles })
  .transform((form) => [...form.files, ...form["files[]"], ...form.file]);

export type DocumentView = z.infer<typeof documentViewSchema>;
