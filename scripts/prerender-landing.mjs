// The landing page rendered to HTML at build time (react-dom/server through Vite's SSR module loader), which the
// build puts in index.html as its static first view: a signed-out visitor at / sees it before any JavaScript runs.
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { createServer } from "vite";

/**
 * The landing page (its layout's top bar included) as HTML, as the app renders it at / for a signed-out visitor, in
 * English (a visitor in another language sees it until the app has loaded theirs). `plugins`: the build's own that
 * the modules need (the features' words).
 */
export async function prerenderLanding(root, alias, plugins = []) {
  const server = await createServer({
    root,
    resolve: { alias },
    plugins,
    configFile: false,
    logLevel: "error",
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: "custom",
  });
  // The API client is made at import with the page's origin; nothing else of the browser is needed to render.
  globalThis.window = { location: new URL("http://prerender.invalid/") };
  try {
    const { activateLanguage, withWords } = await server.ssrLoadModule("/src/lib/i18n.ts");
    await activateLanguage("en");
    const [{ LandingLayout }, { LandingPage }] = await Promise.all([
      withWords(server.ssrLoadModule("/src/app/layouts.tsx")),
      withWords(server.ssrLoadModule("/src/features/landing/landing-page.tsx")),
    ]);
    delete globalThis.window;
    const html = renderToString(
      h(
        MemoryRouter,
        { initialEntries: ["/"] },
        h(Routes, null, h(Route, { element: h(LandingLayout) }, h(Route, { path: "*", element: h(LandingPage) }))),
      ),
    );
    // What tests and scripts find the page by belongs to the page React renders, not to its picture.
    return html.replaceAll(/ data-testid="[^"]*"/g, "");
  } finally {
    delete globalThis.window;
    await server.close();
  }
}
