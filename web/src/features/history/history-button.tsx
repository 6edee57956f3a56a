import { useState } from "react";
import { useI18n } from "@web/lib/i18n";
import type { ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import { HistoryPanel } from "./components/history-panel";

/** Manage mode's 'History' button on the cover (owner and hosts): opens who changed what and when. */
export function HistoryButton({ event }: { event: ExperienceDetail }) {
  const i18n = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="inline-flex items-center justify-center gap-1.5 rounded-lg bg-white/90 px-3 py-1.5 text-sm font-medium text-slate-800 shadow-sm hover:bg-white max-sm:min-h-11 max-sm:min-w-11"
        onClick={() => setOpen(true)}
      >
        {i18n._("History")}
      </button>
      {open && <HistoryPanel event={event} onClose={() => setOpen(false)} />}
    </>
  );
}
