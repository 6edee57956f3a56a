import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { useI18n } from "@web/lib/i18n";

const LEGAL_LINK = "inline-flex items-center hover:text-slate-900 max-sm:min-h-11";

/**
 * `children`: the language picker, composed by the layouts. Its content keeps to the top bar's 960 px column. It keeps room under itself for what floats at the bottom, so at
 * the page's end that hides nothing: the toasts while any shows (--toast-space, components/ui/toast.tsx), the
 * home-screen banner while it shows (--home-screen-banner-space) and, on a phone, a page's floating button (data-fab).
 */
export function Footer({ children }: { children?: ReactNode }) {
  const i18n = useI18n();
  return (
    <footer className="border-t border-slate-200 bg-white pb-[calc(var(--toast-space,0px)+var(--home-screen-banner-space,0px))] max-sm:[main:has([data-fab])+&]:pb-[max(5rem,var(--toast-space,0px))]">
      <div className="mx-auto flex max-w-[960px] flex-wrap items-center justify-between gap-3 px-4 py-5 text-sm text-slate-500">
        <p>© {new Date().getFullYear()} Experiences Technologies Private Limited</p>
        {children}
        <nav aria-label={i18n._("Legal")} className="flex gap-4">
          <Link to="/contact-us" className={LEGAL_LINK}>
            {i18n._("Contact us")}
          </Link>
          <Link to="/privacy-policy" className={LEGAL_LINK}>
            {i18n._("Privacy policy")}
          </Link>
          <Link to="/terms-of-service" className={LEGAL_LINK}>
            {i18n._("Terms of service")}
          </Link>
        </nav>
      </div>
    </footer>
  );
}
