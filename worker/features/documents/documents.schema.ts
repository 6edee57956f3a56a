// Shared with the Documents tab: constants only.

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
