import type { ComponentType } from "react";
import { DownloadIcon, TrashIcon } from "@web/components/ui/icons";
import { OpenFileLink } from "@web/components/ui/open-file-link";
import { UserText } from "@web/components/ui/user-text";
import { useOpenableUrl } from "@web/hooks/use-saved-files";
import { useI18n } from "@web/lib/i18n";
import type { DocumentView } from "@worker/features/documents/documents.schema";
import { intlLocale } from "@worker/shared/locales";
import { documentTypeLabel, isPdf, uploaderName } from "../document-labels";

/** What a card offers for its file besides opening it: 'Save for offline' (features/offline, composed by the router). */
export type FileActionsSlot = ComponentType<{ url: string; name: string }>;

const ADDED_FORMAT: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", year: "numeric" };

/**
 * One document: an image's thumbnail or a PDF's icon (a first-page render would need pdf.js), its type and who
 * uploaded it. The signed URL opens it in a new tab, where a PDF previews, or downloads it; offline, a copy saved on
 * this device opens instead.
 */
export function DocumentCard({ doc, onDelete, Actions }: { doc: DocumentView; onDelete?: () => void; Actions?: FileActionsSlot }) {
  const i18n = useI18n();
  const url = useOpenableUrl(doc.document.original);
  const uploader = uploaderName(doc);
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white">
      {/* The preview repeats the Open link for the mouse; keyboard and screen readers use the named links below. */}
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        tabIndex={-1}
        aria-hidden
        className="relative block aspect-[4/3] bg-slate-100"
      >
        {isPdf(doc) ? (
          <span className="absolute inset-0 grid place-items-center">
            <PdfIcon />
          </span>
        ) : (
          <img src={url} alt="" loading="lazy" decoding="async" className="absolute inset-0 size-full object-cover" />
        )}
      </a>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <UserText as="p" className="truncate text-sm font-medium text-slate-900" title={doc.name}>
          {doc.name}
        </UserText>
        <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
          <span className="max-w-full truncate rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-700">
            {documentTypeLabel(doc)}
          </span>
          <span className="shrink-0">{new Intl.DateTimeFormat(intlLocale(i18n.locale), ADDED_FORMAT).format(new Date(doc.createdAt))}</span>
        </p>
        {uploader && <p className="truncate text-xs text-slate-500">{i18n._("Uploaded by {name}", { name: uploader })}</p>}
        <div className="mt-auto flex items-center gap-1 pt-2 text-sm font-medium">
          <OpenFileLink href={url} name={doc.name} className="rounded-lg px-2 py-1 text-brand-700 hover:bg-brand-50" />
          <a
            href={url}
            download={doc.name}
            aria-label={i18n._("Download {name}", { name: doc.name })}
            title={i18n._("Download")}
            className="rounded-lg p-1.5 text-brand-700 hover:bg-brand-50"
          >
            <DownloadIcon />
          </a>
          {onDelete && (
            <button
              type="button"
              onClick={onDelete}
              aria-label={i18n._("Delete {name}", { name: doc.name })}
              title={i18n._("Delete")}
              className="ms-auto rounded-lg p-1.5 text-slate-500 hover:bg-rose-50 hover:text-rose-600"
            >
              <TrashIcon />
            </button>
          )}
        </div>
        {Actions && <Actions url={doc.document.original} name={doc.name} />}
      </div>
    </li>
  );
}

function PdfIcon() {
  return (
    <svg viewBox="0 0 48 60" className="h-16 w-auto drop-shadow-sm" aria-hidden>
      <path d="M4 0h28l16 16v40a4 4 0 0 1-4 4H4a4 4 0 0 1-4-4V4a4 4 0 0 1 4-4Z" className="fill-white stroke-slate-300" />
      <path d="M32 0v12a4 4 0 0 0 4 4h12" className="fill-slate-100 stroke-slate-300" />
      <rect x="6" y="34" width="30" height="14" rx="3" className="fill-rose-600" />
      <text x="21" y="44.5" textAnchor="middle" className="fill-white text-[9px] font-bold">
        PDF
      </text>
    </svg>
  );
}
