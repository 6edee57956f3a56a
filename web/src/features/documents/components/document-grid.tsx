import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@web/components/ui/button";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { NeedsConnectionNote, waitsForNetwork } from "@web/components/ui/needs-connection-note";
import { errorMessage } from "@web/lib/api-client";
import { useI18n } from "@web/lib/i18n";
import { DOCUMENT_MESSAGES, type DocumentView } from "@worker/features/documents/documents.schema";
import { useDeleteDocument } from "../api/delete-document";
import { documentsQueryOptions } from "../api/get-documents";
import { DocumentCard, type FileActionsSlot } from "./document-card";

const GRID = "grid grid-cols-[repeat(auto-fill,minmax(9.5rem,1fr))] gap-3";

interface DocumentGridProps {
  eventId: string;
  /** A guid, or `common`. */
  owner: string;
  label: string;
  emptyText: string;
  canDelete: boolean;
  /** Under each card: 'Save for offline' (features/offline). */
  fileActions?: FileActionsSlot;
}

/** One list of documents as cards; while it loads, placeholders of the cards' own size hold the space. */
export function DocumentGrid({ eventId, owner, label, emptyText, canDelete, fileActions }: DocumentGridProps) {
  const i18n = useI18n();
  const documents = useQuery(documentsQueryOptions(eventId, owner));
  const [deleting, setDeleting] = useState<DocumentView | null>(null);
  const remove = useDeleteDocument(eventId, owner);

  // Offline, only the person's own list is kept on the device (docs/offline.md): another list says so rather than wait.
  if (waitsForNetwork(documents))
    return (
      <NeedsConnectionNote>
        {i18n._("{label} need a connection: they are not kept on this device. They show once you are back online.", { label })}
      </NeedsConnectionNote>
    );
  if (documents.isPending) {
    return (
      <div role="status" aria-label={i18n._("Loading {label}", { label })} className={GRID}>
        {[0, 1, 2].map((i) => (
          <div key={i} className="animate-pulse overflow-hidden rounded-xl border border-slate-200 bg-white">
            <div className="aspect-[4/3] bg-slate-100" />
            <div className="space-y-2 p-3">
              <div className="h-4 w-3/4 rounded bg-slate-100" />
              <div className="h-3 w-1/2 rounded bg-slate-100" />
              <div className="h-7" />
            </div>
          </div>
        ))}
      </div>
    );
  }

  if (documents.isError) {
    return (
      <div className="rounded-xl border border-rose-200 bg-rose-50 p-6 text-center">
        <p role="alert" className="text-sm text-rose-700">
          {errorMessage(documents.error, i18n._("Failed to load documents"))}
        </p>
        <Button variant="secondary" className="mt-3" onClick={() => void documents.refetch()}>
          {i18n._("Try again")}
        </Button>
      </div>
    );
  }

  if (documents.data.length === 0) {
    return <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">{emptyText}</p>;
  }

  return (
    <>
      <ul aria-label={label} className={GRID}>
        {documents.data.map((doc) => (
          <DocumentCard key={doc.id} doc={doc} onDelete={canDelete ? () => setDeleting(doc) : undefined} Actions={fileActions} />
        ))}
      </ul>
      {deleting && (
        <ConfirmDialog
          message={i18n._(DOCUMENT_MESSAGES.confirmDelete)}
          onConfirm={() =>
            remove
              .mutateAsync(deleting.id)
              .then(() => setDeleting(null))
              .catch(() => undefined)
          }
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}
