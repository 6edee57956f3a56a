import { useEffect, useRef, useState, type RefObject } from "react";
import { IconButton } from "@web/components/ui/icon-button";
import { DismissIcon } from "@web/components/ui/icons";
import { useI18n } from "@web/lib/i18n";
import { STORAGE_KEYS, storage } from "@web/lib/storage";

/** The banner appears this long after the landing page opens. */
export const BANNER_DELAY_MS = 3000;
/** Once shown (and not dismissed), the banner stays away for this long. */
export const BANNER_REPEAT_MS = 24 * 60 * 60 * 1000;
/**
 * The room the banner takes from the bottom of the viewport, in px, on <html> while it is shown: the footers keep that
 * much free under themselves, and toasts and the landing page's dots stand above it, so at the page's end it covers nothing.
 */
export const BANNER_SPACE_VAR = "--home-screen-banner-space";

const dismissed = () => storage.get<boolean>(STORAGE_KEYS.bannerDismissed) === true;

function isDue(now: number): boolean {
  if (dismissed()) return false;
  const lastShownAt = storage.get<number>(STORAGE_KEYS.bannerShownAt);
  return typeof lastShownAt !== "number" || now - lastShownAt >= BANNER_REPEAT_MS;
}

/**
 * The home-screen tip for a signed-out landing visitor: shown 3 s after the first visit, then again only once 24 h
 * have passed since it was last shown, and never again once dismissed.
 */
export function HomeScreenBanner() {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!isDue(Date.now())) return;
    const timer = setTimeout(() => {
      // Re-check: another tab may have shown or dismissed it while this one waited.
      if (!isDue(Date.now())) return;
      storage.set(STORAGE_KEYS.bannerShownAt, Date.now());
      setOpen(true);
    }, BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  return open ? <HomeScreenBar onClose={() => setOpen(false)} /> : null;
}

/** Keeps BANNER_SPACE_VAR equal to the room the bar takes from the bottom of the viewport while it is mounted. */
function usePublishedSpace(bar: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const node = bar.current;
    if (!node) return;
    const root = document.documentElement;
    const publish = () =>
      root.style.setProperty(BANNER_SPACE_VAR, `${Math.max(0, Math.ceil(window.innerHeight - node.getBoundingClientRect().top))}px`);
    publish();
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(publish);
    observer?.observe(node);
    // Measured again once the entrance slide has ended: a transform moves the box without resizing it.
    node.addEventListener("transitionend", publish);
    window.addEventListener("resize", publish);
    return () => {
      observer?.disconnect();
      node.removeEventListener("transitionend", publish);
      window.removeEventListener("resize", publish);
      root.style.removeProperty(BANNER_SPACE_VAR);
    };
  }, [bar]);
}

/**
 * The tip itself, along the bottom on phones and a small card at the bottom's start on desktop (bottom-left, or bottom-right in Arabic and Hebrew): no native app exists, so it
 * offers what every phone browser does, a home-screen shortcut. Nothing when it was dismissed on this browser.
 */
export function HomeScreenBar({ onClose }: { onClose: () => void }) {
  return dismissed() ? null : <Bar onClose={onClose} />;
}

function Bar({ onClose }: { onClose: () => void }) {
  const i18n = useI18n();
  const bar = useRef<HTMLDivElement>(null);
  usePublishedSpace(bar);
  const dismiss = () => {
    storage.set(STORAGE_KEYS.bannerDismissed, true);
    onClose();
  };
  return (
    <div
      ref={bar}
      role="region"
      aria-label={i18n._("Add to home screen")}
      data-testid="home-screen-banner"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-8px_24px_-12px_rgb(15_23_42/0.25)] backdrop-blur transition duration-300 ease-out starting:translate-y-4 starting:opacity-0 motion-reduce:transition-none md:inset-x-auto md:start-6 md:bottom-6 md:w-[22rem] md:rounded-2xl md:border md:p-4 md:shadow-xl"
    >
      <div className="flex items-start gap-3">
        <svg viewBox="0 0 64 64" className="size-10 shrink-0 rounded-xl shadow-sm" aria-hidden>
          <rect width="64" height="64" rx="14" fill="#4f46e5" />
          <path d="M18 44V20h28v6H25v4h17v6H25v2h21v6z" fill="#fff" />
        </svg>
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-slate-900">{i18n._("Keep Experiences one tap away")}</p>
          <p className="mt-0.5 text-xs leading-snug text-slate-600">{i18n._("From your browser's menu, choose Add to Home Screen.")}</p>
        </div>
        <IconButton
          label={i18n._("Dismiss, and don't show this again")}
          onClick={dismiss}
          className="-me-1 -mt-1 grid size-11 place-items-center text-slate-500 transition hover:text-slate-900"
        >
          <DismissIcon />
        </IconButton>
      </div>
    </div>
  );
}
