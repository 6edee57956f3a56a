import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { HomeScreenBanner } from "@web/components/home-screen-banner/home-screen-banner";
import { ArrowRightIcon, ChatIcon, CheckCircleIcon } from "@web/components/ui/icons";
import { MAIN_ID } from "@web/components/ui/skip-link";
import { authPanel } from "@web/lib/auth-panel";
import { useI18n } from "@web/lib/i18n";
import { Trans } from "@web/lib/trans";
import { FeatureGrid } from "./landing-features";
import { HeroIllustration, PhoneIllustration } from "./landing-illustrations";
import { LandingSection, type SectionRef } from "./landing-section";

export const DEMO_MAILTO = "mailto:demo@experiences.app?subject=Demo%20request";
export const CHAT_URL = "https://wa.me/918045678900";

const SECTIONS = [
  { id: "hero", name: /*i18n*/ "Overview" },
  { id: "features", name: /*i18n*/ "Features" },
  { id: "mobile", name: /*i18n*/ "On the go" },
] as const;

const LEGAL_LINKS = [
  { to: "/contact-us", label: /*i18n*/ "Contact us" },
  { to: "/privacy-policy", label: /*i18n*/ "Privacy policy" },
  { to: "/terms-of-service", label: /*i18n*/ "Terms of service" },
];

// Keys typed here belong to the control, not to section navigation.
const TYPING_TARGETS = "input, textarea, select, [contenteditable]:not([contenteditable='false'])";

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

// The top bar's column, so the logo, the sections and the footer line up.
const CONTAINER = "mx-auto w-full max-w-[960px] px-4";
const CTA_PRIMARY =
  "inline-flex h-12 items-center justify-center gap-2 rounded-xl bg-brand-600 px-6 text-base font-semibold text-white shadow-lg shadow-brand-600/25 transition hover:bg-brand-700";
const CTA_SECONDARY =
  "inline-flex h-12 items-center justify-center gap-2 rounded-xl bg-white px-6 text-base font-semibold text-slate-800 ring-1 ring-inset ring-slate-300 transition hover:bg-slate-50 hover:ring-slate-400";

/** The signed-out home page: hero, features and on the go, with arrow-key and dot navigation between them. */
export function LandingPage({ onGetStarted }: { onGetStarted?: () => void }) {
  const i18n = useI18n();
  const sections = useRef<(HTMLElement | null)[]>([]);
  const activeRef = useRef(0);
  const [active, setActive] = useState(0);

  const markActive = useCallback((index: number) => {
    activeRef.current = index;
    setActive(index);
  }, []);

  const goTo = useCallback(
    (index: number) => {
      const target = sections.current[index];
      if (!target) return;
      markActive(index);
      target.scrollIntoView?.({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
    },
    [markActive],
  );

  // The section crossing a thin band just above the middle of the viewport is the current one, however it got there.
  useEffect(() => {
    if (typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          const index = sections.current.indexOf(entry.target as HTMLElement);
          if (index >= 0) markActive(index);
        }
      },
      { rootMargin: "-40% 0px -55% 0px" },
    );
    for (const section of sections.current) if (section) observer.observe(section);
    return () => observer.disconnect();
  }, [markActive]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      // Right-to-left, the next section lies to the left.
      const [forward, back] = document.documentElement.dir === "rtl" ? ["ArrowLeft", "ArrowRight"] : ["ArrowRight", "ArrowLeft"];
      const step = e.key === "ArrowDown" || e.key === forward ? 1 : e.key === "ArrowUp" || e.key === back ? -1 : 0;
      if (step === 0) return;
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest(TYPING_TARGETS) || (target as HTMLElement | null)?.isContentEditable) return;
      // A dialog (the sign-up panel) or an open menu owns the keyboard while it is up.
      if (document.querySelector('[aria-modal="true"], [role="menu"]')) return;
      const next = activeRef.current + step;
      if (next < 0 || next >= SECTIONS.length) return;
      e.preventDefault();
      goTo(next);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [goTo]);

  const register = (index: number) => (node: HTMLElement | null) => {
    sections.current[index] = node;
  };
  const getStarted = onGetStarted ?? (() => authPanel.open("register"));

  return (
    <div className="group/landing">
      <main id={MAIN_ID} tabIndex={-1} className="outline-none">
        <HeroSection sectionRef={register(0)} onGetStarted={getStarted} />
        <FeaturesSection sectionRef={register(1)} />
        <MobileSection sectionRef={register(2)} onGetStarted={getStarted} />
      </main>

      {/* On a phone the dots keep to the bottom-right corner, above the home-screen banner and the toasts; the section's
          button keeps out of that corner, and the footer leaves room under its links for the dots and toasts at the page's end. */}
      <nav
        aria-label={i18n._("Page sections")}
        className="fixed end-4 bottom-[calc(var(--home-screen-banner-space,0px)+var(--toast-space,0px)+1rem)] z-20 flex gap-1 rounded-full bg-white/85 p-1 shadow-md ring-1 shadow-slate-900/10 ring-slate-900/10 backdrop-blur md:top-1/2 md:end-5 md:bottom-auto md:-translate-y-1/2 md:flex-col"
      >
        {SECTIONS.map((section, i) => (
          <button
            key={section.id}
            type="button"
            data-testid={`landing-dot-${i}`}
            aria-label={i18n._("Go to section {number}: {name}", { number: i + 1, name: i18n._(section.name) })}
            aria-current={active === i ? "true" : undefined}
            onClick={() => goTo(i)}
            className="group grid size-7 place-items-center rounded-full"
          >
            <span
              className={`block rounded-full transition-all duration-300 motion-reduce:transition-none ${
                active === i ? "h-2 w-5 bg-brand-600 md:h-5 md:w-2" : "size-2 bg-slate-500 group-hover:bg-slate-800"
              }`}
            />
          </button>
        ))}
      </nav>

      <HomeScreenBanner />
    </div>
  );
}

