import { z } from "zod";
import { pathId } from "@worker/shared/views.schema";
import { isBlank } from "@worker/shared/visible-text";

// Shared with the Documents tab: only zod and constants here.

const MB = 1024 * 1024;

export const DOCUMENT_MIME_TYPES = ["image/jpeg", "image/png", "application/pdf"] as const;
export const DOCUMENT_MAX_BYTES = 20 * MB;
export const DOCUMENT_MAX_FILES = 10;
/**
 * The most one upload request carries, files together. A Worker holds the whole form in memory (128 MB per
 * isolate, shared by its requests), so several files are sent in several requests (the tab sends one a request).
 */
export const DOCUMENT_MAX_REQUEST_BYTES = 40 * MB;

export const DOCUMENT_MESSAGES = {
  /** Spec 2 §8: the confirmation before a document is deleted, wherever it is deleted from. */
  confirmDelete: /*i18n*/ "Are you sure you want to delete this document?",
  type: /*i18n*/ "Only JPEG, PNG and PDF files can be uploaded",
  tooLarge: /*i18n*/ "Each file must be 20 MB or smaller",
  requestTooLarge: /*i18n*/ "Upload at most 40 MB at once",
  noFiles: /*i18n*/ "Choose at least one file to upload",
  tooMany: /*i18n*/ "Upload at most 10 files at once",
  documentType: /*i18n*/ "The document type must be snake_case, like boarding_pass",
  otherDocumentType: /*i18n*/ "Say what kind of document it is",
  otherDocumentTypeTooLong: /*i18n*/ "Say what kind of document it is in 100 characters or fewer",
  otherDocumentTypeOnlyForOther: /*i18n*/ "otherDocumentType goes only with the type 'other'",
  notFound: /*i18n*/ "Document not found",
  userNotFound: /*i18n*/ "User not found",
  /** Spec 2 §2: the Documents tab's shared list, and the upload area's prompt (the Documents tab and the activity panel). */
  commonDocuments: /*i18n*/ "Common Documents",
  dropFilesHere: /*i18n*/ "Drop files here",
} as const;

export const documentViewSchema = z
  .object({
    id: z.string(),
    /** snake_case: the one the uploader chose, else `pdf` or `image` by the file's bytes; 'other' comes with otherDocumentType. */
    type: z.string(),
    otherDocumentType: z.string().nullable(),
    mimeType: z.string(),
    /** The name the file was uploaded under. */
    name: z.string(),
    /** A signed URL, given only to whoever may see the document. */
    document: z.object({ original: z.string() }),
    /** Who uploaded it, when that is not the person the document belongs to (always, for a common document). */
    thirdPartyUploader: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "Document" });

/** Whose documents: a user's guid, or `common` for the experience's shared ones. */
export const documentOwnerParamsSchema = z.object({ eventId: pathId, userId: pathId });
export const documentUploadParamsSchema = z.object({ eventId: pathId });
export const documentParamsSchema = z.object({ documentId: pathId });

const documentFiles = z
  .union([z.instanceof(File), z.array(z.instanceof(File))], { error: DOCUMENT_MESSAGES.type })
  .optional()
  .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));

/**
 * One or more files, sent as `files` (repeated, or as `files[]`) or as a single `file`; each is checked by its
 * bytes. An optional `type` (snake_case, such as `passport` or `boarding_pass`) applies to every file of the
 * request; `other` needs `otherDocumentType`. Without a type, a PDF is `pdf` and a picture `image`.
 */
export const documentUploadSchema = z
  .object({
    files: documentFiles,
    "files[]": documentFiles,
    file: documentFiles,
    type: z
      .string({ error: DOCUMENT_MESSAGES.documentType })
      .regex(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/, DOCUMENT_MESSAGES.documentType)
      .max(50, DOCUMENT_MESSAGES.documentType)
      .optional(),
    otherDocumentType: z
      .string({ error: DOCUMENT_MESSAGES.otherDocumentType })
      .trim()
      .max(100, DOCUMENT_MESSAGES.otherDocumentTypeTooLong)
      .optional(),
  })
  .superRefine((form, ctx) => {
    const other = form.otherDocumentType && !isBlank(form.otherDocumentType) ? form.otherDocumentType : undefined;
    if (form.type === "other" && !other)
      ctx.addIssue({ code: "custom", message: DOCUMENT_MESSAGES.otherDocumentType, path: ["otherDocumentType"] });
    if (form.type !== "other" && other)
      ctx.addIssue({ code: "custom", message: DOCUMENT_MESSAGES.otherDocumentTypeOnlyForOther, path: ["otherDocumentType"] });
  })
  .transform((form) => ({
    files: [...form.files, ...form["files[]"], ...form.file],
    type: form.type ?? null,
    otherDocumentType: form.type === "other" ? form.otherDocumentType! : null,
  }));

export type DocumentView = z.infer<typeof documentViewSchema>;
export type DocumentUpload = z.output<typeof documentUploadSchema>;
