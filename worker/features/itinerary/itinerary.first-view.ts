import { escapeHtml } from "../../lib/html";
import { COVER_SIZES, variantSrcset } from "../../lib/image-variants";
import { DAY_MS } from "../events/events.schema";
import type { PublicItinerary } from "./itinerary.schema";

/** The element the app reads the share page's itinerary from (web/src/app/seed-from-html.ts), instead of fetching it. */
export const ITINERARY_DATA_ID = "itinerary-data";
/** The static view shown before the app runs; the app removes it as it shows its own page (web/src/app/first-view-handoff.tsx). */
export const FIRST_VIEW_ID = "first-view";

/**
 * The public itinerary JSON in a script block the browser does not run (so the CSP needs no hash for it). A script
 * element's text ends at the first `</script`, so every `<` is written as JSON's own `\u003c`, which parses back the same.
 */
export const itineraryDataScript = (json: string) =>
  `<script type="application/json" id="${ITINERARY_DATA_ID}">${json.replaceAll("<", "\\u003c")}</script>`;

const dayMonth = new Intl.DateTimeFormat("en-US", { day: "numeric", month: "short", timeZone: "UTC" });
const dayMonthYear = new Intl.DateTimeFormat("en-US", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/**
 * "Mar 12 – Mar 14, 2027", as the app's formatDateRange (web/src/lib/dates.ts) words it, so the page and its previews
 * agree: the end is exclusive, so the range shows the day before it.
 */
export function dateRange(startIso: string, endIso: string): string {
  const start = new Date(startIso);
  const end = new Date(Math.max(start.getTime(), new Date(endIso).getTime() - DAY_MS));
  if (start.toISOString().slice(0, 10) === end.toISOString().slice(0, 10)) return dayMonthYear.format(start);
  return `${(start.getUTCFullYear() === end.getUTCFullYear() ? dayMonth : dayMonthYear).format(start)} – ${dayMonthYear.format(end)}`;
}

function cover(image: PublicItinerary["image"]): string {
  if (!image) return "";
  const srcset = variantSrcset(image.original);
  const sized = srcset ? ` srcset="${escapeHtml(srcset)}" sizes="${escapeHtml(COVER_SIZES)}"` : "";
  return `<img src="${escapeHtml(image.original)}"${sized} width="1280" height="560" fetchpriority="high" alt="" class="absolute inset-0 size-full object-cover">`;
}

/**
 * The top of the share page (its bar, the cover, the name, the dates and the description) as plain HTML, so the
 * largest paint happens before any JavaScript runs. The markup and classes are those of PublicItineraryPage
 * (web/src/features/itinerary/public-itinerary-page.tsx), so the app's page takes its place without anything moving.
 * Until then it is a picture of the page: inert and hidden from assistive technology, whose users meet the real one.
 */
export function itineraryFirstView(itinerary: PublicItinerary): string {
  const days = itinerary.programs.length;
  const description = itinerary.description ? `<p class="text-slate-700">${escapeHtml(itinerary.description)}</p>` : "";
  return `<div id="${FIRST_VIEW_ID}" inert aria-hidden="true" class="flex min-h-dvh flex-col bg-slate-50">
<div class="border-b border-slate-200 bg-white"><div class="mx-auto flex h-14 max-w-[960px] items-center justify-between px-4"><span><span class="inline-flex items-center gap-2"><svg viewBox="0 0 64 64" class="size-8" aria-hidden="true"><rect width="64" height="64" rx="14" fill="#4f46e5"></rect><path d="M18 44V20h28v6H25v4h17v6H25v2h21v6z" fill="#fff"></path></svg><span class="text-lg font-bold tracking-tight text-slate-900">Experiences</span></span></span><span class="text-xs font-medium text-slate-500">Shared itinerary</span></div></div>
<div class="mx-auto w-full max-w-[960px] flex-1 px-4 py-5"><div class="mb-5 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"><div class="relative aspect-[16/7] bg-gradient-to-br from-brand-600 via-indigo-500 to-fuchsia-500">${cover(itinerary.image)}</div><div class="space-y-2 p-5"><h1 class="text-2xl font-bold text-slate-900">${escapeHtml(itinerary.name)}</h1><p class="text-sm text-slate-600">${escapeHtml(dateRange(itinerary.startTime, itinerary.endTime))} · ${days} ${days === 1 ? "day" : "days"}</p>${description}</div></div></div>
</div>`;
}
