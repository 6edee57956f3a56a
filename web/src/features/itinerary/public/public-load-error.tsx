import { Link } from "react-router-dom";
import { Button } from "@web/components/ui/button";
import { ApiError } from "@web/lib/api-client";

const HOME_LINK =
  "inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white shadow-sm hover:bg-brand-700";

/** The share link's page when its experience cannot be shown: gone (with a way home), or not loaded (try again). */
export function PublicLoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <section className="space-y-4 rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center">
      <h1 className="text-lg font-semibold text-slate-900">{notFound ? "Event not found" : "Error loading event"}</h1>
      <p className="text-sm text-slate-600">
        {notFound ? "The link may be mistyped, or the experience was deleted." : "Check your connection and try again."}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        {!notFound && (
          <Button variant="secondary" className="min-h-11" onClick={onRetry}>
            Try again
          </Button>
        )}
        <Link to="/" className={HOME_LINK}>
          Go to the home page
        </Link>
      </div>
    </section>
  );
}
