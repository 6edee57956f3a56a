// Initial JavaScript of a page: the entry chunk, the app it starts (web/src/app/start.tsx, imported once the first
// view is painted) and the route's lazy chunks, with everything they import statically.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { root } from "../scripts/lib.mjs";

const dist = `${root}dist/client/`;
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, "utf8"));

function closure(keys, seen = new Set()) {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) continue;
    seen.add(chunk.file);
    closure(chunk.imports ?? [], seen);
  }
  return seen;
}

/**
 * What a route loads beside its page (web/src/app/router.tsx): the share page comes with its Join, which its HTML
 * preloads too (vite.config.ts's SHARE_PAGE).
 */
const LOADED_WITH = { "src/features/itinerary/public-itinerary-page.tsx": ["src/features/rsvp/public-join.tsx"] };

const initialModules = (pageSource) => ["index.html", "src/app/start.tsx", pageSource, ...(LOADED_WITH[pageSource] ?? [])];

/** Gzipped KB of the JavaScript a first visit to the page downloads. */
export function initialJsKb(pageSource) {
  const files = closure(initialModules(pageSource));
  const bytes = [...files].filter((f) => f.endsWith(".js")).reduce((sum, f) => sum + gzipSync(readFileSync(dist + f)).length, 0);
  return bytes / 1024;
}

/** The source modules a first visit to the page loads (the manifest's keys), with everything they import statically. */
function closureKeys(keys, seen = new Set()) {
  for (const key of keys) {
    if (!manifest[key] || seen.has(key)) continue;
    seen.add(key);
    closureKeys(manifest[key].imports ?? [], seen);
  }
  return seen;
}

/**
 * Gzipped KB of the words the page loads in `locale` (docs/languages.md): the shared catalog, and the catalog of each
 * feature whose code is in the page's initial JavaScript.
 */
export function wordsKb(pageSource, locale) {
  const features = new Set(
    [...closureKeys(initialModules(pageSource))].map((key) => /^src\/features\/([^/]+)\//.exec(key)?.[1]).filter(Boolean),
  );
  const catalogs = [`src/locales/${locale}.ts`, ...[...features].map((feature) => `src/features/${feature}/locales/${locale}.ts`)];
  const bytes = catalogs
    .filter((key) => manifest[key])
    .reduce((sum, key) => sum + gzipSync(readFileSync(dist + manifest[key].file)).length, 0);
  return bytes / 1024;
}

/** Whether zod (its schemas, about 22 KB gzipped) is among the JavaScript a first visit to the page downloads. */
export function zodInInitialJs(pageSource) {
  return [...closure(initialModules(pageSource))].some((f) => f.endsWith(".js") && readFileSync(dist + f, "utf8").includes("ZodError"));
}

/**
 * The pages issue 37 budgets: their initial JavaScript before the languages (this file's initialJsKb on one
 * `vite build` of 2d53890, the commit before them, Dec 3, 2026), which may grow by 5 KB with the runtime and the page's
 * words in the reader's language. There is no English-only build to measure beside: the languages are in every build,
 * so English is read from this same build as the other locales.
 */
const LANGUAGE_BUDGETS = [
  { label: "/itinerary/:id", source: "src/features/itinerary/public-itinerary-page.tsx", beforeKb: 161.5 },
  { label: "landing page", source: "src/features/landing/landing-page.tsx", beforeKb: 141.8 },
];
const LANGUAGE_GROWTH_KB = 5;
const BUDGET_LOCALES = ["en", "de", "ja", "ar"];

/** Per page and locale: the initial JavaScript plus the page's words, beside the page before the languages and the budget. */
export function languagesReport() {
  return LANGUAGE_BUDGETS.map(({ label, source, beforeKb }) => {
    const js = initialJsKb(source);
    const budget = beforeKb + LANGUAGE_GROWTH_KB;
    const locales = BUDGET_LOCALES.map((locale) => {
      const words = wordsKb(source, locale);
      const total = js + words;
      return `    ${locale.padEnd(3)} ${js.toFixed(1)} + words ${words.toFixed(1)} = ${total.toFixed(1)} KB   +${(total - beforeKb).toFixed(1)} KB   ratio ${(total / budget).toFixed(2)}`;
    });
    return [
      `  ${label}: ${beforeKb.toFixed(1)} KB before the languages (2d53890), budget ${budget.toFixed(1)} KB (+${LANGUAGE_GROWTH_KB} KB with the runtime and the words in the reader's language)`,
      ...locales,
    ].join("\n");
  }).join("\n");
}
