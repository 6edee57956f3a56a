import { useId, useRef, useState } from "react";
import { useDismiss } from "../../../components/ui/use-dismiss";

/**
 * 'Filter by Tags': a multi-select of the tags on the list; Escape or a click elsewhere closes it. It stays
 * usable while anything is chosen, so a filter can always be cleared.
 */
export function TagFilter({ tags, chosen, onChange }: { tags: string[]; chosen: ReadonlySet<string>; onChange: (next: Set<string>) => void }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const usable = tags.length > 0 || chosen.size > 0;
  const shown = open && usable;

  useDismiss(
    root,
    (reason) => {
      setOpen(false);
      if (reason === "escape") button.current?.focus();
    },
    shown,
  );

  const toggle = (tag: string) => {
    const next = new Set(chosen);
    if (next.has(tag)) next.delete(tag);
    else next.add(tag);
    onChange(next);
  };

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={shown}
        aria-controls={shown ? panelId : undefined}
        disabled={!usable}
        onClick={() => setOpen(!shown)}
        className="inline-flex h-10 items-center gap-1.5 rounded-lg bg-white px-3 text-sm font-medium whitespace-nowrap text-slate-800 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50"
      >
        Filter by Tags
        {chosen.size > 0 && <span className="rounded-full bg-brand-100 px-1.5 text-xs font-semibold text-brand-700">{chosen.size}</span>}
      </button>
      {shown && (
        <div id={panelId} role="group" aria-label="Filter by Tags" className="absolute right-0 z-20 mt-1 max-h-72 w-60 overflow-y-auto rounded-xl border border-slate-200 bg-white p-2 shadow-lg">
          {tags.map((tag) => (
            <label key={tag} className="flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-50">
              <input type="checkbox" checked={chosen.has(tag)} onChange={() => toggle(tag)} className="size-4 accent-brand-600" />
              <span className="truncate">{tag}</span>
            </label>
          ))}
          {chosen.size > 0 && (
            <button type="button" onClick={() => onChange(new Set())} className="mt-1 w-full rounded-lg px-2 py-1.5 text-left text-sm font-medium text-brand-700 hover:bg-brand-50">
              Clear tags
            </button>
          )}
        </div>
      )}
    </div>
  );
}
