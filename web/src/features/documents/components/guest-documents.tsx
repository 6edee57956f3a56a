import { useId } from "react";
import { DOCUMENT_MESSAGES } from "../../../../../worker/features/documents/documents.schema";
import { COMMON } from "../api/get-documents";
import { DocumentGrid } from "./document-grid";

export const MY_DOCUMENTS = "My Documents";
export const NO_SHARED_DOCUMENTS = "No common documents yet.";
export const NO_OWN_DOCUMENTS = "No documents for you yet. When your hosts add your tickets or passes, they appear here.";

/** A guest sees the common documents and their own, nobody else's (spec 2 §6), and changes neither. */
export function GuestDocuments({ eventId, guid }: { eventId: string; guid: string }) {
  const ids = useId();
  return (
    <div className="space-y-8">
      <section aria-labelledby={`${ids}-own`} className="space-y-3">
        <h2 id={`${ids}-own`} className="text-lg font-semibold text-slate-900">
          {MY_DOCUMENTS}
        </h2>
        <DocumentGrid eventId={eventId} owner={guid} label={MY_DOCUMENTS} emptyText={NO_OWN_DOCUMENTS} canDelete={false} />
      </section>
      <section aria-labelledby={`${ids}-common`} className="space-y-3">
        <h2 id={`${ids}-common`} className="text-lg font-semibold text-slate-900">
          {DOCUMENT_MESSAGES.commonDocuments}
        </h2>
        <DocumentGrid eventId={eventId} owner={COMMON} label={DOCUMENT_MESSAGES.commonDocuments} emptyText={NO_SHARED_DOCUMENTS} canDelete={false} />
      </section>
    </div>
  );
}
