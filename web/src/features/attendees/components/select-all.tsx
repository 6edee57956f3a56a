import { useEffect, useRef } from "react";
import { useI18n } from "@web/lib/i18n";

/** Ticks or clears every row that may be ticked in the current view; shows a dash when only some are. */
export function SelectAll({ total, chosen, onChange }: { total: number; chosen: number; onChange: (all: boolean) => void }) {
  const i18n = useI18n();
  const box = useRef<HTMLInputElement>(null);
  const all = total > 0 && chosen === total;
  useEffect(() => {
    if (box.current) box.current.indeterminate = chosen > 0 && !all;
  }, [chosen, all]);
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      <input
        ref={box}
        type="checkbox"
        aria-label={i18n._("Select all")}
        checked={all}
        disabled={total === 0}
        onChange={() => onChange(!all)}
        className="size-4 accent-brand-600"
      />
      <span>{chosen > 0 ? i18n._("{count} selected", { count: chosen }) : i18n._("Select all")}</span>
    </label>
  );
}
