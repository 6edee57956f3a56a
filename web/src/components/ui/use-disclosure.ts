import { useId, useRef, useState } from "react";
import { useDismiss } from "./use-dismiss";

/**
 * A button that shows and hides a panel under it (a filter, a settings popover): a press elsewhere or Escape
 * closes it, and Escape hands the focus back to the button. While `usable` is false it stays closed.
 * `root` goes on the element around both, `trigger` on the button and `panel` on the panel (a named group).
 */
export function useDisclosure(usable = true) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const shown = open && usable;
  useDismiss(
    root,
    (reason) => {
      setOpen(false);
      if (reason === "escape") button.current?.focus();
    },
    shown,
  );
  const trigger = { ref: button, type: "button", "aria-expanded": shown, onClick: () => setOpen(!shown) } as const;
  const panel = { id: panelId, role: "group" } as const;
  return { open: shown, root, button, panelId, trigger, panel };
}
