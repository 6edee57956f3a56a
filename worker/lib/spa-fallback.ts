import type { Context } from "hono";
import type { AppEnv } from "@worker/env";

/** The Worker's own prefixes: what they do not answer is not found, in JSON as all their errors are. */
const API_PREFIXES = ["/api", "/oapi", "/files", "/auth", "/dev"];

const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/**
 * Whether a path names a file rather than a page: the Worker's own paths, the build's /assets, and anything whose last
 * segment has an extension (/favicon.ico, /og-default.png). Such a path that does not exist answers 404, never the app.
 */
export const namesFile = (pathname: string) =>
  [...API_PREFIXES, "/assets"].some((prefix) => under(pathname, prefix)) || /\.[^/]*$/.test(pathname.slice(pathname.lastIndexOf("/")));

/**
 * What no route and no static asset answers (wrangler.jsonc: not_found_handling "none"). A page route gets the app's
 * index.html, which shows its own not-found page where the route is unknown; a path that names a file gets 404.
 */
export async function spaFallback(c: Context<AppEnv>): Promise<Response> {
  const { pathname } = new URL(c.req.url);
  if (API_PREFIXES.some((prefix) => under(pathname, prefix))) return c.json({ error: c.var.i18n._(/*i18n*/ "Not found") }, 404);
  if (namesFile(pathname) || !["GET", "HEAD"].includes(c.req.method)) return c.text("Not found", 404);
  // "/" rather than "/index.html", which the assets' default html_handling answers with a redirect to "/".
  const index = await c.env.ASSETS.fetch(new Request(new URL("/", c.req.url), { method: c.req.method }));
  return new Response(index.body, index);
}
