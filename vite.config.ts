import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { experimental_readRawConfig } from "wrangler";
import { aliases } from "./aliases.ts";
import { appImages } from "./scripts/app-images.mjs";
import { prerenderLanding } from "./scripts/prerender-landing.mjs";
import { contentSecurityPolicy, LANDING_REVEAL_SCRIPT_HASH, STRICT_TRANSPORT_SECURITY } from "./worker/lib/content-security-policy.ts";
import { CARD_HEIGHT, CARD_WIDTH, DEFAULT_CARD, shareCardSvg } from "./worker/lib/share-card/card-svg.ts";
import { SCRIPT_FONTS } from "./worker/lib/share-card/script-fonts.ts";
import { FIRST_VIEW_ID, FIRST_VIEW_REVEAL_ID, LANDING_REVEAL_SCRIPT } from "./worker/shared/first-view.ts";

/**
 * The origin the static pages are deployed to: APP_ORIGIN from the build's environment, else the one
 * `npm run deploy` ships to (wrangler.jsonc's env.production.vars). The static CSP names its socket origin.
 */
function deployedOrigin(): string {
  const configured = experimental_readRawConfig({ config: "wrangler.jsonc" }).rawConfig.env?.production?.vars?.APP_ORIGIN;
  const origin = process.env.APP_ORIGIN ?? configured;
  if (typeof origin !== "string" || !URL.canParse(origin)) throw new Error("Set APP_ORIGIN in wrangler.jsonc's env.production.vars");
  return origin;
}

/**
 * Each feature's words load with its code: a module of web/src/features/<name>/ that writes text starts with
 * `registerWords("<name>", catalogs)` (web/src/lib/i18n.ts), which fetches them in the page's language, and each
 * dynamic import of the app's modules is wrapped in `withWords`, which resolves once they are in: so a component never
 * renders before its words, in any language, and a page downloads only the catalogs of the features it shows.
 * `catalogs` (the feature's compiled catalogs, one chunk per locale) comes from a module made here per feature, which
 * travels with the feature's code. No top-level await: one in any module turns off Rolldown's merging of shared
 * chunks for the whole build (each page would download its code in many more, smaller pieces). The added calls stay
 * on their lines, so the source map's lines stay right. The entry (main.tsx) imports the app, which waits for its
 * first language before it renders.
 */
const featureWords = (): Plugin => ({
  name: "feature-words",
  enforce: "pre",
  resolveId: (id) => (id.startsWith("virtual:feature-words/") ? `\0${id}` : undefined),
  load(id) {
    const feature = /^\0virtual:feature-words\/([a-z-]+)$/.exec(id)?.[1];
    if (feature) return `export const catalogs = import.meta.glob("/src/features/${feature}/locales/*.ts");`;
  },
  transform(code, id) {
    const path = /\/web\/src\/(?!main\.tsx$|lib\/i18n\.ts$|.*\.test\.tsx?$|features\/[a-z-]+\/locales\/)[^?]*\.tsx?$/.exec(id)?.[0];
    if (!path) return;
    const imports = dynamicImports(this.parse(code, { lang: path.endsWith("x") ? "tsx" : "ts" }));
    const feature = /\/features\/([a-z-]+)\//.exec(path)?.[1];
    const words = feature !== undefined && /\bi18n\b/.test(code);
    if (!imports.length && !words) return;
    let out = code;
    for (const { start, end } of imports.sort((a, b) => b.start - a.start))
      out = `${out.slice(0, start)}__withWords(${out.slice(start, end)})${out.slice(end)}`;
    const head = [
      `import { registerWords as __registerWords, withWords as __withWords } from "@web/lib/i18n";`,
      words ? `import { catalogs as __catalogs } from "virtual:feature-words/${feature}"; __registerWords("${feature}", __catalogs);` : "",
    ];
    return { code: head.join(" ") + out, map: null };
  },
});

/** The `import(…)` expressions of a module's syntax tree, by their offsets. */
function dynamicImports(node: unknown, found: { start: number; end: number }[] = []) {
  if (Array.isArray(node)) node.forEach((child) => dynamicImports(child, found));
  else if (node && typeof node === "object") {
    const { type, start, end } = node as { type?: string; start?: number; end?: number };
    if (type === "ImportExpression" && start !== undefined && end !== undefined) found.push({ start, end });
    Object.values(node).forEach((child) => dynamicImports(child, found));
  }
  return found;
}

/** The share card's fonts for scripts Inter lacks (worker/lib/share-card/script-fonts.ts), as static assets the Worker reads. */
const scriptFonts = (): Plugin => ({
  name: "script-fonts",
  apply: "build",
  generateBundle() {
    for (const font of SCRIPT_FONTS)
      this.emitFile({
        type: "asset",
        fileName: font.file.slice(1),
        source: readFileSync(createRequire(import.meta.url).resolve(font.source)),
      });
  },
});

