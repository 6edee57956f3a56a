import { i18n } from "@web/lib/i18n";
import type { DocumentView } from "@worker/features/documents/documents.schema";

/** The kinds the product knows, in the reader's language (read where shown); any other reads from its snake_case. */
const LABELS: Record<string, string> = {
  pdf: /*i18n*/ "PDF",
  image: /*i18n*/ "Image",
  id_card: /*i18n*/ "ID card",
  passport: /*i18n*/ "Passport",
  visa: /*i18n*/ "Visa",
  ticket: /*i18n*/ "Ticket",
  boarding_pass: /*i18n*/ "Boarding pass",
  hotel_booking: /*i18n*/ "Hotel booking",
  travel_insurance: /*i18n*/ "Travel insurance",
};

/** Spec 2 §3: the type is snake_case ('boarding_pass' reads 'Boarding pass'); 'other' reads as the otherDocumentType given. */
export function documentTypeLabel({ type, otherDocumentType }: Pick<DocumentView, "type" | "otherDocumentType">): string {
  if (type === "other") return otherDocumentType?.trim() || i18n._("Other");
  const known = LABELS[type];
  if (known) return i18n._(known);
  const words = type.split("_").filter(Boolean).join(" ");
  return words ? words[0]!.toUpperCase() + words.slice(1) : i18n._("Document");
}

export const isPdf = (doc: Pick<DocumentView, "mimeType">) => doc.mimeType === "application/pdf";

export const uploaderName = ({ thirdPartyUploader }: Pick<DocumentView, "thirdPartyUploader">) =>
  thirdPartyUploader ? `${thirdPartyUploader.firstName} ${thirdPartyUploader.lastName}`.trim() : null;

/** The kinds a host may give an upload; without one the server names it by its bytes (`pdf` or `image`). */
export const DOCUMENT_TYPE_CHOICES = [
  "passport",
  "visa",
  "id_card",
  "ticket",
  "boarding_pass",
  "hotel_booking",
  "travel_insurance",
  "other",
] as const;
