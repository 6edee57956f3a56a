import { useState } from "react";
import { SubscribeDialog } from "./subscribe-dialog";

/** 'Subscribe to calendar', opening the dialog with the person's feed; styled as its neighbours (the calendar link, a profile action). */
export function SubscribeButton({ className }: { className: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={`${className} max-sm:min-w-11`}
        title="Subscribe to calendar"
        aria-label="Subscribe to calendar"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
      >
        <svg viewBox="0 0 20 20" className="size-4 shrink-0 text-slate-500" fill="currentColor" aria-hidden>
          <path d="M15.312 11.424a5.5 5.5 0 0 1-9.201 2.466l-.312-.311h2.433a.75.75 0 0 0 0-1.5H3.989a.75.75 0 0 0-.75.75v4.242a.75.75 0 0 0 1.5 0v-2.43l.31.31a7 7 0 0 0 11.712-3.138.75.75 0 0 0-1.449-.39Zm1.23-3.723a.75.75 0 0 0 .219-.53V2.929a.75.75 0 0 0-1.5 0V5.36l-.31-.31A7 7 0 0 0 3.239 8.188a.75.75 0 1 0 1.448.389A5.5 5.5 0 0 1 13.89 6.11l.311.31h-2.432a.75.75 0 0 0 0 1.5h4.243a.75.75 0 0 0 .53-.219Z" />
        </svg>
        {/* 'Subscribe' beside 'Add to calendar', the icon alone on a phone: the header's actions stay on one row, so the
            guest's first screen keeps 'Next up' and the tabs. */}
        <span className="max-sm:sr-only">Subscribe</span>
      </button>
      {open && <SubscribeDialog onClose={() => setOpen(false)} />}
    </>
  );
}