/** Static assets get the same security headers as the Worker's own HTML (one CSP, defined in the Worker). */
const staticHeaders = (): Plugin => ({
  name: "static-headers",
  generateBundle() {
    this.emitFile({
      type: "asset",
      fileName: "_headers",
      source: [
        "/*",
        "  X-Content-Type-Options: nosniff",
        "  Referrer-Policy: strict-origin-when-cross-origin",
        "  X-Frame-Options: DENY",
        `  Content-Security-Policy: ${contentSecurityPolicy(deployedOrigin())}`,
        `  Strict-Transport-Security: ${STRICT_TRANSPORT_SECURITY}`,
        "",
        "/assets/*",
        "  Cache-Control: public, max-age=31536000, immutable",
        "",
        // The browser checks the service worker for a new build at each visit: never from a cache.
        "/sw.js",
        "  Cache-Control: no-cache",
        "",
        "/manifest.webmanifest",
        "  Content-Type: application/manifest+json",
        "  Cache-Control: no-cache",
        "",
      ].join("\n"),
    });
    // The build manifest (read by npm run bench for the JavaScript budgets) is not served.
    this.emitFile({ type: "asset", fileName: ".assetsignore", source: ".vite\n_headers\n.assetsignore\n" });
  },
});

/**
 * The share page's route: the page and the Join the router loads with it (web/src/app/router.tsx), whose chunks the
 * Worker names in /itinerary/{id}'s HTML so they load beside the entry. bench/bundle-size.mjs counts the same modules.
 */
const SHARE_PAGE = ["src/features/itinerary/public-itinerary-page.tsx", "src/features/rsvp/public-join.tsx"];
/** The app itself (React, the router, the layouts), which the small entry imports (web/src/main.tsx). */
const APP_START = "src/app/start.tsx";

/**
 * The landing page, rendered at build time, as index.html's first view: hidden, and shown by the CSP-allowed inline
 * script only at / to a visitor with no session; the app replaces it with its own render (web/src/app/first-view-handoff.tsx).
 * Until then it is a picture of the page: inert and hidden from assistive technology, whose users meet the real one.
 */
async function landingFirstView(): Promise<string> {
  if (`sha256-${createHash("sha256").update(LANDING_REVEAL_SCRIPT).digest("base64")}` !== LANDING_REVEAL_SCRIPT_HASH) {
    throw new Error("LANDING_REVEAL_SCRIPT_HASH is not the hash of LANDING_REVEAL_SCRIPT");
  }
  const landing = await prerenderLanding(new URL("./web", import.meta.url).pathname, aliases, [featureWords()]);
  return `<div id="${FIRST_VIEW_ID}" inert aria-hidden="true" hidden>${landing}</div><script id="${FIRST_VIEW_REVEAL_ID}">${LANDING_REVEAL_SCRIPT}</script>`;
}

/**
 * The whole stylesheet (about 12 KB gzipped) goes in the HTML instead of a render-blocking request, the landing page's
 * first view too, and the share page's chunks are listed in route-preloads.json for the Worker to preload.
 */
const firstPaint = (): Plugin => ({
  name: "first-paint",
  apply: "build",
  transformIndexHtml: {
    order: "post",
    async handler(html, { bundle }) {
      const root = '<div id="root"></div>';
      if (!html.includes(root)) throw new Error(`index.html has no ${root}`);
      html = html.replace(root, `${await landingFirstView()}${root}`);
      return html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, file: string) => {
        const css = bundle?.[file];
        return css?.type === "asset" ? `<style>${String(css.source).replaceAll("</style", "<\\/style")}</style>` : tag;
      });
    },
  },
  generateBundle(_, bundle) {
    const chunks = Object.values(bundle).filter((output) => output.type === "chunk");
    const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
    const entry = chunks.find((chunk) => chunk.isEntry);
    const app = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(APP_START));
    const pages = SHARE_PAGE.map((module) => chunks.find((chunk) => chunk.facadeModuleId?.endsWith(module)));
    if (!entry || !app || pages.includes(undefined)) throw new Error(`No chunk for ${APP_START} or one of ${SHARE_PAGE.join(", ")}`);
    const closure = (fileName: string, files = new Set<string>(), skip = new Set<string>()) => {
      if (files.has(fileName) || skip.has(fileName)) return files;
      files.add(fileName);
      byFile.get(fileName)?.imports.forEach((file) => closure(file, files, skip));
      return files;
    };
    // The route's own chunks: not those the entry and the app's start load anyway.
    const loaded = closure(app.fileName, closure(entry.fileName));
    const files = new Set<string>();
    for (const page of pages) closure(page!.fileName, files, loaded);
    this.emitFile({
      type: "asset",
      fileName: "route-preloads.json",
      source: JSON.stringify({ itinerary: [...files].map((f) => `/${f}`) }),
    });
  },
});

