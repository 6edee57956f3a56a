import { ChevronDownIcon } from "@web/components/ui/icons";
import { Menu } from "@web/components/ui/menu";
import { useI18n } from "@web/lib/i18n";
import type { ExportFormat } from "@worker/shared/export-format";

interface ExportMenuProps {
  onExport: (format: ExportFormat) => void;
  /** A file is being made: the button says so and the items wait. */
  pending: boolean;
  /** The button's accessible name, worded by the caller as a whole message: 'Export attendees'. */
  label: string;
  /** Its name while a file is made: 'Exporting attendees…'. */
  pendingLabel: string;
}

/** 'Export' → CSV or Excel, for a list an organiser hands on (attendees, feedback answers). */
export function ExportMenu({ onExport, pending, label, pendingLabel }: ExportMenuProps) {
  const i18n = useI18n();
  return (
    <Menu
      items={[
        { label: "CSV", onSelect: () => onExport("csv"), disabled: pending },
        { label: "Excel (.xlsx)", onSelect: () => onExport("xlsx"), disabled: pending },
      ]}
      buttonLabel={pending ? pendingLabel : label}
      // On a phone the button wraps to the row's start: the menu opens from it towards the row's end, never off the screen.
      menuClassName="mt-1 w-44 max-sm:start-0 max-sm:end-auto"
      buttonClassName="inline-flex h-10 items-center gap-1.5 rounded-lg bg-white px-3 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 aria-busy:cursor-progress"
    >
      <span className="inline-grid">
        {/* Both words take the same place, so the button does not change width while a file is made. */}
        <span className={`col-start-1 row-start-1 ${pending ? "invisible" : ""}`}>{i18n._("Export")}</span>
        <span className={`col-start-1 row-start-1 inline-flex items-center gap-1.5 ${pending ? "" : "invisible"}`} aria-hidden>
          <span className="size-3.5 animate-spin rounded-full border-2 border-brand-600 border-t-transparent" />
          <span className="sr-only">{i18n._("Exporting")}</span>
        </span>
      </span>
      <ChevronDownIcon />
    </Menu>
  );
}
