// Imported by vite.config.ts too (the static assets' _headers), so it stays free of Worker imports.
// Google Identity Services is the only third-party script; images and media may come from image hosts.
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' https://accounts.google.com/gsi/client",
  "style-src 'self' 'unsafe-inline' https://accounts.google.com/gsi/style",
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob: https:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss: https://accounts.google.com/gsi/",
  "frame-src https://accounts.google.com/gsi/",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** HSTS for HTTPS responses (browsers ignore it over plain http, as in local development). */
export const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains; preload";
