import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { UserText } from "@web/components/ui/user-text";
import { isolate } from "@web/lib/bidi";
import { useI18n } from "@web/lib/i18n";
import { DOCUMENT_MESSAGES } from "@worker/features/documents/documents.schema";
import { attendingGuestsQueryOptions } from "../api/get-attending-guests";
import { COMMON } from "../api/get-documents";
import { useUploadDocument } from "../api/upload-document";
import { useFileUploads } from "../hooks/use-file-uploads";
import { DocumentGrid } from "./document-grid";
import { OwnerList } from "./owner-list";
import { UploadPanel } from "./upload-panel";

type Pane = "list" | "documents";

/**
 * Owner and hosts: the list of whose documents ('Common Documents' and the attending guests) beside the
 * selected one's grid, with the drop zone. On a phone (under 640 px) one pane at a time, with a back button.
 */
export function HostDocuments({ eventId }: { eventId: string }) {
  const i18n = useI18n();
  const guests = useQuery(attendingGuestsQueryOptions(eventId));
  const [chosen, setChosen] = useState(COMMON);
  const [pane, setPane] = useState<Pane>("list");
  // A guest who stops attending leaves the list; their grid gives way to the common one.
  const guest = guests.data?.find((g) => g.guid === chosen);
  const owner = chosen !== COMMON && guests.data && !guest ? COMMON : chosen;
  const ownerName = owner === COMMON ? i18n._(DOCUMENT_MESSAGES.commonDocuments) : (guest?.name ?? "");

  const upload = useUploadDocument(eventId);
  const { uploads, start } = useFileUploads((job, onProgress) => upload.mutateAsync({ ...job, onProgress }));

  const headingId = useId();
  const list = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const selectedButton = () => list.current?.querySelector<HTMLButtonElement>('button[aria-current="true"]');
  const switched = useRef(false);
  useEffect(() => {
    if (!switched.current) return;
    switched.current = false;
    if (pane === "documents") heading.current?.focus();
    else selectedButton()?.focus();
  }, [pane]);

  const showPane = (next: Pane) => {
    switched.current = true;
    setPane(next);
  };

  return (
    <div className="grid gap-4 sm:grid-cols-[200px_minmax(0,1fr)] lg:grid-cols-[260px_minmax(0,1fr)]">
      <nav ref={list} aria-label={i18n._("Whose documents")} className={`${pane === "list" ? "block" : "hidden"} sm:block`}>
        <OwnerList
          guests={guests}
          selected={owner}
          onSelect={(next) => {
            setChosen(next);
            showPane("documents");
          }}
        />
      </nav>
      <section aria-labelledby={headingId} className={`${pane === "documents" ? "block" : "hidden"} min-w-0 space-y-4 sm:block`}>
        <button
          type="button"
          onClick={() => showPane("list")}
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 sm:hidden"
        >
          <span aria-hidden className="inline-block rtl:-scale-x-100">
            ←
          </span>{" "}
          {i18n._("Back")}
        </button>
        <h2 id={headingId} ref={heading} tabIndex={-1} className="truncate text-lg font-semibold text-slate-900 outline-none">
          <UserText>{ownerName}</UserText>
        </h2>
        <UploadPanel
          key={`upload-${owner}`}
          uploads={uploads.filter((u) => u.owner === owner)}
          onUpload={(files, kind) => start(owner, files, kind)}
        />
        <DocumentGrid
          key={`grid-${owner}`}
          eventId={eventId}
          owner={owner}
          label={i18n._("{name}: documents", { name: ownerName })}
          emptyText={
            owner === COMMON
              ? i18n._("No common documents yet. What you add here, every guest can see.")
              : i18n._("No documents for {name} yet. Only {name} and the hosts can see what you add here.", { name: isolate(ownerName) })
          }
          canDelete
        />
      </section>
    </div>
  );
}
