// Imported by vite.config.ts too (the static assets' _headers), so it imports nothing (Vite's config loader wants
// every relative import spelled with its extension, which the Worker's TypeScript settings refuse).
// Google Identity Services is the only third-party script; images and media may come from image hosts.
// 'wasm-unsafe-eval' lets the check-in scanner compile its QR reader (zxing-wasm, served from 'self'); it allows
// WebAssembly only, never eval() of text.

/**
 * The app's own WebSocket origin (ws: beside http:, wss: beside https:). CSP Level 3 lets 'self' match it,
 * but Safari before 15.5 does not, so it is named as well; the live socket never goes anywhere else.
 */
function socketOrigin(appOrigin: string): string {
  const url = new URL(appOrigin);
  return `${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}`;
}

/** The one inline script, LANDING_REVEAL_SCRIPT (first-view.ts): the build and a test check this hash against it. */
export const LANDING_REVEAL_SCRIPT_HASH = "sha256-VwKSiEgpCpYiJhQlEzmZ6iw3cYhoG1A0OFnmuTO0GQQ=";

/** The policy for the app's pages served from `appOrigin`. */
export function contentSecurityPolicy(appOrigin: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'wasm-unsafe-eval' '${LANDING_REVEAL_SCRIPT_HASH}' https://accounts.google.com/gsi/client`,
    "style-src 'self' 'unsafe-inline' https://accounts.google.com/gsi/style",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    "font-src 'self' data:",
    `connect-src 'self' ${socketOrigin(appOrigin)} https://accounts.google.com/gsi/`,
    "frame-src https://accounts.google.com/gsi/",
    // The service worker (/sw.js) and the web app manifest come from the app's own origin only.
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** HSTS for HTTPS responses (browsers ignore it over plain http, as in local development). */
export const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains; preload";
