import { DOCUMENT_MIME_TYPES } from "../../../../worker/features/documents/documents.schema";

export const DOCUMENT_ACCEPT = ".jpeg,.jpg,.png,.pdf";
const DOCUMENT_EXTENSIONS = /\.(jpe?g|png|pdf)$/i;
const DOCUMENT_TYPES: ReadonlySet<string> = new Set(DOCUMENT_MIME_TYPES);

/** Spec 2 §5: documents are JPEG, PNG or PDF. */
export const isAcceptedDocument = (file: File) => DOCUMENT_TYPES.has(file.type) || DOCUMENT_EXTENSIONS.test(file.name);

/** Old ids first, then the new ones not already there. */
export const unionIds = (old: readonly string[], added: readonly string[]) => [...new Set([...old, ...added])];
