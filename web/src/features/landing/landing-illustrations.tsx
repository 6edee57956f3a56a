// Product illustrations drawn with HTML and Tailwind: no image requests, crisp at any size.
// Each is one labelled image for assistive technology; the sample text inside is decoration. The product's own words in
// it are in the reader's language, and so is the sample event's text; its names and its city's places stay as they are.
import type { ReactNode } from "react";
import { useI18n } from "@web/lib/i18n";
import { Trans } from "@web/lib/trans";
import { intlLocale } from "@worker/shared/locales";

/** A weekday's short name: 0 is the sample's first day, a Thursday. */
const weekday = (locale: string, offset: number) =>
  new Intl.DateTimeFormat(intlLocale(locale), { weekday: "short", timeZone: "UTC" }).format(Date.UTC(2024, 8, 12 + offset));

const percent = (locale: string, value: number) => new Intl.NumberFormat(intlLocale(locale), { style: "percent" }).format(value);

const SCHEDULE = [
  { time: "08:30", title: /*i18n*/ "Breakfast & registration", place: /*i18n*/ "Hotel lobby" },
  { time: "10:00", title: /*i18n*/ "Opening keynote", place: /*i18n*/ "Main hall", live: true },
  { time: "13:00", title: /*i18n*/ "Lunch by the river", place: "Time Out Market" },
  { time: "16:30", title: /*i18n*/ "Old town tram tour", place: "Tram 28, Martim Moniz" },
  { time: "20:00", title: /*i18n*/ "Welcome dinner", place: "Palácio Chiado" },
];

const GUESTS = [
  { initials: "AK", tone: "bg-amber-400 text-amber-950" },
  { initials: "MR", tone: "bg-emerald-400 text-emerald-950" },
  { initials: "JS", tone: "bg-sky-400 text-sky-950" },
];

/** One labelled image, centred, whose drawing inside is not read out; `className` gives its width. */
function Illustration({ label, className, children }: { label: string; className: string; children: ReactNode }) {
  return (
    <div role="img" aria-label={label} className={`relative isolate mx-auto select-none ${className}`}>
      {children}
    </div>
  );
}

