import { config } from "zod/v4/core";

// zod compiles object parsers with `new Function` unless told not to, and even its check for whether it may is
// an eval the page's CSP refuses (script-src has no 'unsafe-eval'): Chromium lists it in its Issues panel.
config({ jitless: true });
