import type { KeyboardEvent } from "react";
import { GROUP_LABEL, GROUPS, type Group } from "../attendee-groups";

/** The organisers' groups with their counts; arrow keys move between them (one tab stop, as a tab list). */
export function GroupTabs({ current, counts, onChange, panelId }: { current: Group; counts: Record<Group, number>; onChange: (group: Group) => void; panelId: string }) {
  const onKey = (event: KeyboardEvent) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = GROUPS[(GROUPS.indexOf(current) + step + GROUPS.length) % GROUPS.length]!;
    onChange(next);
    (event.currentTarget.querySelector(`[data-group="${next}"]`) as HTMLElement | null)?.focus();
  };
  return (
    <div role="tablist" aria-label="Attendee groups" onKeyDown={onKey} className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
      {GROUPS.map((group) => {
        const selected = group === current;
        return (
          <button
            key={group}
            type="button"
            role="tab"
            data-group={group}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(group)}
            className={`inline-flex shrink-0 items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-medium whitespace-nowrap ring-1 ring-inset ${selected ? "bg-brand-600 text-white ring-brand-600" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"}`}
          >
            {GROUP_LABEL[group]}{" "}
            <span className={`rounded-full px-1.5 text-xs font-semibold ${selected ? "bg-white/20" : "bg-slate-100 text-slate-600"}`}>{counts[group]}</span>
          </button>
        );
      })}
    </div>
  );
}
