import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { readFileSync } from "node:fs";
import { defineConfig, type Plugin } from "vite";
import { experimental_readRawConfig } from "wrangler";
import { contentSecurityPolicy, STRICT_TRANSPORT_SECURITY } from "./worker/lib/content-security-policy.ts";

/**
 * The origin the static pages are deployed to: APP_ORIGIN from the build's environment, else the one
 * `npm run deploy` ships to (wrangler.toml's [env.production.vars]). The static CSP names its socket origin.
 */
function deployedOrigin(): string {
  const configured = experimental_readRawConfig({ config: "wrangler.toml" }).rawConfig.env?.production?.vars?.APP_ORIGIN;
  const origin = process.env.APP_ORIGIN ?? configured;
  if (typeof origin !== "string" || !URL.canParse(origin)) throw new Error("Set APP_ORIGIN in wrangler.toml's [env.production.vars]");
  return origin;
}

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
      ].join("\n"),
    });
    // The build manifest (read by npm run bench for the JavaScript budgets) is not served.
    this.emitFile({ type: "asset", fileName: ".assetsignore", source: ".vite\n_headers\n.assetsignore\n" });
  },
});

/** The share page's route, whose chunks the Worker names in /itinerary/{id}'s HTML so they load beside the entry. */
const SHARE_PAGE = "src/features/itinerary/public-itinerary-page.tsx";

/**
 * The whole stylesheet (about 12 KB gzipped) goes in the HTML instead of a render-blocking request, and the share
 * page's chunks are listed in route-preloads.json for the Worker to preload.
 */
const firstPaint = (): Plugin => ({
  name: "first-paint",
  apply: "build",
  transformIndexHtml: {
    order: "post",
    handler(html, { bundle }) {
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
    const page = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(SHARE_PAGE));
    if (!entry || !page) throw new Error(`No chunk for ${SHARE_PAGE}`);
    const files = new Set<string>();
    const visit = (fileName: string) => {
      if (files.has(fileName) || fileName === entry.fileName || entry.imports.includes(fileName)) return;
      files.add(fileName);
      byFile.get(fileName)?.imports.forEach(visit);
    };
    visit(page.fileName);
    this.emitFile({ type: "asset", fileName: "route-preloads.json", source: JSON.stringify({ itinerary: [...files].map((f) => `/${f}`) }) });
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

// Vite builds only the SPA; wrangler bundles the Worker and serves dist/client as its static assets.
// In `npm run dev` the Vite server proxies the Worker's paths to `wrangler dev`.
const worker = `http://localhost:${process.env.WORKER_PORT ?? 8787}`;

export default defineConfig({
  root: "web",
  publicDir: "public",
  plugins: [react(), tailwindcss(), staticHeaders(), apiReference(), firstPaint()],
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
      "/itinerary/": worker,
      "/api": { target: worker, ws: true },
    },
  },
});
