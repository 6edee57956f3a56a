import { useState } from "react";
import { RefreshIcon } from "@web/components/ui/icons";
import { useI18n } from "@web/lib/i18n";
import { SubscribeDialog } from "./subscribe-dialog";

/** 'Subscribe to calendar', opening the dialog with the person's feed; styled as its neighbours (the calendar link, a profile action). */
export function SubscribeButton({ className }: { className: string }) {
  const i18n = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={`${className} max-sm:min-w-11`}
        title={i18n._("Subscribe to calendar")}
        aria-label={i18n._("Subscribe to calendar")}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
      >
        <RefreshIcon className="size-4 shrink-0 text-slate-500" />
        {/* 'Subscribe' beside 'Add to calendar', the icon alone on a phone: the header's actions stay on one row, so the
            guest's first screen keeps 'Next up' and the tabs. */}
        <span className="max-sm:sr-only">{i18n._("Subscribe")}</span>
      </button>
      {open && <SubscribeDialog onClose={() => setOpen(false)} />}
    </>
  );
}
