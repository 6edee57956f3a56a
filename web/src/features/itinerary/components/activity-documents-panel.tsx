import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { DocumentDropZone } from "@web/components/document-drop-zone/document-drop-zone";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { FormError } from "@web/components/ui/field";
import { PhotoIcon, TrashIcon } from "@web/components/ui/icons";
import { Modal } from "@web/components/ui/modal";
import { OpenFileLink } from "@web/components/ui/open-file-link";
import { Spinner } from "@web/components/ui/spinner";
import { UploadStatusBadge, useUploadStatus } from "@web/components/ui/upload-status";
import { UserText } from "@web/components/ui/user-text";
import { errorMessage } from "@web/lib/api-client";
import { isAcceptedDocument } from "@web/lib/document-files";
import { useI18n } from "@web/lib/i18n";
import { Trans } from "@web/lib/trans";
import { DOCUMENT_MESSAGES, type DocumentView } from "@worker/features/documents/documents.schema";
import type { ActivityView } from "@worker/shared/itinerary.schema";
import { useAttachActivityDocuments } from "../api/attach-activity-documents";
import { useDeleteActivityDocument } from "../api/delete-activity-document";
import { commonDocumentsQueryOptions } from "../api/get-common-documents";

const NO_ACTIVITY_DOCUMENTS = /*i18n*/ "No documents attached to this activity yet.";

export interface ActivityDocumentsPanelProps {
  eventId: string;
  activity: ActivityView;
  canEdit: boolean;
  onClose: () => void;
  onChanged?: (activity: ActivityView) => void;
}

/** The documents linked to one activity; they are stored as the event's common documents (spec 2 §7). */
export function ActivityDocumentsPanel({ eventId, activity, canEdit, onClose, onChanged }: ActivityDocumentsPanelProps) {
  const i18n = useI18n();
  const common = useQuery(commonDocumentsQueryOptions(eventId));
  // The activity prop only changes when the event is refetched; our own writes show at once.
  const [ids, setIds] = useState<string[]>(activity.documents);
  const propIds = activity.documents.join(",");
  useEffect(() => setIds(propIds ? propIds.split(",") : []), [propIds]);

  const [deleting, setDeleting] = useState<DocumentView | null>(null);
  const documents = ids.flatMap((id) => common.data?.find((d) => d.id === id) ?? []);

  const ref = { eventId, dayId: activity.programId, activityId: activity.id };
  const saved = (updated: ActivityView) => {
    setIds(updated.documents);
    onChanged?.(updated);
  };
  const attach = useAttachActivityDocuments(ref, { onSuccess: saved });
  const remove = useDeleteActivityDocument(ref, {
    onSuccess: (updated) => {
      saved(updated);
      setDeleting(null);
    },
  });

  return (
    <Modal title={i18n._("Activity Documents")} onClose={onClose} placement="end">
      <div className="space-y-5">
        <p className="text-sm text-slate-600">
          <Trans
            id="Documents for <0>{name}</0>"
            values={{ name: <>{activity.name}</> }}
            components={{ 0: <UserText className="font-medium text-slate-900" /> }}
          />
        </p>
        {canEdit && <UploadArea onUpload={(files) => attach.mutateAsync({ files, linked: ids })} />}
        {common.isPending && ids.length > 0 ? (
          <div className="grid place-items-center py-8">
            <Spinner label={i18n._("Loading documents")} />
          </div>
        ) : common.isError && ids.length > 0 ? (
          <p role="alert" className="text-sm text-rose-600">
            {errorMessage(common.error, i18n._("Failed to load documents"))}
          </p>
        ) : documents.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
            {i18n._(NO_ACTIVITY_DOCUMENTS)}
          </p>
        ) : (
          <ul className="space-y-2" aria-label={i18n._("Attached documents")}>
            {documents.map((doc) => (
              <li key={doc.id} className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-3">
                <DocumentIcon pdf={doc.mimeType === "application/pdf"} />
                <div className="min-w-0 flex-1">
                  <UserText as="p" className="truncate text-sm font-medium text-slate-900" title={doc.name}>
                    {doc.name}
                  </UserText>
                  {doc.thirdPartyUploader && (
                    <p className="truncate text-xs text-slate-500">
                      <Trans
                        id="Uploaded by <0>{name}</0>"
                        values={{ name: <>{`${doc.thirdPartyUploader.firstName} ${doc.thirdPartyUploader.lastName}`.trim()}</> }}
                        components={{ 0: <UserText /> }}
                      />
                    </p>
                  )}
                </div>
                <OpenFileLink
                  href={doc.document.original}
                  name={doc.name}
                  className="shrink-0 rounded-lg px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
                />
                {canEdit && (
                  <button
                    type="button"
                    onClick={() => setDeleting(doc)}
                    aria-label={i18n._("Delete {name}", { name: doc.name })}
                    className="shrink-0 rounded-lg p-1.5 text-slate-500 hover:bg-rose-50 hover:text-rose-600"
                  >
                    <TrashIcon />
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      {deleting && (
        <ConfirmDialog
          message={i18n._(DOCUMENT_MESSAGES.confirmDelete)}
          onConfirm={() => remove.mutateAsync({ documentId: deleting.id, linked: ids }).catch(() => undefined)}
          onClose={() => setDeleting(null)}
        />
      )}
    </Modal>
  );
}

function UploadArea({ onUpload }: { onUpload: (files: File[]) => Promise<unknown> }) {
  const i18n = useI18n();
  const { status, track } = useUploadStatus();
  const [error, setError] = useState<string | null>(null);

  const send = async (files: File[]) => {
    if (files.length === 0 || status === "uploading") return;
    const accepted = files.filter(isAcceptedDocument);
    if (accepted.length === 0) {
      setError(i18n._(DOCUMENT_MESSAGES.type));
      return;
    }
    setError(null);
    try {
      await track(() => onUpload(accepted));
    } catch (err) {
      setError(errorMessage(err, i18n._("Failed to upload documents")));
    }
  };

  return (
    <div className="space-y-2">
      <DocumentDropZone onFiles={(files) => void send(files)} disabled={status === "uploading"}>
        <UploadStatusBadge status={status} />
      </DocumentDropZone>
      <FormError>{error}</FormError>
    </div>
  );
}

function DocumentIcon({ pdf }: { pdf: boolean }) {
  const i18n = useI18n();
  return (
    <span
      aria-label={pdf ? "PDF" : i18n._("Image")}
      role="img"
      className={`grid size-10 shrink-0 place-items-center rounded-lg text-[10px] font-bold ${pdf ? "bg-rose-50 text-rose-700" : "bg-brand-50 text-brand-700"}`}
    >
      {pdf ? "PDF" : <PhotoIcon />}
    </span>
  );
}
