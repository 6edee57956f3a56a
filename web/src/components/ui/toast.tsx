import { useLayoutEffect, useRef, useSyncExternalStore, type RefObject } from "react";
import { useI18n } from "@web/lib/i18n";

type ToastKind = "success" | "error" | "info";

/** A button on the toast beside its message ('Reload' on 'Update available'); choosing it also dismisses the toast. */
interface ToastAction {
  label: string;
  onClick: () => void;
}

interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  action?: ToastAction;
}

const DEFAULT_TOAST_MS = 2600;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function set(next: Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function show(kind: ToastKind, message: string, durationMs = DEFAULT_TOAST_MS, action?: ToastAction): number {
  const id = nextId++;
  set([...toasts.filter((t) => t.message !== message), { id, kind, message, action }]);
  // A duration of 0 keeps the toast until it is dismissed.
  if (durationMs > 0)
    timers.set(
      id,
      setTimeout(() => dismiss(id), durationMs),
    );
  return id;
}

function dismiss(id: number) {
  clearTimeout(timers.get(id));
  timers.delete(id);
  set(toasts.filter((t) => t.id !== id));
}

export const toast = {
  success: (message: string, durationMs?: number) => show("success", message, durationMs),
  error: (message: string, durationMs?: number) => show("error", message, durationMs),
  info: (message: string, durationMs?: number) => show("info", message, durationMs),
  /** A toast with a button, kept until it is chosen or dismissed. */
  action: (message: string, action: ToastAction) => show("info", message, 0, action),
  dismiss,
};

const STYLE: Record<ToastKind, string> = {
  success: "border-emerald-200 bg-emerald-50 text-emerald-900",
  error: "border-rose-200 bg-rose-50 text-rose-900",
  info: "border-slate-200 bg-white text-slate-900",
};

const ICON: Record<ToastKind, string> = { success: "✓", error: "!", info: "i" };

/**
 * The room the toasts take at the bottom of the viewport, in px, on <html> while any shows (above the home-screen
 * banner's own room, which comes and goes without moving anything else): the layouts keep it free at the page's foot.
 */
export const TOAST_SPACE_VAR = "--toast-space";

function usePublishedSpace(area: RefObject<HTMLElement | null>, count: number) {
  useLayoutEffect(() => {
    const node = area.current;
    if (!node || count === 0) return;
    const root = document.documentElement;
    const publish = () => {
      const banner = parseFloat(getComputedStyle(root).getPropertyValue("--home-screen-banner-space")) || 0;
      const space = `${Math.max(0, Math.ceil(window.innerHeight - node.getBoundingClientRect().top - banner))}px`;
      // Unchanged, it is not set again: setting it is itself a change the observer below would answer.
      if (root.style.getPropertyValue(TOAST_SPACE_VAR) !== space) root.style.setProperty(TOAST_SPACE_VAR, space);
    };
    publish();
    const resized = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(publish);
    resized?.observe(node);
    // The toasts also move without changing size: lifted above a floating button that appears (a CSS :has() rule)
    // or above the home-screen banner. Any change to the page may do it, so the room is measured again, once a frame.
    let frame = 0;
    const changed = new MutationObserver(() => {
      if (!frame) frame = requestAnimationFrame(() => ((frame = 0), publish()));
    });
    changed.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ["style", "class", "data-fab"] });
    window.addEventListener("resize", publish);
    return () => {
      resized?.disconnect();
      changed.disconnect();
      cancelAnimationFrame(frame);
      window.removeEventListener("resize", publish);
      root.style.removeProperty(TOAST_SPACE_VAR);
    };
  }, [area, count]);
}

export function Toaster() {
  const i18n = useI18n();
  const area = useRef<HTMLDivElement>(null);
  const items = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => toasts,
    () => toasts,
  );
  usePublishedSpace(area, items.length);
  // Toasts sit at the bottom, clear of the sticky top bar, and stand above what is anchored there: the home-screen
  // banner (it publishes the room it takes as --home-screen-banner-space) and, on a phone, a page's floating button.
  // The page keeps the room they take free at its foot (TOAST_SPACE_VAR), so at rest they cover no control.
  return (
    <div
      ref={area}
      aria-live="polite"
      data-toaster=""
      className="pointer-events-none fixed inset-x-0 bottom-[calc(var(--home-screen-banner-space,0px)+max(0.75rem,env(safe-area-inset-bottom)))] z-[100] flex flex-col items-center gap-2 px-3 sm:bottom-[calc(var(--home-screen-banner-space,0px)+1.5rem)] max-sm:[body:has([data-fab])_&]:bottom-[calc(var(--home-screen-banner-space,0px)+6rem)]"
    >
      {items.map((t) => (
        <div
          key={t.id}
          role={t.kind === "error" ? "alert" : "status"}
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border px-4 py-3 text-sm shadow-lg ${STYLE[t.kind]}`}
        >
          <span aria-hidden className="mt-0.5 grid size-5 shrink-0 place-items-center rounded-full bg-current/10 text-xs font-bold">
            {ICON[t.kind]}
          </span>
          {/* Worded by its caller; a catalog message handed over as its English source (a shared constant) is worded here. */}
          <p className="flex-1">{i18n._(t.message)}</p>
          {t.action && (
            <button
              type="button"
              onClick={() => {
                dismiss(t.id);
                t.action!.onClick();
              }}
              className="-my-3 min-h-11 shrink-0 rounded-lg px-3 font-semibold text-brand-700 hover:bg-slate-100"
            >
              {i18n._(t.action.label)}
            </button>
          )}
          {/* 44 px to touch, reaching into the toast's padding, so the toast is no taller than its message. */}
          <button
            type="button"
            onClick={() => dismiss(t.id)}
            className="-my-3 -me-3 grid size-11 shrink-0 place-items-center rounded-lg opacity-60 hover:opacity-100"
            aria-label={i18n._("Dismiss")}
          >
            ✕
          </button>
        </div>
      ))}
    </div>
  );
}