function Check({ className = "text-brand-600" }: { className?: string }) {
  return <CheckCircleIcon className={`size-5 shrink-0 ${className}`} />;
}

function Eyebrow({ children, tone = "light" }: { children: ReactNode; tone?: "light" | "dark" }) {
  return <p className={`text-sm font-semibold tracking-wide ${tone === "dark" ? "text-indigo-300" : "text-brand-600"}`}>{children}</p>;
}

function HeroSection({ sectionRef, onGetStarted }: { sectionRef: SectionRef; onGetStarted: () => void }) {
  const i18n = useI18n();
  return (
    <LandingSection
      id="hero"
      sectionRef={sectionRef}
      className="overflow-hidden bg-white"
      backdrop={
        <>
          <div className="absolute inset-x-0 top-0 h-[70%] bg-linear-to-b from-brand-50 to-white" />
          <div className="absolute -top-40 end-[-10%] size-[36rem] rounded-full bg-violet-200/40 blur-3xl" />
        </>
      }
    >
      <div
        className={`${CONTAINER} relative grid flex-1 grid-cols-1 items-center gap-14 py-12 sm:py-16 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] lg:gap-16 lg:py-12`}
      >
        <div className="min-w-0 text-center lg:text-start">
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-xs font-medium text-slate-700 shadow-sm ring-1 ring-slate-200 sm:text-sm">
            <span className="size-1.5 rounded-full bg-brand-600" aria-hidden />
            <span className="sm:hidden">{i18n._("For planners, agencies and MICE teams")}</span>
            <span className="hidden sm:inline">{i18n._("For event planners, travel agencies and MICE teams")}</span>
          </p>
          <h1
            id="landing-hero-title"
            className="mt-6 text-4xl leading-[1.08] font-bold tracking-tight text-balance text-slate-900 sm:text-5xl"
          >
            <Trans
              id="Multi-day events, <0>perfectly in sync.</0>"
              components={{ 0: <span className="bg-linear-to-r from-brand-600 to-violet-600 bg-clip-text text-transparent" /> }}
            />
          </h1>
          <p className="mx-auto mt-5 max-w-xl text-base leading-relaxed text-pretty text-slate-600 sm:text-lg lg:mx-0">
            {i18n._(
              "Build day-by-day itineraries with timed activities, invite guests in one click, and keep everyone on the same page with RSVPs, documents, bulletins and a live feed, from the welcome drinks to the farewell dinner.",
            )}
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            <button type="button" onClick={onGetStarted} className={CTA_PRIMARY}>
              {i18n._("Get started free")}
              <span className="inline-flex rtl:-scale-x-100">
                <ArrowRightIcon />
              </span>
            </button>
            <a href={DEMO_MAILTO} className={CTA_SECONDARY}>
              {i18n._("Schedule a demo")}
            </a>
          </div>
          <ul className="mt-8 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-slate-600 lg:justify-start">
            {[/*i18n*/ "Free to start", /*i18n*/ "Set up in minutes", /*i18n*/ "Works in any browser"].map((point) => (
              <li key={point} className="flex items-center gap-1.5">
                <Check />
                {i18n._(point)}
              </li>
            ))}
          </ul>
        </div>

        <div className="min-w-0 pb-6 sm:px-6 sm:pb-10 lg:px-0 lg:pb-0">
          <HeroIllustration />
        </div>
      </div>
    </LandingSection>
  );
}