/** The API reference page (/docs, served by the Worker) loads Scalar's standalone bundle from the app's own origin. */
const apiReference = (): Plugin => ({
  name: "api-reference",
  generateBundle() {
    const source = readFileSync(new URL("./node_modules/@scalar/api-reference/dist/browser/standalone.js", import.meta.url));
    this.emitFile({ type: "asset", fileName: "docs/scalar.js", source });
  },
});

/**
 * favicon.ico, the touch and manifest icons and the default share card (scripts/app-images.mjs), served by vite dev too.
 * The landing page's link preview shows that card: og:image must be absolute, so it names the deployed origin.
 */
const appImagesPlugin = (): Plugin => {
  let images: Promise<Map<string, Buffer>> | undefined;
  const made = () =>
    (images ??= appImages(
      new URL("./web/public/favicon.svg", import.meta.url).pathname,
      shareCardSvg(DEFAULT_CARD.title, DEFAULT_CARD.detail),
    ));
  return {
    name: "app-images",
    transformIndexHtml: () => {
      const meta = (property: string, content: string) => ({ tag: "meta", attrs: { property, content }, injectTo: "head" as const });
      return [
        meta("og:image", `${deployedOrigin()}${DEFAULT_CARD.path}`),
        meta("og:image:width", String(CARD_WIDTH)),
        meta("og:image:height", String(CARD_HEIGHT)),
        meta("og:image:type", "image/png"),
        meta("og:image:alt", `${DEFAULT_CARD.title}: ${DEFAULT_CARD.detail}`),
        { tag: "meta", attrs: { name: "twitter:card", content: "summary_large_image" }, injectTo: "head" as const },
      ];
    },
    async generateBundle() {
      for (const [fileName, source] of await made()) this.emitFile({ type: "asset", fileName, source });
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const name = request.url?.slice(1) ?? "";
        made().then((files) => {
          const file = files.get(name);
          if (!file) return next();
          response.setHeader("Content-Type", name.endsWith(".ico") ? "image/x-icon" : "image/png");
          response.end(file);
        }, next);
      });
    },
  };
};

/** The brand colour (web/src/index.css --color-brand-600, index.html's theme-color) and the page's background (slate-50). */
const THEME_COLOUR = "#4f46e5";
const BACKGROUND_COLOUR = "#f8fafc";

/** /manifest.webmanifest: what a phone or a desktop browser needs to install the app (its icons: scripts/app-images.mjs). */
const WEB_APP_MANIFEST = {
  id: "/",
  name: "Experiences",
  short_name: "Experiences",
  description: "Itineraries, guests and live updates for multi-day events.",
  lang: "en",
  start_url: "/",
  scope: "/",
  display: "standalone" as const,
  theme_color: THEME_COLOUR,
  background_color: BACKGROUND_COLOUR,
  icons: [
    { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
    { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
    { src: "/icon-512-maskable.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
  ],
};

/**
 * The service worker at /sw.js (web/src/sw/sw.ts, built by vite-plugin-pwa's injectManifest as one classic script) and
 * the web app manifest. It precaches the app's shell: index.html, the JavaScript and CSS, the icons and the manifest;
 * never /demo, /templates, /docs, the share card or the check-in scanner's 1 MB WebAssembly (docs/offline.md).
 * Registered at the app's start (web/src/lib/service-worker.ts), so no register script is injected.
 */
const progressiveWebApp = () =>
  VitePWA({
    strategies: "injectManifest",
    srcDir: "src/sw",
    filename: "sw.ts",
    injectRegister: false,
    manifestFilename: "manifest.webmanifest",
    manifest: WEB_APP_MANIFEST,
    includeManifestIcons: false,
    injectManifest: {
      rollupFormat: "iife",
      globPatterns: ["index.html", "assets/*.{js,css,woff2}", "favicon.{ico,svg}", "icon-192.png", "apple-touch-icon.png"],
    },
  });

// Vite builds only the SPA; wrangler bundles the Worker and serves dist/client as its static assets.
// In `npm run dev` the Vite server proxies the Worker's paths to `wrangler dev`.
const worker = `http://localhost:${process.env.WORKER_PORT ?? 8787}`;

// Each build's own id: a participant's kept query cache from an older build is dropped (web/src/lib/offline-cache.ts).
process.env.VITE_BUILD_ID ??= Date.now().toString(36);

export default defineConfig({
  root: "web",
  publicDir: "public",
  resolve: { alias: aliases },
  plugins: [
    featureWords(),
    react(),
    tailwindcss(),
    staticHeaders(),
    apiReference(),
    appImagesPlugin(),
    scriptFonts(),
    firstPaint(),
    progressiveWebApp(),
  ],
  build: {
    outDir: "../dist/client",
    emptyOutDir: true,
    manifest: true,
    target: "es2022",
  },
  server: {
    proxy: {
      "/auth": worker,
      "/oapi": worker,
      "/dev": worker,
      "/files": worker,
      "/mail-pictures": worker,
      "/itinerary/": worker,
      "/api": { target: worker, ws: true },
    },
  },
});
