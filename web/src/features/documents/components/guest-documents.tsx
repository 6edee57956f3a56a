import { TitledSection } from "@web/components/ui/titled-section";
import { useI18n } from "@web/lib/i18n";
import { DOCUMENT_MESSAGES } from "@worker/features/documents/documents.schema";
import { COMMON } from "../api/get-documents";
import type { FileActionsSlot } from "./document-card";
import { DocumentGrid } from "./document-grid";

const MY_DOCUMENTS = /*i18n*/ "My Documents";
const NO_SHARED_DOCUMENTS = /*i18n*/ "No common documents yet.";
const NO_OWN_DOCUMENTS = /*i18n*/ "No documents for you yet. When your hosts add your tickets or passes, they appear here.";
export const EACH_GUESTS_OWN = /*i18n*/ "Each guest sees here only the documents added for them, such as their tickets and passes.";

/**
 * A guest sees the common documents and their own, nobody else's (spec 2 §6), and changes neither. `own` is
 * null for an organiser previewing the guests' page: they have no documents of their own, so the section says
 * what each guest finds there instead of showing an empty list no guest would see.
 */
export function GuestDocuments({ eventId, own, fileActions }: { eventId: string; own: string | null; fileActions?: FileActionsSlot }) {
  const i18n = useI18n();
  const commonDocuments = i18n._(DOCUMENT_MESSAGES.commonDocuments);
  return (
    <div className="space-y-8">
      <TitledSection title={i18n._(MY_DOCUMENTS)} className="space-y-3">
        {own ? (
          <DocumentGrid
            eventId={eventId}
            owner={own}
            label={i18n._(MY_DOCUMENTS)}
            emptyText={i18n._(NO_OWN_DOCUMENTS)}
            canDelete={false}
            fileActions={fileActions}
          />
        ) : (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">
            {i18n._(EACH_GUESTS_OWN)}
          </p>
        )}
      </TitledSection>
      <TitledSection title={commonDocuments} className="space-y-3">
        <DocumentGrid
          eventId={eventId}
          owner={COMMON}
          label={commonDocuments}
          emptyText={i18n._(NO_SHARED_DOCUMENTS)}
          canDelete={false}
          fileActions={fileActions}
        />
      </TitledSection>
    </div>
  );
}
