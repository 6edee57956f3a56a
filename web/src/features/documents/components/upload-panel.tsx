import { useState } from "react";
import { DocumentDropZone } from "@web/components/document-drop-zone/document-drop-zone";
import { FormError, TextField } from "@web/components/ui/field";
import { Spinner } from "@web/components/ui/spinner";
import { UserText } from "@web/components/ui/user-text";
import { NEEDS_CONNECTION, useOnline } from "@web/hooks/use-online";
import { isAcceptedDocument } from "@web/lib/document-files";
import { useI18n } from "@web/lib/i18n";
import { Trans } from "@web/lib/trans";
import { DOCUMENT_MAX_BYTES, DOCUMENT_MESSAGES } from "@worker/features/documents/documents.schema";
import { intlLocale } from "@worker/shared/locales";
import type { DocumentKind } from "../api/upload-document";
import { DOCUMENT_TYPE_CHOICES, documentTypeLabel } from "../document-labels";
import type { FileUpload } from "../hooks/use-file-uploads";

/** Why a file cannot be sent, before it is: the server checks its bytes again. */
function refusal(file: File): string | null {
  if (!isAcceptedDocument(file)) return DOCUMENT_MESSAGES.type;
  if (file.size > DOCUMENT_MAX_BYTES) return DOCUMENT_MESSAGES.tooLarge;
  return null;
}

/** The 'Drop files here' area with a file picker and an optional type, and a row per file being uploaded (spec 2 §2, §5). */
export function UploadPanel({
  uploads,
  onUpload,
}: {
  uploads: FileUpload[];
  onUpload: (files: File[], kind: DocumentKind | null) => void;
}) {
  const i18n = useI18n();
  const [refused, setRefused] = useState<{ name: string; reason: string }[]>([]);
  const [type, setType] = useState("");
  const [otherType, setOtherType] = useState("");
  const [otherError, setOtherError] = useState<string | null>(null);
  const online = useOnline();

  const take = (files: File[]) => {
    if (files.length === 0 || !online) return;
    if (type === "other" && !otherType.trim()) {
      setOtherError(i18n._(DOCUMENT_MESSAGES.otherDocumentType));
      return;
    }
    setRefused(files.flatMap((file) => (refusal(file) ? [{ name: file.name, reason: i18n._(refusal(file)!) }] : [])));
    const accepted = files.filter((file) => refusal(file) === null);
    const kind = type === "" ? null : type === "other" ? { type, otherDocumentType: otherType.trim() } : { type };
    if (accepted.length === 0) return;
    onUpload(accepted, kind);
    // The type was said of these files; the next ones are named by what they are unless told again.
    setType("");
    setOtherType("");
  };

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-start gap-3">
        <label className="block space-y-1 text-sm">
          <span className="block font-medium text-slate-700">{i18n._("Document type")}</span>
          <select
            value={type}
            onChange={(e) => {
              setType(e.target.value);
              setOtherError(null);
            }}
            className="block rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none"
          >
            <option value="">{i18n._("From the file (PDF or image)")}</option>
            {DOCUMENT_TYPE_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {documentTypeLabel({ type: choice, otherDocumentType: null })}
              </option>
            ))}
          </select>
        </label>
        {type === "other" && (
          <div className="min-w-48 flex-1">
            <TextField
              label={i18n._("What kind of document?")}
              value={otherType}
              maxLength={100}
              error={otherError}
              onChange={(e) => {
                setOtherType(e.target.value);
                setOtherError(null);
              }}
            />
          </div>
        )}
      </div>
      <DocumentDropZone onFiles={take} disabled={!online} disabledReason={i18n._(NEEDS_CONNECTION)} />
      <FormError>
        {refused.length > 0 && (
          <ul>
            {refused.map(({ name, reason }, i) => (
              <li key={`${i}-${name}`}>
                <Trans
                  id="<0>{name}</0> was not uploaded. {reason}"
                  values={{ name, reason }}
                  components={{ 0: <UserText className="font-medium" /> }}
                />
              </li>
            ))}
          </ul>
        )}
      </FormError>
      {uploads.length > 0 && (
        <ul aria-label={i18n._("Uploads")} className="space-y-1.5">
          {uploads.map((upload) => (
            <UploadRow key={upload.id} upload={upload} />
          ))}
        </ul>
      )}
    </div>
  );
}

function UploadRow({ upload }: { upload: FileUpload }) {
  const i18n = useI18n();
  const { name, status, percent, error } = upload;
  return (
    <li className="flex h-12 items-center gap-3 rounded-lg border border-slate-200 bg-white px-3" data-testid={`upload-${status}`}>
      <span className="grid size-6 shrink-0 place-items-center">
        {(status === "waiting" || status === "uploading") && <Spinner label={i18n._("Uploading {name}", { name })} className="size-5" />}
        {status === "done" && (
          <span
            role="img"
            aria-label={i18n._("{name} uploaded", { name })}
            className="grid size-6 place-items-center rounded-full bg-emerald-500 text-sm text-white"
          >
            ✓
          </span>
        )}
        {status === "error" && (
          <span aria-hidden className="grid size-6 place-items-center rounded-full bg-rose-500 text-sm font-bold text-white">
            !
          </span>
        )}
      </span>
      <span className="min-w-0 flex-1">
        <UserText className="block truncate text-sm text-slate-800" title={name}>
          {name}
        </UserText>
        {status === "error" ? (
          <span role="alert" className="block truncate text-xs text-rose-600">
            <span className="sr-only">{i18n._("{name} could not be uploaded.", { name })} </span>
            {error}
          </span>
        ) : (
          <span
            role="progressbar"
            aria-label={i18n._("{name} upload progress", { name })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="mt-1 block h-1.5 overflow-hidden rounded-full bg-slate-100"
          >
            <span className="block h-full rounded-full bg-brand-500 transition-[width]" style={{ width: `${percent}%` }} />
          </span>
        )}
      </span>
      <span className="w-10 shrink-0 text-end text-xs text-slate-500 tabular-nums">
        {status === "error" ? "" : new Intl.NumberFormat(intlLocale(i18n.locale), { style: "percent" }).format(percent / 100)}
      </span>
    </li>
  );
}
