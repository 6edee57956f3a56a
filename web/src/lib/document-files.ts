import { DOCUMENT_MIME_TYPES } from "@worker/features/documents/documents.schema";

/** What the file pickers offer: spec 2 §9's jpeg, jpg, png and pdf. */
export const DOCUMENT_ACCEPT = ".jpeg,.jpg,.png,.pdf";
const DOCUMENT_EXTENSIONS = /\.(jpe?g|png|pdf)$/i;
const DOCUMENT_TYPES: ReadonlySet<string> = new Set(DOCUMENT_MIME_TYPES);

/**
 * Spec 2 §5: documents are JPEG, PNG or PDF. A file the browser gave no type is taken by its name; the
 * server decides by the bytes either way.
 */
export const isAcceptedDocument = (file: File) => DOCUMENT_TYPES.has(file.type) || DOCUMENT_EXTENSIONS.test(file.name);
