import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { useDismiss } from "./use-dismiss";

export interface MenuItem {
  label: string;
  /** Runs after the menu has closed and focus is back on its button (so a dialog it opens returns focus there). */
  onSelect?: () => void;
  /** A page to open instead: the item is a link, so it can also open in a new tab. */
  to?: string;
  /** Shown and focusable but not actionable, e.g. nothing is selected. */
  disabled?: boolean;
  tone?: "default" | "danger";
}

interface MenuProps {
  items: MenuItem[];
  /** The button's face. */
  children: ReactNode;
  /** The button's accessible name when its face has no text of its own. */
  buttonLabel?: string;
  buttonClassName: string;
  /** The popup's width and offset. */
  menuClassName?: string;
}

const ITEM = {
  default: "text-slate-700 hover:bg-slate-100 focus:bg-slate-100",
  danger: "text-rose-700 hover:bg-rose-50 focus:bg-rose-50",
};

/**
 * A menu button (WAI-ARIA APG): Enter, Space or ArrowDown opens it on the first item, ArrowUp on the last;
 * ArrowDown and ArrowUp wrap; Home and End go to the ends; a letter goes to the next item starting with it;
 * Escape closes it and gives focus back to the button; Tab or a press elsewhere closes it.
 */
export function Menu({ items, children, buttonLabel, buttonClassName, menuClassName = "mt-1 w-52" }: MenuProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const nodes = useRef<(HTMLElement | null)[]>([]);
  const focusOnOpen = useRef(0);
  const buttonId = useId();
  const menuId = useId();

  useEffect(() => {
    if (open) nodes.current[focusOnOpen.current]?.focus();
  }, [open]);

  const openAt = (index: number) => {
    focusOnOpen.current = index;
    setOpen(true);
  };
  const closeToButton = () => {
    setOpen(false);
    button.current?.focus();
  };
  useDismiss(root, (reason) => (reason === "escape" ? closeToButton() : setOpen(false)), open);

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    openAt(event.key === "ArrowDown" ? 0 : items.length - 1);
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const current = nodes.current.indexOf(document.activeElement as HTMLElement);
    const last = items.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: current >= last ? 0 : current + 1,
      ArrowUp: current <= 0 ? last : current - 1,
      Home: 0,
      End: last,
    };
    const move = moves[event.key] ?? typeahead(event, current);
    if (move !== undefined) {
      event.preventDefault();
      nodes.current[move]?.focus();
    } else if (event.key === "Tab") {
      setOpen(false);
    } else if (event.key === " " && event.target instanceof HTMLAnchorElement) {
      // Space presses a button natively, not a link; a menu item answers both.
      event.preventDefault();
      event.target.click();
    }
  };

  /** The next item after `current` (wrapping) whose label starts with the typed character. */
  const typeahead = (event: KeyboardEvent, current: number) => {
    if (event.key.length !== 1 || event.key === " " || event.ctrlKey || event.metaKey || event.altKey) return undefined;
    const letter = event.key.toLocaleLowerCase();
    for (let step = 1; step <= items.length; step++) {
      const index = (current + step) % items.length;
      if (items[index]!.label.toLocaleLowerCase().startsWith(letter)) return index;
    }
    return undefined;
  };

  const choose = (item: MenuItem) => {
    closeToButton();
    item.onSelect?.();
  };

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        id={buttonId}
        type="button"
        aria-label={buttonLabel}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? setOpen(false) : openAt(0))}
        onKeyDown={onButtonKey}
        className={buttonClassName}
      >
        {children}
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          onKeyDown={onMenuKey}
          className={`absolute end-0 z-20 rounded-xl border border-slate-200 bg-white p-1 shadow-lg ${menuClassName}`}
        >
          {items.map((item, index) => {
            const shared = {
              ref: (node: HTMLElement | null) => {
                nodes.current[index] = node;
              },
              role: "menuitem",
              tabIndex: -1,
              className: `block w-full rounded-lg px-3 py-3 text-start sm:py-2 text-sm focus:outline-none aria-disabled:cursor-not-allowed aria-disabled:text-slate-400 aria-disabled:hover:bg-transparent ${ITEM[item.tone ?? "default"]}`,
            };
            return item.to && !item.disabled ? (
              <Link key={item.label} {...shared} to={item.to} onClick={() => setOpen(false)}>
                {item.label}
              </Link>
            ) : (
              <button
                key={item.label}
                {...shared}
                type="button"
                aria-disabled={item.disabled || undefined}
                onClick={() => !item.disabled && choose(item)}
              >
                {item.label}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