function FeaturesSection({ sectionRef }: { sectionRef: SectionRef }) {
  const i18n = useI18n();
  return (
    <LandingSection id="features" sectionRef={sectionRef} className="border-t border-slate-200 bg-slate-50">
      <div
        className={`${CONTAINER} flex flex-1 flex-col justify-center gap-10 py-16 lg:grid lg:grid-cols-[1fr_auto] lg:content-center lg:gap-x-12 lg:py-12`}
      >
        <div className="min-w-0 max-w-2xl">
          <Eyebrow>{i18n._("Features")}</Eyebrow>
          <h2 id="landing-features-title" className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
            {i18n._("Everything your event needs, from first invite to final feedback")}
          </h2>
          <p className="mt-3 text-base leading-relaxed text-slate-600">
            {i18n._("One place for organisers, hosts and guests, so nobody chases a PDF or an outdated group chat again.")}
          </p>
        </div>

        <div className="order-last min-w-0 rounded-2xl bg-white p-5 ring-1 ring-slate-200 lg:order-none lg:col-start-2 lg:row-start-1 lg:w-96 lg:self-end">
          <p className="font-semibold text-slate-900">{i18n._("See it with your own event")}</p>
          <p className="mt-1 text-sm leading-relaxed text-slate-600">
            {i18n._("Book a 30-minute demo, or chat with our team on WhatsApp.")}
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            <a
              href={DEMO_MAILTO}
              className="inline-flex h-10 items-center rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white transition hover:bg-brand-700"
            >
              {i18n._("Schedule a demo")}
            </a>
            <a
              href={CHAT_URL}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex h-10 items-center gap-2 rounded-lg bg-white px-4 text-sm font-semibold text-slate-800 ring-1 ring-inset ring-slate-300 transition hover:bg-slate-50"
            >
              <ChatIcon className="size-4 text-emerald-600" />
              {i18n._("Chat with us")}
            </a>
          </div>
        </div>

        <div className="min-w-0 lg:col-span-2">
          <FeatureGrid />
        </div>
      </div>
    </LandingSection>
  );
}

function MobileSection({ sectionRef, onGetStarted }: { sectionRef: SectionRef; onGetStarted: () => void }) {
  const i18n = useI18n();
  return (
    <LandingSection
      id="mobile"
      sectionRef={sectionRef}
      className="overflow-hidden bg-slate-950 text-white"
      backdrop={
        <>
          <div className="absolute -bottom-48 -start-32 size-[32rem] rounded-full bg-brand-600/25 blur-3xl" />
          <div className="absolute inset-x-0 top-0 h-px bg-linear-to-r from-transparent via-white/20 to-transparent" />
        </>
      }
    >
      <div
        className={`${CONTAINER} relative grid flex-1 grid-cols-1 items-center gap-14 py-16 md:grid-cols-[minmax(0,1fr)_auto] lg:gap-24 lg:py-12`}
      >
        <div className="min-w-0 max-w-xl">
          <Eyebrow tone="dark">{i18n._("Nothing to install")}</Eyebrow>
          <h2 id="landing-mobile-title" className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl lg:text-5xl">
            {i18n._("The whole itinerary, in every guest's pocket.")}
          </h2>
          <p className="mt-4 text-base leading-relaxed text-slate-300 sm:text-lg">
            {i18n._(
              "Guests open the schedule, their documents, the bulletin and the live feed from their invitation link, in the browser on any phone, and can add it to their home screen.",
            )}
          </p>
          <ul className="mt-6 space-y-3 text-slate-200">
            {[
              /*i18n*/ "A changed time or venue shows on every open page at once",
              /*i18n*/ "Tickets, vouchers and visas one tap away",
              /*i18n*/ "The whole trip in their calendar in one click",
            ].map((point) => (
              <li key={point} className="flex items-start gap-3">
                <Check className="mt-0.5 text-indigo-300" />
                {i18n._(point)}
              </li>
            ))}
          </ul>
          <div className="mt-8 max-md:pe-28">
            <button type="button" onClick={onGetStarted} className={CTA_PRIMARY}>
              {i18n._("Get started free")}
            </button>
          </div>
        </div>
        <div className="hidden md:block">
          <PhoneIllustration />
        </div>
      </div>

      <footer className="relative border-t border-white/10">
        <div
          className={`${CONTAINER} flex flex-col gap-4 pt-6 pb-[calc(1.5rem+var(--toast-space,0px)+var(--home-screen-banner-space,0px))] text-sm text-slate-400 max-md:pb-[calc(5rem+var(--toast-space,0px)+var(--home-screen-banner-space,0px))] sm:flex-row sm:items-center sm:justify-between`}
        >
          <p>
            © {new Date().getFullYear()} Experiences Technologies Private Limited. {i18n._("All rights reserved.")}
          </p>
          <nav aria-label={i18n._("Legal")} className="flex flex-wrap gap-x-6 gap-y-2">
            {LEGAL_LINKS.map(({ to, label }) => (
              <Link key={to} to={to} className="text-slate-300 transition hover:text-white">
                {i18n._(label)}
              </Link>
            ))}
          </nav>
        </div>
      </footer>
    </LandingSection>
  );
}
