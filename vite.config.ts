import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { CONTENT_SECURITY_POLICY, STRICT_TRANSPORT_SECURITY } from "./worker/lib/content-security-policy.ts";

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
        `  Content-Security-Policy: ${CONTENT_SECURITY_POLICY}`,
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

// Vite builds only the SPA; wrangler bundles the Worker and serves dist/client as its static assets.
// In `npm run dev` the Vite server proxies the Worker's paths to `wrangler dev`.
const worker = `http://localhost:${process.env.WORKER_PORT ?? 8787}`;

export default defineConfig({
  root: "web",
  publicDir: "public",
  plugins: [react(), tailwindcss(), staticHeaders()],
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
