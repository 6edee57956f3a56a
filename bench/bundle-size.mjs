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

/** Whether zod (its schemas, about 22 KB gzipped) is among the JavaScript a first visit to the page downloads. */
export function zodInInitialJs(pageSource) {
  return [...closure(initialModules(pageSource))].some((f) => f.endsWith(".js") && readFileSync(dist + f, "utf8").includes("ZodError"));
}
