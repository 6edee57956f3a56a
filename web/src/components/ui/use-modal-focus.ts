import { useEffect, useRef, useState, type RefObject } from "react";

// Open modals, innermost last: only the innermost one answers Escape and keeps Tab.
const openModals: object[] = [];

const FOCUSABLE = [
  "a[href]",
  "button:not([disabled])",
  'input:not([disabled]):not([type="hidden"])',
  "select:not([disabled])",
  "textarea:not([disabled])",
  "summary",
  '[contenteditable="true"]',
  "[tabindex]",
].join(", ");

// checkVisibility is the browser's own answer (display:none, visibility, content-visibility); jsdom has no layout and says nothing.
const visible = (node: HTMLElement) => node.checkVisibility?.({ visibilityProperty: true }) ?? true;

/** The controls Tab reaches inside `root`, in order; of a radio group only its checked radio, as the browser does. */
function tabbables(root: HTMLElement): HTMLElement[] {
  const candidates = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (node) => node.tabIndex >= 0 && !node.closest("[inert]") && visible(node),
  );
  return candidates.filter((node) => {
    if (!(node instanceof HTMLInputElement) || node.type !== "radio" || !node.name) return true;
    const group = candidates.filter(
      (other): other is HTMLInputElement => other instanceof HTMLInputElement && other.type === "radio" && other.name === node.name,
    );
    const checked = group.find((radio) => radio.checked);
    return checked ? node === checked : node === group[0];
  });
}

interface ModalFocusOptions {
  /** Where focus starts when no field took it with autoFocus: the first control Tab reaches here (not the × in the header). */
  start: RefObject<HTMLElement | null>;
  onClose: () => void;
}

/**
 * A modal's keyboard contract (WAI-ARIA APG dialog): focus moves in on open, Tab and Shift+Tab wrap inside,
 * Escape closes, and focus goes back to the control that opened it. The page behind does not scroll meanwhile.
 */
export function useModalFocus(panel: RefObject<HTMLElement | null>, { start, onClose }: ModalFocusOptions) {
  // Read while rendering, before React commits: a field with autoFocus takes focus during the commit, so an
  // effect would find that field here and give focus back to it after it is gone.
  const [opener] = useState(() => document.activeElement as HTMLElement | null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  const initial = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const node = panel.current!;
    const self = {};
    openModals.push(self);
    const active = document.activeElement as HTMLElement | null;
    initial.current ??= active && node.contains(active) ? active : (tabbables(start.current ?? node)[0] ?? node);
    if (initial.current.isConnected && document.activeElement !== initial.current) initial.current.focus();

    const onKey = (event: KeyboardEvent) => {
      if (openModals[openModals.length - 1] !== self) return;
      if (event.key === "Escape") {
        event.stopPropagation();
        close.current();
      } else if (event.key === "Tab") {
        const items = tabbables(node);
        if (items.length === 0) {
          event.preventDefault();
          return;
        }
        const at = items.indexOf(document.activeElement as HTMLElement);
        const first = items[0]!;
        const last = items[items.length - 1]!;
        if (event.shiftKey && at <= 0) {
          event.preventDefault();
          last.focus();
        } else if (
          !event.shiftKey &&
          (at === -1 ? !node.contains(document.activeElement) || document.activeElement === node : at === items.length - 1)
        ) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener("keydown", onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      openModals.splice(openModals.indexOf(self), 1);
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = overflow;
      // An opener that left the page with the modal (a deleted post's menu) is the caller's to replace.
      if (opener?.isConnected && opener !== document.body) opener.focus();
    };
  }, [panel, start, opener]);
}

/** The attributes of the panel {@link useModalFocus} keeps focus in: a modal dialog named by its title, itself focusable. */
export const modalDialog = (titleId: string) =>
  ({ role: "dialog", "aria-modal": "true", "aria-labelledby": titleId, tabIndex: -1 }) as const;
