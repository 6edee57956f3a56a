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
  plugins: [react(), tailwindcss(), staticHeaders(), apiReference()],
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
