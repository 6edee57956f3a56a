import type { Db } from "@worker/db/client";
import { itineraryPageUrl } from "@worker/domain/icalendar";
import { shareImageTags } from "@worker/domain/share-image";
import type { Bindings } from "@worker/env";
import { i18nFor } from "@worker/lib/i18n";
import { itinerarySummary } from "@worker/shared/date-range";
import { FIRST_VIEW_ID, FIRST_VIEW_REVEAL_ID } from "@worker/shared/first-view";
import { escapeHtml } from "@worker/shared/html";
import { COVER_SIZES, variantSrcset } from "@worker/shared/image-variants";
import { itineraryDataScript, itineraryFirstView } from "@worker/shared/itinerary-first-view";
import type { PublicItinerary } from "@worker/shared/itinerary.schema";
import { directionOf, type RunLocale } from "@worker/shared/locales";
import { itineraryJson } from "./itinerary-json.service";

/** The share page's own chunks, listed by the build (route-preloads.json); none when the file is missing (vite dev). */
async function readRouteChunks(env: Bindings, requestUrl: string): Promise<string[]> {
  const response = await env.ASSETS.fetch(new Request(new URL("/route-preloads.json", requestUrl)));
  // Missing (vite dev, or a build without it): a 404, or vite's HTML.
  if (!response.ok || !response.headers.get("Content-Type")?.includes("json")) return [];
  const listed = ((await response.json()) as { itinerary?: unknown }).itinerary;
  return Array.isArray(listed) ? listed.filter((file): file is string => typeof file === "string" && file.startsWith("/assets/")) : [];
}

// The list changes only with a deploy, which starts new isolates. An empty one is not kept: it may come from a
// failed read, or from vite dev before the build has written the file.
let cachedRouteChunks: Promise<string[]> | undefined;

function routeChunks(env: Bindings, requestUrl: string): Promise<string[]> {
  if (cachedRouteChunks) return cachedRouteChunks;
  const chunks = readRouteChunks(env, requestUrl);
  cachedRouteChunks = chunks;
  const forget = () => {
    if (cachedRouteChunks === chunks) cachedRouteChunks = undefined;
  };
  chunks.then((files) => files.length === 0 && forget(), forget);
  return chunks;
}

/**
 * Hints that let the browser fetch what the page's largest paint needs while the entry script loads: the route's
 * chunks, and the cover (its sized copies for an upload, with the same sizes as the page's img; a picture
 * hosted elsewhere by its own URL). Without them the cover is found only after the scripts and the JSON.
 */
function firstPaintLinks(href: string | undefined, chunks: string[]): string {
  const links = chunks.map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}">`);
  if (href) {
    const srcset = variantSrcset(href);
    const sized = srcset ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(COVER_SIZES)}"` : "";
    links.push(`<link rel="preload" as="image" href="${escapeHtml(href)}"${sized} fetchpriority="high">`);
  }
  return links.join("");
}

const SHARE_TAGS = ["title", 'meta[name="description"]', 'meta[property^="og:"]', 'meta[name^="twitter:"]']
  .map((tag) => `head ${tag}`)
  .join(", ");

/**
 * The SPA's index.html with the experience's title and share tags, so link previews (which run no
 * JavaScript) show it. The page's own tags are replaced rather than edited, so missing ones are created too.
 * Its body shows the top of the page before the scripts run, and carries the itinerary the page would fetch. All of
 * it is in the visitor's language (`asked`: their Accept-Language, matched to the twelve), else the experience's: the
 * page is made per request from the edge-cached JSON, so no cache is split by language (docs/languages.md).
 */
export async function itineraryPage(
  env: Bindings,
  db: Db,
  requestUrl: string,
  eventId: string,
  asked: RunLocale | null,
): Promise<Response> {
  const [index, chunks, json] = await Promise.all([
    // "/" rather than "/index.html", which the assets' default html_handling answers with a redirect to "/".
    env.ASSETS.fetch(new Request(new URL("/", requestUrl))),
    routeChunks(env, requestUrl),
    itineraryJson(env, db, requestUrl, eventId),
  ]);
  const headers = new Headers(index.headers);
  headers.delete("ETag");
  headers.delete("Content-Length");
  if (json === null) return new Response(index.body, { status: 404, headers });

  const itinerary = JSON.parse(json) as PublicItinerary;
  // The visitor's language, or for one who names none (a link preview's crawler) the experience's.
  const locale = asked ?? itinerary.language;
  const i18n = i18nFor(locale);
  headers.set("Content-Language", locale);
  headers.append("Vary", "Accept-Language");
  const title = itinerary.name;
  const description =
    itinerary.description.trim() || itinerarySummary(new Date(itinerary.startTime), new Date(itinerary.endTime), itinerary.timeZone, i18n);
  const image = await shareImageTags(env, itinerary);
  const meta = (attribute: "name" | "property", key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;
  const tags =
    [
      `<title>${escapeHtml(`${title} · Experiences`)}</title>`,
      meta("name", "description", description),
      meta("property", "og:type", "website"),
      meta("property", "og:title", title),
      meta("property", "og:description", description),
      meta("property", "og:image", image.url),
      meta("property", "og:image:width", String(image.width)),
      meta("property", "og:image:height", String(image.height)),
      meta("property", "og:image:type", image.type),
      meta("property", "og:image:alt", image.alt),
      meta("property", "og:url", itineraryPageUrl(env, eventId)),
      meta("name", "twitter:card", "summary_large_image"),
      meta("name", "twitter:title", title),
      meta("name", "twitter:description", description),
      meta("name", "twitter:image", image.url),
      meta("name", "twitter:image:alt", image.alt),
    ].join("") + firstPaintLinks(itinerary.image?.original, chunks);
  const firstView = itineraryDataScript(json) + itineraryFirstView(itinerary, i18n);

  const page = new HTMLRewriter()
    .on("html", {
      element: (element) => {
        element.setAttribute("lang", locale);
        element.setAttribute("dir", directionOf(locale));
      },
    })
    .on(SHARE_TAGS, { element: (element) => void element.remove() })
    .on("head", { element: (element) => void element.append(tags, { html: true }) })
    // The landing page's prerendered first screen (shown only at /) and its script give way to this page's.
    .on(`#${FIRST_VIEW_ID}, #${FIRST_VIEW_REVEAL_ID}`, { element: (element) => void element.remove() })
    .on("#root", { element: (element) => void element.before(firstView, { html: true }) })
    .transform(index);
  return new Response(page.body, { status: index.status, headers });
}