export function HeroIllustration() {
  const i18n = useI18n();
  return (
    <Illustration
      label={i18n._("Preview of an Experiences itinerary: day tabs, timed activities, RSVP progress and a live feed post")}
      className="w-full max-w-md lg:max-w-none"
    >
      <div
        aria-hidden
        className="absolute -inset-6 -z-10 rounded-[2.5rem] bg-linear-to-tr from-brand-100 via-white to-violet-100 opacity-80 blur-2xl"
      />

      <div className="overflow-hidden rounded-2xl bg-white shadow-2xl shadow-brand-900/15 ring-1 ring-slate-900/5">
        {/* From sm up the RSVP card floats over the header's right end: the header keeps its text out of that column. */}
        <div className="relative bg-linear-to-br from-brand-600 to-violet-700 px-5 py-4 text-white sm:pe-48 xl:pe-44">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="text-[11px] font-semibold uppercase tracking-[0.14em] text-brand-100">
                {i18n._("Experience · {count, plural, one {# day} other {# days}}", { count: 3 })}
              </p>
              <p data-testid="hero-mock-title" className="mt-1 text-base leading-snug font-semibold sm:text-lg">
                Lisbon Leadership Summit
              </p>
              <p className="text-xs text-brand-100">{i18n._("12–14 September · Lisbon, Portugal")}</p>
            </div>
            <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-white/15 px-2 py-1 text-[11px] font-medium ring-1 ring-inset ring-white/25">
              <svg viewBox="0 0 16 16" className="size-3" fill="none" stroke="currentColor" strokeWidth="1.6">
                <rect x="3.5" y="7" width="9" height="6.5" rx="1.5" />
                <path d="M5.5 7V5a2.5 2.5 0 0 1 5 0v2" />
              </svg>
              {i18n._("Private")}
            </span>
          </div>
          <div className="mt-3 flex items-center gap-2">
            <div className="flex -space-x-1">
              {GUESTS.map((g) => (
                <span
                  key={g.initials}
                  className={`grid size-7 place-items-center rounded-full text-[10px] font-bold ring-2 ring-brand-600 ${g.tone}`}
                >
                  {g.initials}
                </span>
              ))}
            </div>
            <span className="text-xs text-brand-50">{i18n._("+{count} guests", { count: 117 })}</span>
          </div>
        </div>

        <div className="flex gap-1.5 border-b border-slate-100 px-4 py-3 text-xs font-medium">
          <span className="rounded-lg bg-brand-600 px-3 py-1.5 text-white shadow-sm">
            {i18n._("Day {number} · {weekday}", { number: 1, weekday: weekday(i18n.locale, 0) })}
          </span>
          <span className="rounded-lg px-3 py-1.5 text-slate-600 ring-1 ring-inset ring-slate-200">
            {i18n._("Day {number} · {weekday}", { number: 2, weekday: weekday(i18n.locale, 1) })}
          </span>
          <span className="rounded-lg px-3 py-1.5 text-slate-600 ring-1 ring-inset ring-slate-200">
            {i18n._("Day {number} · {weekday}", { number: 3, weekday: weekday(i18n.locale, 2) })}
          </span>
        </div>

        <ol className="px-4 pt-3 pb-3 sm:pb-12">
          {SCHEDULE.map((item, i) => (
            <li key={item.time} className="grid grid-cols-[2.75rem_1rem_1fr] gap-2">
              <span className="pt-2 text-xs font-medium tabular-nums text-slate-500">{item.time}</span>
              <span className="relative flex justify-center">
                <span
                  className={`mt-3 size-2.5 rounded-full ring-4 ${item.live ? "bg-emerald-500 ring-emerald-100" : "bg-brand-500 ring-brand-50"}`}
                />
                {i < SCHEDULE.length - 1 && <span className="absolute top-6 bottom-0 w-px bg-slate-200" />}
              </span>
              <div className={`mb-1 rounded-lg px-2.5 py-1.5 ${item.live ? "bg-emerald-50" : ""}`}>
                <p className="flex items-center gap-2 text-sm font-medium text-slate-900">
                  <span className="truncate">{i18n._(item.title)}</span>
                  {item.live && (
                    <span className="rounded-full bg-emerald-700 px-1.5 py-0.5 text-[10px] font-semibold text-white">{i18n._("Live")}</span>
                  )}
                </p>
                <p className="truncate text-xs text-slate-500">{i18n._(item.place)}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>

      {/* RSVP summary, floating top-right */}
      <div
        data-testid="hero-rsvp-card"
        className="absolute -top-5 -end-3 hidden w-48 rounded-xl bg-white p-3 shadow-xl shadow-slate-900/10 ring-1 ring-slate-900/5 sm:block xl:-end-8"
      >
        <div className="flex items-center justify-between text-xs">
          <span className="font-semibold text-slate-900">{i18n._("RSVPs")}</span>
          <span className="font-medium text-emerald-700">{percent(i18n.locale, 0.93)}</span>
        </div>
        <p className="mt-1 text-sm text-slate-600">
          <Trans
            id="<0>{going}</0> of {total} going"
            values={{ going: 112, total: 120 }}
            components={{ 0: <span className="font-semibold text-slate-900" /> }}
          />
        </p>
        <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-100">
          <div className="h-full w-[93%] rounded-full bg-linear-to-r from-emerald-500 to-emerald-400" />
        </div>
      </div>

      {/* Live feed post, floating bottom-left */}
      <div className="absolute -bottom-10 -start-4 hidden w-60 rounded-2xl rounded-es-md bg-white p-3 shadow-xl shadow-slate-900/10 ring-1 ring-slate-900/5 sm:block xl:-start-10">
        <div className="flex items-center gap-2">
          <span className="grid size-7 place-items-center rounded-full bg-rose-400 text-[10px] font-bold text-rose-950">PR</span>
          <div className="min-w-0 flex-1 leading-tight">
            <p className="text-xs font-semibold text-slate-900">Priya R.</p>
            <p className="text-[11px] text-slate-500">{i18n._("Live feed · just now")}</p>
          </div>
          <span className="flex items-center gap-1 rounded-full bg-rose-50 px-1.5 py-0.5 text-[11px] font-medium text-rose-700">
            <svg viewBox="0 0 16 16" className="size-3" fill="currentColor">
              <path d="M8 14s-5.5-3.3-5.5-7.2A3 3 0 0 1 8 4.9a3 3 0 0 1 5.5 1.9C13.5 10.7 8 14 8 14Z" />
            </svg>
            24
          </span>
        </div>
        <p className="mt-2 text-xs leading-relaxed text-slate-700">
          {i18n._("The terrace view after the keynote is unreal. See you all at dinner!")}
        </p>
      </div>

      {/* AI hint, floating right */}
      <div className="absolute end-4 -bottom-4 hidden items-center gap-1.5 rounded-full bg-slate-900 px-3 py-1.5 text-xs font-medium text-white shadow-lg md:flex">
        <svg viewBox="0 0 24 24" className="size-3.5 text-brand-100" fill="currentColor">
          <path d="M11 3.5 12.9 8.1 17.5 10l-4.6 1.9L11 16.5l-1.9-4.6L4.5 10l4.6-1.9Z" />
        </svg>
        {i18n._("Day {number} drafted by AI", { number: 2 })}
      </div>
    </Illustration>
  );
}

export function PhoneIllustration() {
  const i18n = useI18n();
  return (
    <Illustration
      label={i18n._("Experiences in a phone's browser, showing today's next activity, a bulletin, documents and a live feed post")}
      className="w-64"
    >
      <div aria-hidden className="absolute inset-0 -z-10 scale-110 rounded-full bg-brand-600/40 blur-3xl" />
      <div className="rounded-[2.75rem] bg-slate-800 p-2.5 shadow-2xl shadow-black/50 ring-1 ring-white/15">
        <div className="relative h-[30rem] overflow-hidden rounded-[2.25rem] bg-slate-50">
          <div className="absolute top-2 left-1/2 h-5 w-20 -translate-x-1/2 rounded-full bg-slate-900" />
          <div className="bg-linear-to-br from-brand-600 to-violet-700 px-4 pt-10 pb-5 text-white">
            <p className="text-[11px] text-brand-100">{i18n._("Day {number} of {total} · Lisbon", { number: 2, total: 3 })}</p>
            <p className="mt-0.5 text-base font-semibold">{i18n._("Good morning, {name}", { name: "Anna" })}</p>
          </div>
          <div className="-mt-3 space-y-2.5 px-3">
            <div className="rounded-xl bg-white p-3 shadow-md ring-1 ring-slate-900/5">
              <p className="text-[10px] font-semibold uppercase tracking-wider text-brand-600">
                {i18n._("Next up · {time}", { time: "09:30" })}
              </p>
              <p className="mt-1 text-sm font-semibold text-slate-900">{i18n._("Day trip to Sintra")}</p>
              <p className="text-[11px] text-slate-500">{i18n._("Coach leaves from the hotel entrance")}</p>
            </div>
            <div className="rounded-xl bg-amber-50 p-3 ring-1 ring-amber-200">
              <p className="text-[10px] font-semibold uppercase tracking-wider text-amber-800">{i18n._("Bulletin")}</p>
              <p className="mt-0.5 text-xs text-amber-950">{i18n._("Dinner moves to 20:30 tonight. Dress code: smart casual.")}</p>
            </div>
            <div className="rounded-xl bg-white p-3 ring-1 ring-slate-900/5">
              <p className="text-[10px] font-semibold uppercase tracking-wider text-slate-500">{i18n._("Documents")}</p>
              {[/*i18n*/ "Boarding pass · TP 1351", /*i18n*/ "Hotel voucher"].map((doc) => (
                <p key={doc} className="mt-1.5 flex items-center gap-2 text-xs text-slate-800">
                  <span className="grid size-5 place-items-center rounded bg-brand-50 text-brand-600">
                    <svg viewBox="0 0 16 16" className="size-3" fill="none" stroke="currentColor" strokeWidth="1.6">
                      <path d="M9.5 2H4.5a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h7a1 1 0 0 0 1-1V5Z" />
                    </svg>
                  </span>
                  {i18n._(doc)}
                </p>
              ))}
            </div>
            <div className="flex items-center gap-3 rounded-xl bg-slate-900 p-3 text-white">
              <span className="grid size-8 shrink-0 place-items-center rounded-full bg-rose-400 text-[10px] font-bold text-rose-950">
                PR
              </span>
              <div className="leading-tight">
                <p className="text-xs font-semibold">{i18n._("{name} · Live feed", { name: "Priya R." })}</p>
                <p className="text-[11px] text-slate-300">{i18n._("Front row seats on the coach!")}</p>
              </div>
            </div>
          </div>
        </div>
      </div>
    </Illustration>
  );
}
