import { useEffect } from "react";
import { Link, useRouteError } from "react-router-dom";
import { Button } from "@web/components/ui/button";
import { MAIN_ID } from "@web/components/ui/skip-link";
import { reloadOnceForMissingChunk } from "@web/lib/chunk-reload";
import { useI18n } from "@web/lib/i18n";

// English sources: worded with `i18n._` where they are shown.
export const PAGE_NOT_LOADED = /*i18n*/ "This page could not be loaded. Check your connection and try again.";
export const SOMETHING_WENT_WRONG = /*i18n*/ "Something went wrong on this page.";

/** A page's code that never arrived (offline, or replaced by a deploy) is told apart from a page that broke. */
function isChunkLoadError(error: unknown) {
  return error instanceof TypeError && /dynamically imported module|module script|Failed to fetch|Load failed/i.test(error.message);
}

/**
 * What a route shows instead of React Router's developer screen when its code cannot load or it throws: words a
 * guest understands and a way on. It sits inside the root layout, so the offline toasts keep working around it.
 */
export function RouteError() {
  const i18n = useI18n();
  const error = useRouteError();
  const offline = isChunkLoadError(error);
  // Online, a chunk that did not load was most likely replaced by a deploy: the page loads again, once.
  useEffect(() => {
    if (offline) reloadOnceForMissingChunk();
  }, [offline]);
  return (
    <main
      id={MAIN_ID}
      tabIndex={-1}
      className="mx-auto flex min-h-dvh w-full max-w-[960px] flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <h1 className="text-xl font-semibold text-slate-900">{offline ? i18n._("Page not loaded") : i18n._("Something went wrong")}</h1>
      <p className="text-slate-600">{i18n._(offline ? PAGE_NOT_LOADED : SOMETHING_WENT_WRONG)}</p>
      <div className="flex gap-3">
        <Button onClick={() => window.location.reload()}>{i18n._("Try again")}</Button>
        <Link
          to="/"
          reloadDocument
          className="inline-flex items-center rounded-lg px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-slate-100"
        >
          {i18n._("Go to the home page")}
        </Link>
      </div>
    </main>
  );
}
