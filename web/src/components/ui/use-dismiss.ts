import { useEffect, useRef, type RefObject } from "react";

/** Why a popup closed: Escape should hand focus back to its button; a press elsewhere leaves focus where it went. */
export type DismissReason = "escape" | "outside";

/**
 * Closes a popup (a menu, a filter panel) while `active`: on a pointer press outside `ref`, or on Escape
 * pressed inside it. The Escape goes no further, so a dialog around the popup stays open.
 */
export function useDismiss(ref: RefObject<HTMLElement | null>, onDismiss: (reason: DismissReason) => void, active = true) {
  const dismiss = useRef(onDismiss);
  useEffect(() => {
    dismiss.current = onDismiss;
  });

  useEffect(() => {
    const node = ref.current;
    if (!active || !node) return;
    const onPointer = (event: PointerEvent) => {
      if (!node.contains(event.target as Node)) dismiss.current("outside");
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      event.stopPropagation();
      dismiss.current("escape");
    };
    document.addEventListener("pointerdown", onPointer);
    node.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      node.removeEventListener("keydown", onKey);
    };
  }, [ref, active]);
}
