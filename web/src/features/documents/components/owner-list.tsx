import type { UseQueryResult } from "@tanstack/react-query";
import { useRef, type KeyboardEvent, type ReactNode } from "react";
import { Avatar } from "@web/components/ui/avatar";
import { Button } from "@web/components/ui/button";
import { UserText } from "@web/components/ui/user-text";
import { errorMessage } from "@web/lib/api-client";
import { useI18n } from "@web/lib/i18n";
import { Trans } from "@web/lib/trans";
import { DOCUMENT_MESSAGES } from "@worker/features/documents/documents.schema";
import type { DocumentOwner } from "../api/get-attending-guests";
import { COMMON } from "../api/get-documents";

interface OwnerListProps {
  guests: UseQueryResult<DocumentOwner[]>;
  selected: string;
  onSelect: (owner: string) => void;
}

/** 'Common Documents' and the attending guests (spec 2 §2); arrows, Home and End move between them. */
export function OwnerList({ guests, selected, onSelect }: OwnerListProps) {
  const i18n = useI18n();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const owners = [COMMON, ...(guests.data ?? []).map((g) => g.guid)];

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const target = { ArrowUp: index - 1, ArrowDown: index + 1, Home: 0, End: owners.length - 1 }[event.key];
    const owner = target === undefined ? undefined : owners[target];
    if (!owner) return;
    event.preventDefault();
    buttons.current.get(owner)?.focus();
  };

  const entry = (owner: string, index: number, name: ReactNode, detail: ReactNode) => (
    <li key={owner}>
      <button
        type="button"
        ref={(button) => {
          if (button) buttons.current.set(owner, button);
          else buttons.current.delete(owner);
        }}
        aria-current={owner === selected ? "true" : undefined}
        aria-keyshortcuts="ArrowUp ArrowDown Home End"
        onKeyDown={(event) => onKeyDown(event, index)}
        onClick={() => onSelect(owner)}
        className={`flex w-full items-center gap-3 rounded-xl border bg-white p-2.5 text-start transition ${owner === selected ? "border-brand-500 ring-2 ring-brand-500/20" : "border-slate-200 hover:border-slate-300"}`}
      >
        {detail}
        <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900">{name}</span>
      </button>
    </li>
  );

  return (
    <div className="space-y-3">
      <ul className="space-y-2">
        {entry(
          COMMON,
          0,
          i18n._(DOCUMENT_MESSAGES.commonDocuments),
          <span aria-hidden className="grid size-9 shrink-0 place-items-center rounded-full bg-slate-100 text-slate-600">
            <svg viewBox="0 0 20 20" className="size-5" fill="currentColor">
              <path d="M3.75 3A1.75 1.75 0 0 0 2 4.75v3.26a3.235 3.235 0 0 1 1.75-.51h12.5c.644 0 1.245.188 1.75.51V6.75A1.75 1.75 0 0 0 16.25 5h-4.836a.25.25 0 0 1-.177-.073L9.823 3.513A1.75 1.75 0 0 0 8.586 3H3.75ZM3.75 9A1.75 1.75 0 0 0 2 10.75v4.5c0 .966.784 1.75 1.75 1.75h12.5A1.75 1.75 0 0 0 18 15.25v-4.5A1.75 1.75 0 0 0 16.25 9H3.75Z" />
            </svg>
          </span>,
        )}
      </ul>
      <h2 className="px-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">{i18n._("Attending guests")}</h2>
      {guests.isPending ? (
        <div role="status" aria-label={i18n._("Loading guests")} className="space-y-2">
          {[0, 1, 2].map((i) => (
            <div key={i} className="flex h-[58px] animate-pulse items-center gap-3 rounded-xl border border-slate-200 bg-white p-2.5">
              <span className="size-9 rounded-full bg-slate-100" />
              <span className="h-4 flex-1 rounded bg-slate-100" />
            </div>
          ))}
        </div>
      ) : guests.isError ? (
        <div className="space-y-2 px-1">
          <p role="alert" className="text-sm text-rose-600">
            {errorMessage(guests.error, i18n._("Failed to load guests"))}
          </p>
          <Button variant="secondary" onClick={() => void guests.refetch()}>
            {i18n._("Try again")}
          </Button>
        </div>
      ) : guests.data.length === 0 ? (
        <p className="px-1 text-sm text-slate-600">{i18n._("No attending guests yet. Guests appear here once they accept.")}</p>
      ) : (
        <ul aria-label={i18n._("Attending guests")} className="space-y-2">
          {guests.data.map((guest, i) =>
            entry(
              guest.guid,
              i + 1,
              <>
                {guest.isHost ? (
                  <Trans id="<0>{name}</0> (Host)" values={{ name: guest.name }} components={{ 0: <UserText /> }} />
                ) : (
                  <UserText>{guest.name}</UserText>
                )}
              </>,
              <Avatar src={guest.profilePic} name={guest.name} />,
            ),
          )}
        </ul>
      )}
    </div>
  );
}
