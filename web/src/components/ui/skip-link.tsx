import { useI18n } from "@web/lib/i18n";

/** Every layout's main content: `<main id={MAIN_ID} tabIndex={-1}>`, the skip link's target. */
export const MAIN_ID = "main";

/**
 * 'Skip to main content': the page's first stop for Tab, hidden until focused. Focus is moved by hand rather than
 * by following `#main`, so the address keeps no fragment for the router to act on.
 */
export function SkipLink() {
  const i18n = useI18n();
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        const main = document.getElementById(MAIN_ID);
        if (!main) return;
        event.preventDefault();
        main.focus();
      }}
      // not-sr-only resets padding, so the padding comes with the focus too.
      className="sr-only z-[60] rounded-lg bg-white text-sm font-semibold text-brand-700 shadow-lg ring-1 ring-slate-200 focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:px-4 focus:py-3"
    >
      {i18n._("Skip to main content")}
    </a>
  );
}
