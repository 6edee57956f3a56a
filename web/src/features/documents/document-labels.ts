import type { DocumentView } from "@worker/features/documents/documents.schema";

const LABELS: Record<string, string> = { pdf: "PDF", image: "Image", id_card: "ID card" };

/** Spec 2 §3: the type is snake_case ('boarding_pass' reads 'Boarding pass'); 'other' reads as the otherDocumentType given. */
export function documentTypeLabel({ type, otherDocumentType }: Pick<DocumentView, "type" | "otherDocumentType">): string {
  if (type === "other") return otherDocumentType?.trim() || "Other";
  const known = LABELS[type];
  if (known) return known;
  const words = type.split("_").filter(Boolean).join(" ");
  return words ? words[0]!.toUpperCase() + words.slice(1) : "Document";
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
