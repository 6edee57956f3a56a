import { useEffect, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { Logo } from "@web/components/ui/logo";
import { MAIN_ID } from "@web/components/ui/skip-link";
import { useI18n } from "@web/lib/i18n";
import { intlLocale, SOURCE_LOCALE } from "@worker/shared/locales";

const LAST_UPDATED = "Mar 30th 2024";
/** The same day, for the other languages to write their own way. */
const LAST_UPDATED_AT = Date.UTC(2024, 2, 30);

export const COMPANY = {
  name: "Experiences Technologies Private Limited",
  address: "4th Floor, 100 Feet Road, Indiranagar, Bangalore 560038, Karnataka, India",
  phone: "+91 80 4567 8900",
  phoneHref: "tel:+918045678900",
  email: "support@experiences.app",
} as const;

const PAGES = [
  { to: "/privacy-policy", label: /*i18n*/ "Privacy Policy" },
  { to: "/terms-of-service", label: /*i18n*/ "Terms of Service" },
  { to: "/contact-us", label: /*i18n*/ "Contact Us" },
] as const;

/**
 * A legal page: dark header linking home, a white content panel with the title and last-updated line, a small footer.
 * `title` is in the reader's language; `englishOnly` says, in any other, that the text below is written in English alone.
 */
export function LegalLayout({ title, englishOnly, children }: { title: string; englishOnly?: boolean; children: ReactNode }) {
  const i18n = useI18n();
  const english = intlLocale(i18n.locale) === SOURCE_LOCALE;
  const lastUpdated = english
    ? LAST_UPDATED
    : new Intl.DateTimeFormat(intlLocale(i18n.locale), { dateStyle: "long", timeZone: "UTC" }).format(LAST_UPDATED_AT);
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · Experiences`;
    return () => {
      document.title = previous;
    };
  }, [title]);

  return (
    <div className="flex min-h-dvh flex-col bg-slate-100">
      <header className="bg-slate-900 pb-24">
        <div className="mx-auto flex h-16 max-w-[800px] items-center px-4 sm:px-6">
          <Link to="/" aria-label={i18n._("{brand} home", { brand: "Experiences" })} className="rounded-lg">
            <Logo tone="light" />
          </Link>
        </div>
      </header>

      <main id={MAIN_ID} tabIndex={-1} className="outline-none mx-auto -mt-20 w-full max-w-[800px] flex-1 px-4 pb-16 sm:px-6">
        <article className="rounded-2xl bg-white px-6 py-8 shadow-xl ring-1 shadow-slate-900/5 ring-slate-200 sm:px-12 sm:py-12">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
          <p className="mt-2 text-sm text-slate-500">{i18n._("Last updated {date}", { date: lastUpdated })}</p>
          {englishOnly && i18n.locale !== SOURCE_LOCALE && (
            <p className="mt-2 text-sm font-medium text-slate-700">{i18n._("This page is available in English only.")}</p>
          )}
          <div className="mt-8 space-y-4 border-t border-slate-200 pt-8 text-base leading-7 text-slate-700">{children}</div>
        </article>
      </main>

      <footer className="border-t border-slate-200 bg-white pb-[var(--toast-space,0px)]">
        <div className="mx-auto flex max-w-[800px] flex-col gap-3 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>
            © {new Date().getFullYear()} {COMPANY.name}
          </p>
          <nav aria-label={i18n._("Legal")} className="flex flex-wrap gap-x-5 gap-y-2">
            {PAGES.filter((p) => i18n._(p.label) !== title).map((p) => (
              <Link key={p.to} to={p.to} className="hover:text-slate-900 hover:underline">
                {i18n._(p.label)}
              </Link>
            ))}
          </nav>
        </div>
      </footer>
    </div>
  );
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="pt-6 first:pt-0">
      <h2 className="text-xl font-semibold tracking-tight text-slate-900">{title}</h2>
      <div className="mt-3 space-y-4 text-base leading-7 text-slate-700">{children}</div>
    </section>
  );
}

export function Bullets({ children }: { children: ReactNode }) {
  return <ul className="list-disc space-y-2 ps-5 marker:text-brand-500">{children}</ul>;
}

/** A link styled for body text. */
export const textLink = "font-medium text-brand-700 underline decoration-brand-100 underline-offset-2 hover:decoration-brand-600";
