import { useEffect, useId, useRef, useState } from "react";
import { useDismiss } from "../../../components/ui/use-dismiss";

/**
 * The ⋯ menu of one's own post, holding Delete (a menu button, WAI-ARIA APG): Enter, Space or ArrowDown
 * opens it on its item; Escape closes it and gives focus back to the button; Tab or a press elsewhere closes it.
 */
export function PostMenu({ onDelete }: { onDelete: () => void }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const item = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (open) item.current?.focus();
  }, [open]);
  useDismiss(root, (reason) => {
    setOpen(false);
    if (reason === "escape") button.current?.focus();
  }, open);

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-label="Post options"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((now) => !now)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className="grid size-9 place-items-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-900"
      >
        <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden>
          <path d="M4 10a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Zm7.5 0a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0ZM19 10a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Z" />
        </svg>
      </button>
      {open && (
        <div id={menuId} role="menu" aria-label="Post options" className="absolute right-0 z-20 mt-1 w-40 rounded-xl border border-slate-200 bg-white p-1 shadow-lg">
          <button
            ref={item}
            type="button"
            role="menuitem"
            tabIndex={-1}
            onKeyDown={(event) => event.key === "Tab" && setOpen(false)}
            onClick={() => {
              setOpen(false);
              button.current?.focus();
              onDelete();
            }}
            className="block w-full rounded-lg px-3 py-2 text-left text-sm text-rose-700 hover:bg-rose-50 focus:bg-rose-50 focus:outline-none"
          >
            Delete
          </button>
        </div>
      )}
    </div>
  );
}
