import { useId, useMemo, useRef, type KeyboardEvent, type ReactNode } from "react";

export interface TabItem<T extends string> {
  id: T;
  label: string;
  /** Shown after the label and read as part of the tab's name, e.g. a count ('Pending 5'). */
  badge?: ReactNode;
}

/** The ids that tie each tab to the panel it shows. */
export interface TabIds<T extends string> {
  tab: (id: T) => string;
  panel: (id: T) => string;
  /** Spread on the element showing the selected tab's content. */
  panelProps: (selected: T) => { role: "tabpanel"; id: string; "aria-labelledby": string };
}

export function useTabIds<T extends string>(): TabIds<T> {
  const base = useId();
  return useMemo(() => {
    const tab = (id: T) => `${base}-tab-${id}`;
    const panel = (id: T) => `${base}-panel-${id}`;
    return { tab, panel, panelProps: (selected: T) => ({ role: "tabpanel", id: panel(selected), "aria-labelledby": tab(selected) }) };
  }, [base]);
}

const STEP: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i + n - 1) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

const FLIPPED: Record<string, string> = { ArrowRight: "ArrowLeft", ArrowLeft: "ArrowRight" };

const LOOK = {
  /** Equal segments filling the row, as in a dialog. */
  segmented: {
    list: "flex gap-1 rounded-xl bg-slate-100 p-1",
    tab: "flex-1 rounded-lg px-2 py-1.5 text-sm font-medium whitespace-nowrap transition max-sm:min-h-11 sm:px-3",
    on: "bg-white text-brand-700 shadow-sm",
    off: "text-slate-600 hover:text-slate-900",
    badgeOn: "bg-brand-50 text-brand-700",
    badgeOff: "bg-slate-200 text-slate-700",
  },
  /** Rounded chips in a row that scrolls sideways when it is wider than the screen. */
  pills: {
    // The padding keeps a focused chip's ring inside the scroller, which clips it.
    list: "-mx-1 flex gap-2 overflow-x-auto p-1",
    tab: "inline-flex shrink-0 items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-medium whitespace-nowrap ring-1 ring-inset max-sm:min-h-11",
    on: "bg-brand-600 text-white ring-brand-600",
    off: "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50",
    badgeOn: "bg-white/20",
    badgeOff: "bg-slate-100 text-slate-600",
  },
} as const;

interface TabsProps<T extends string> {
  /** The tab list's accessible name. */
  label: string;
  tabs: readonly TabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
  ids: TabIds<T>;
  variant?: keyof typeof LOOK;
  className?: string;
}

/**
 * A tab list (WAI-ARIA APG, selection follows focus): one tab stop; ArrowLeft and ArrowRight move to the
 * previous and next tab (wrapping; the other way round in a right-to-left language), Home and End to the first and last, selecting the tab they focus.
 */
export function Tabs<T extends string>({ label, tabs, selected, onSelect, ids, variant = "segmented", className = "" }: TabsProps<T>) {
  const buttons = useRef(new Map<T, HTMLButtonElement>());
  const look = LOOK[variant];

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    // Right-to-left (Arabic, Hebrew), the tabs run from the right: ArrowLeft goes on to the next one.
    const rtl = getComputedStyle(event.currentTarget).direction === "rtl";
    const key = rtl && event.key.startsWith("Arrow") ? FLIPPED[event.key] : event.key;
    const step = key === undefined ? undefined : STEP[key];
    if (!step) return;
    event.preventDefault();
    const next =
      tabs[
        step(
          tabs.findIndex((t) => t.id === selected),
          tabs.length,
        )
      ]!.id;
    onSelect(next);
    buttons.current.get(next)?.focus();
  };

  return (
    <div role="tablist" aria-label={label} className={`${look.list} ${className}`}>
      {tabs.map(({ id, label: text, badge }) => {
        const on = id === selected;
        return (
          <button
            key={id}
            ref={(node) => {
              if (node) buttons.current.set(id, node);
              else buttons.current.delete(id);
            }}
            type="button"
            role="tab"
            id={ids.tab(id)}
            aria-selected={on}
            // Only the selected tab's panel is rendered; the others would point at nothing.
            aria-controls={on ? ids.panel(id) : undefined}
            tabIndex={on ? 0 : -1}
            onClick={() => onSelect(id)}
            onKeyDown={onKeyDown}
            className={`${look.tab} ${on ? look.on : look.off}`}
          >
            {text}
            {badge !== undefined && (
              <>
                {" "}
                <span className={`rounded-full px-1.5 text-xs font-semibold ${on ? look.badgeOn : look.badgeOff}`}>{badge}</span>
              </>
            )}
          </button>
        );
      })}
    </div>
  );
}
