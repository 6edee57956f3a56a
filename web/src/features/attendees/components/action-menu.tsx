import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useDismiss } from "../../../components/ui/use-dismiss";

export interface MenuAction {
  label: string;
  onSelect: () => void;
  /** Shown but not actionable, e.g. nothing is selected. */
  disabled?: boolean;
}

/**
 * A menu button (WAI-ARIA APG): Enter, Space or ArrowDown opens it on the first item, ArrowUp on the last;
 * arrows, Home and End move between items; Escape closes it and gives focus back to the button; Tab or a
 * click elsewhere closes it.
 */
export function ActionMenu({ label = "Actions", actions }: { label?: string; actions: MenuAction[] }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const root = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef(0);
  const menuId = useId();

  useEffect(() => {
    if (open) items.current[focusOnOpen.current]?.focus();
  }, [open]);

  const openAt = (index: number) => {
    focusOnOpen.current = index;
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  useDismiss(root, (reason) => (reason === "escape" ? close() : setOpen(false)), open);

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      openAt(event.key === "ArrowDown" ? 0 : actions.length - 1);
    }
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const current = items.current.indexOf(document.activeElement as HTMLButtonElement);
    const last = actions.length - 1;
    const move: Record<string, number> = { ArrowDown: current >= last ? 0 : current + 1, ArrowUp: current <= 0 ? last : current - 1, Home: 0, End: last };
    if (event.key in move) {
      event.preventDefault();
      items.current[move[event.key]!]?.focus();
    } else if (event.key === "Tab") {
      setOpen(false);
    }
  };

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? setOpen(false) : openAt(0))}
        onKeyDown={onButtonKey}
        className="inline-flex items-center gap-1.5 rounded-lg bg-white px-3 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
      >
        {label}
        <svg viewBox="0 0 20 20" className="size-4" fill="currentColor" aria-hidden>
          <path fillRule="evenodd" d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z" clipRule="evenodd" />
        </svg>
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKey}
          className="absolute right-0 z-20 mt-1 w-52 rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
        >
          {actions.map((action, index) => (
            <button
              key={action.label}
              ref={(node) => {
                items.current[index] = node;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              aria-disabled={action.disabled || undefined}
              onClick={() => {
                if (action.disabled) return;
                close();
                action.onSelect();
              }}
              className="block w-full rounded-lg px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none aria-disabled:cursor-not-allowed aria-disabled:text-slate-400 aria-disabled:hover:bg-transparent"
            >
              {action.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
