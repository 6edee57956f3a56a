import { Link } from "react-router-dom";

/** On a phone, a page with a floating button (data-fab) gets room under the footer so the button hides nothing. */
export function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-white max-sm:[main:has([data-fab])+&]:pb-20">
      <div className="mx-auto flex max-w-[960px] flex-wrap items-center justify-between gap-3 px-4 py-5 text-sm text-slate-500">
        <p>© {new Date().getFullYear()} Experiences Technologies Private Limited</p>
        <nav aria-label="Legal" className="flex gap-4">
          <Link to="/contact-us" className="hover:text-slate-900">Contact us</Link>
          <Link to="/privacy-policy" className="hover:text-slate-900">Privacy policy</Link>
          <Link to="/terms-of-service" className="hover:text-slate-900">Terms of service</Link>
        </nav>
      </div>
    </footer>
  );
}
