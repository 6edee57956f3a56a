import { formatDateRange } from "./date-range";
import { FIRST_VIEW_ID, ITINERARY_DATA_ID } from "./first-view";
import { escapeHtml } from "./html";
import { COVER_SIZES, variantSrcset } from "./image-variants";
import type { PublicItinerary } from "./itinerary.schema";
import { mapsUrl, locationText, placeAddress } from "./places";
import type { Words } from "./words";

/**
 * The public itinerary JSON in a script block the browser does not run (so the CSP needs no hash for it). A script
 * element's text ends at the first `</script`, so every `<` is written as JSON's own `\u003c`, which parses back the same.
 */
export const itineraryDataScript = (json: string) =>
  `<script type="application/json" id="${ITINERARY_DATA_ID}">${json.replaceAll("<", "\\u003c")}</script>`;

function cover(image: PublicItinerary["image"]): string {
  if (!image) return "";
  const srcset = variantSrcset(image.original);
  const sized = srcset ? ` srcset="${escapeHtml(srcset)}" sizes="${escapeHtml(COVER_SIZES)}"` : "";
  return `<img src="${escapeHtml(image.original)}"${sized} width="1280" height="560" fetchpriority="high" alt="" class="absolute inset-0 size-full object-cover">`;
}

/** The venue's line, as VenueLine (web/src/components/venue-line/venue-line.tsx) writes it. */
function venueLine(venue: PublicItinerary["venue"], i18n: Words): string {
  if (!venue) return "";
  const address = placeAddress(venue);
  const link = `<a href="${escapeHtml(mapsUrl(venue))}" target="_blank" rel="noopener noreferrer" class="font-medium text-brand-700 hover:underline"><bdi dir="auto">${escapeHtml(locationText(venue))}</bdi></a>`;
  return `<p class="text-sm text-slate-600"><span class="text-slate-500">${escapeHtml(i18n._("Venue:"))} </span>${link}${address ? ` · <bdi dir="auto">${escapeHtml(address)}</bdi>` : ""}</p>`;
}

/**
 * The top of the share page (its bar, the cover, the name, the subtitle, the dates, the venue and the description) as plain HTML, so the
 * largest paint happens before any JavaScript runs. The markup and classes are those of PublicItineraryPage
 * (web/src/features/itinerary/public-itinerary-page.tsx), so the app's page takes its place without anything moving.
 * Until then it is a picture of the page: inert and hidden from assistive technology, whose users meet the real one.
 * The user's text (name, subtitle, description) carries `dir="auto"`, as UserText gives it in the app, so a bidi override in it
 * cannot reverse the page's own words. `i18n`: the reader's language (the share page's, lib/i18n.ts), through catalog
 * messages only: this file is shared with the web and imports nothing of the Worker.
 */
export function itineraryFirstView(itinerary: PublicItinerary, i18n: Words): string {
  const days = itinerary.programs.length;
  // The same messages as the app's page (signed-in-as.tsx, experience-words.ts, venue-line.tsx): the same words.
  const dayCount = i18n._("{days, plural, one {# day} other {# days}}", { days });
  const subtitle = itinerary.subtitle
    ? `<p dir="auto" class="text-base font-medium text-slate-700">${escapeHtml(itinerary.subtitle)}</p>`
    : "";
  const description = itinerary.description ? `<p dir="auto" class="text-slate-700">${escapeHtml(itinerary.description)}</p>` : "";
  return `<div id="${FIRST_VIEW_ID}" inert aria-hidden="true" class="flex min-h-dvh flex-col bg-slate-50">
<div class="border-b border-slate-200 bg-white"><div class="mx-auto flex h-14 max-w-[960px] items-center justify-between px-4"><span><span class="inline-flex items-center gap-2"><svg viewBox="0 0 64 64" class="size-8" aria-hidden="true"><rect width="64" height="64" rx="14" fill="#4f46e5"></rect><path d="M18 44V20h28v6H25v4h17v6H25v2h21v6z" fill="#fff"></path></svg><span class="text-lg font-bold tracking-tight text-slate-900">Experiences</span></span></span><span class="text-xs font-medium text-slate-500">${escapeHtml(i18n._("Shared itinerary"))}</span></div></div>
<div class="mx-auto w-full max-w-[960px] flex-1 px-4 py-5"><div class="mb-5 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"><div class="relative aspect-[16/7] bg-gradient-to-br from-brand-600 via-indigo-500 to-fuchsia-500">${cover(itinerary.image)}</div><div class="space-y-2 p-5"><h1 dir="auto" class="text-2xl font-bold text-slate-900">${escapeHtml(itinerary.name)}</h1>${subtitle}<p class="text-sm text-slate-600">${escapeHtml(formatDateRange(itinerary.startTime, itinerary.endTime, itinerary.timeZone, i18n))} · ${escapeHtml(dayCount)}</p>${venueLine(itinerary.venue, i18n)}${description}</div></div></div>
</div>`;
}
